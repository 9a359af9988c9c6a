import type { CycleCreateBody, CycleUpdateBody } from '../../api-shapes/cycle.js';
import type { ModuleCreateBody, ModuleUpdateBody } from '../../api-shapes/module.js';
import type { PageCreateBody } from '../../api-shapes/page.js';
import type { AddIssuesBody } from '../../api-shapes/planning.js';
import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';
import type { Cycle, CycleDetail, CycleProgress, IssueRow, Module, ModuleDetail, PageDetail, PageListType, PageSummary } from './types.js';

export type { PageListType } from './types.js';

/** The wire types of each kind of group of issues: as listed, as read one by one, and the bodies creating and changing one. */
export interface PlanningTypes {
  cycles: { item: Cycle; detail: CycleDetail; create: CycleCreateBody; update: CycleUpdateBody };
  modules: { item: Module; detail: ModuleDetail; create: ModuleCreateBody; update: ModuleUpdateBody };
}

/** A kind of group of a project's issues: `cycles` or `modules`, as their paths name them. */
export type PlanningKindName = keyof PlanningTypes;

/** The path segment of a group's issues. */
const ISSUES_SEGMENT: Record<PlanningKindName, string> = { cycles: 'cycle-issues', modules: 'module-issues' };

/** The calls on a project's cycles or modules: the same paths under `…/{kind}`, with the kind's types. */
function groupApi<K extends PlanningKindName>(client: ApiClient, kind: K) {
  type Types = PlanningTypes[K];
  const all = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/${kind}`;
  const one = (slug: string, projectId: string, id: string) => `${all(slug, projectId)}/${encodeURIComponent(id)}`;
  const issues = (slug: string, projectId: string, id: string) => `${one(slug, projectId, id)}/${ISSUES_SEGMENT[kind]}`;
  return {
    list: (slug: string, projectId: string) => client.request<Types['item'][]>('GET', all(slug, projectId)),
    get: (slug: string, projectId: string, id: string) => client.request<Types['detail']>('GET', one(slug, projectId, id)),
    create: (slug: string, projectId: string, input: Types['create']) => client.request<Types['item']>('POST', all(slug, projectId), { body: input }),
    update: (slug: string, projectId: string, id: string, input: Types['update']) =>
      client.request<Types['item']>('PATCH', one(slug, projectId, id), { body: input }),
    remove: (slug: string, projectId: string, id: string) => client.request<void>('DELETE', one(slug, projectId, id)),
    issues: (slug: string, projectId: string, id: string) => client.request<IssueRow[]>('GET', issues(slug, projectId, id)),
    addIssues: (slug: string, projectId: string, id: string, issueIds: string[]) =>
      client.request<IssueRow[]>('POST', issues(slug, projectId, id), { body: { issues: issueIds } satisfies AddIssuesBody }),
    removeIssue: (slug: string, projectId: string, id: string, issueId: string) =>
      client.request<void>('DELETE', `${issues(slug, projectId, id)}/${encodeURIComponent(issueId)}`),
  };
}

/** The calls on one kind of group (a project's cycles or its modules). */
export type PlanningGroupApi<K extends PlanningKindName> = ReturnType<typeof groupApi<K>>;

/** A project's cycles and modules (`group(kind)`, one set of calls for both), and its pages as their list screen reads them. */
export function planningApi(client: ApiClient) {
  return {
    group: <K extends PlanningKindName>(kind: K): PlanningGroupApi<K> => groupApi(client, kind),
    /** A cycle's burn-down (scope and completed issues per day) and its issues by priority. */
    cycleProgress: (slug: string, projectId: string, cycleId: string) =>
      client.request<CycleProgress>('GET', `${projectPath(slug, projectId)}/cycles/${encodeURIComponent(cycleId)}/progress`),
    /** Moves an ended cycle's issues not done with to another cycle; answers how many moved. */
    transferCycleIssues: (slug: string, projectId: string, cycleId: string, newCycleId: string) =>
      client.request<{ transferred: number }>('POST', `${projectPath(slug, projectId)}/cycles/${encodeURIComponent(cycleId)}/transfer-issues`, {
        body: { new_cycle_id: newCycleId },
      }),
    pages: (slug: string, projectId: string, type?: PageListType) =>
      client.request<PageSummary[]>('GET', `${projectPath(slug, projectId)}/pages`, { query: { type } }),
    createPage: (slug: string, projectId: string, input: PageCreateBody) =>
      client.request<PageDetail>('POST', `${projectPath(slug, projectId)}/pages`, { body: input }),
  };
}
