import type { SavedViewCreateBody, SavedViewUpdateBody } from '../../api-shapes/saved-view.js';
import type { ApiClient } from './client.js';
import type { SavedView } from './types.js';

const viewsPath = (slug: string, viewId?: string) => `/workspaces/${encodeURIComponent(slug)}/views${viewId ? `/${encodeURIComponent(viewId)}` : ''}`;

/** Saved views of issue lists: a project's (or the workspace's) list, read, save, change, delete. */
export function savedViewsApi(client: ApiClient) {
  return {
    /** The views of `projectId` the caller sees (their own and shared ones); the workspace's without one. */
    list: (slug: string, projectId?: string) => client.request<SavedView[]>('GET', viewsPath(slug), { query: { project_id: projectId } }),
    get: (slug: string, viewId: string) => client.request<SavedView>('GET', viewsPath(slug, viewId)),
    create: (slug: string, input: SavedViewCreateBody) => client.request<SavedView>('POST', viewsPath(slug), { body: input }),
    update: (slug: string, viewId: string, changes: SavedViewUpdateBody) => client.request<SavedView>('PATCH', viewsPath(slug, viewId), { body: changes }),
    remove: (slug: string, viewId: string) => client.request<void>('DELETE', viewsPath(slug, viewId)),
  };
}
