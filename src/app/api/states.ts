import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';
import type { State } from './types.js';

/** A project's workflow states. */
export function statesApi(client: ApiClient) {
  return {
    list: (slug: string, projectId: string) => client.request<State[]>('GET', `${projectPath(slug, projectId)}/states`),
  };
}
