import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';

/** A label of a project. */
export interface Label {
  id: string;
  project_id: string;
  name: string;
  color: string;
  sort_order: number;
}

/** A project's labels. */
export function labelsApi(client: ApiClient) {
  return {
    list: (slug: string, projectId: string) => client.request<Label[]>('GET', `${projectPath(slug, projectId)}/labels`),
  };
}
