import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';
import type { Cycle, Module, PageSummary } from './types.js';

/** The page lists (spec: pages private, public, archived). */
export type PageListType = 'private' | 'public' | 'archived';

/** A project's cycles, modules and pages, as their list screens read them. */
export function planningApi(client: ApiClient) {
  return {
    cycles: (slug: string, projectId: string) => client.request<Cycle[]>('GET', `${projectPath(slug, projectId)}/cycles`),
    cycle: (slug: string, projectId: string, cycleId: string) =>
      client.request<Cycle>('GET', `${projectPath(slug, projectId)}/cycles/${encodeURIComponent(cycleId)}`),
    createCycle: (slug: string, projectId: string, input: { name: string }) => client.request<Cycle>('POST', `${projectPath(slug, projectId)}/cycles`, { body: input }),
    modules: (slug: string, projectId: string) => client.request<Module[]>('GET', `${projectPath(slug, projectId)}/modules`),
    module: (slug: string, projectId: string, moduleId: string) =>
      client.request<Module>('GET', `${projectPath(slug, projectId)}/modules/${encodeURIComponent(moduleId)}`),
    createModule: (slug: string, projectId: string, input: { name: string }) => client.request<Module>('POST', `${projectPath(slug, projectId)}/modules`, { body: input }),
    pages: (slug: string, projectId: string, type?: PageListType) =>
      client.request<PageSummary[]>('GET', `${projectPath(slug, projectId)}/pages`, { query: { type } }),
    createPage: (slug: string, projectId: string, input: { name: string; access?: 'private' | 'public' }) =>
      client.request<PageSummary>('POST', `${projectPath(slug, projectId)}/pages`, { body: input }),
  };
}
