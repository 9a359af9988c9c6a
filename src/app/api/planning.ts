import type { CycleCreateBody, CycleUpdateBody } from '../../api-shapes/cycle.js';
import type { ModuleCreateBody, ModuleUpdateBody } from '../../api-shapes/module.js';
import type { PageCreateBody } from '../../api-shapes/page.js';
import type { AddIssuesBody } from '../../api-shapes/planning.js';
import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';
import type { Cycle, CycleDetail, IssueRow, Module, ModuleDetail, PageDetail, PageListType, PageSummary } from './types.js';

export type { PageListType } from './types.js';

/** What editing a cycle sends (the server's body shape; creating one also needs its name). */
export type CycleInput = CycleUpdateBody;

/** What editing a module sends (the server's body shape; creating one also needs its name). */
export type ModuleInput = ModuleUpdateBody;

/** The body adding issues to a cycle or module. */
const addIssues = (issueIds: string[]): AddIssuesBody => ({ issues: issueIds });

const group = (slug: string, projectId: string, kind: 'cycles' | 'modules', id: string) =>
  `${projectPath(slug, projectId)}/${kind}/${encodeURIComponent(id)}`;
const groupIssues = (slug: string, projectId: string, kind: 'cycles' | 'modules', id: string) =>
  `${group(slug, projectId, kind, id)}/${kind === 'cycles' ? 'cycle-issues' : 'module-issues'}`;

/** A project's cycles, modules and pages, as their list screens read them. */
export function planningApi(client: ApiClient) {
  return {
    cycles: (slug: string, projectId: string) => client.request<Cycle[]>('GET', `${projectPath(slug, projectId)}/cycles`),
    cycle: (slug: string, projectId: string, cycleId: string) =>
      client.request<CycleDetail>('GET', `${projectPath(slug, projectId)}/cycles/${encodeURIComponent(cycleId)}`),
    createCycle: (slug: string, projectId: string, input: CycleCreateBody) =>
      client.request<Cycle>('POST', `${projectPath(slug, projectId)}/cycles`, { body: input }),
    updateCycle: (slug: string, projectId: string, cycleId: string, input: CycleInput) =>
      client.request<Cycle>('PATCH', group(slug, projectId, 'cycles', cycleId), { body: input }),
    deleteCycle: (slug: string, projectId: string, cycleId: string) => client.request<void>('DELETE', group(slug, projectId, 'cycles', cycleId)),
    cycleIssues: (slug: string, projectId: string, cycleId: string) => client.request<IssueRow[]>('GET', groupIssues(slug, projectId, 'cycles', cycleId)),
    addCycleIssues: (slug: string, projectId: string, cycleId: string, issueIds: string[]) =>
      client.request<IssueRow[]>('POST', groupIssues(slug, projectId, 'cycles', cycleId), { body: addIssues(issueIds) }),
    removeCycleIssue: (slug: string, projectId: string, cycleId: string, issueId: string) =>
      client.request<void>('DELETE', `${groupIssues(slug, projectId, 'cycles', cycleId)}/${encodeURIComponent(issueId)}`),
    modules: (slug: string, projectId: string) => client.request<Module[]>('GET', `${projectPath(slug, projectId)}/modules`),
    module: (slug: string, projectId: string, moduleId: string) =>
      client.request<ModuleDetail>('GET', `${projectPath(slug, projectId)}/modules/${encodeURIComponent(moduleId)}`),
    createModule: (slug: string, projectId: string, input: ModuleCreateBody) =>
      client.request<Module>('POST', `${projectPath(slug, projectId)}/modules`, { body: input }),
    updateModule: (slug: string, projectId: string, moduleId: string, input: ModuleInput) =>
      client.request<Module>('PATCH', group(slug, projectId, 'modules', moduleId), { body: input }),
    deleteModule: (slug: string, projectId: string, moduleId: string) => client.request<void>('DELETE', group(slug, projectId, 'modules', moduleId)),
    moduleIssues: (slug: string, projectId: string, moduleId: string) => client.request<IssueRow[]>('GET', groupIssues(slug, projectId, 'modules', moduleId)),
    addModuleIssues: (slug: string, projectId: string, moduleId: string, issueIds: string[]) =>
      client.request<IssueRow[]>('POST', groupIssues(slug, projectId, 'modules', moduleId), { body: addIssues(issueIds) }),
    removeModuleIssue: (slug: string, projectId: string, moduleId: string, issueId: string) =>
      client.request<void>('DELETE', `${groupIssues(slug, projectId, 'modules', moduleId)}/${encodeURIComponent(issueId)}`),
    pages: (slug: string, projectId: string, type?: PageListType) =>
      client.request<PageSummary[]>('GET', `${projectPath(slug, projectId)}/pages`, { query: { type } }),
    createPage: (slug: string, projectId: string, input: PageCreateBody) =>
      client.request<PageDetail>('POST', `${projectPath(slug, projectId)}/pages`, { body: input }),
  };
}
