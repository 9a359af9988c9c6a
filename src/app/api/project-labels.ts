import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';

/** A project's label. */
export interface ProjectLabel {
  id: string;
  project_id: string;
  name: string;
  color: string;
  sort_order: number;
}

const labelsPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/labels`;

/** A project's labels, as its settings manage them. */
export function projectLabelsApi(client: ApiClient) {
  return {
    list: (slug: string, projectId: string) => client.request<ProjectLabel[]>('GET', labelsPath(slug, projectId)),
    create: (slug: string, projectId: string, input: { name: string; color?: string }) =>
      client.request<ProjectLabel>('POST', labelsPath(slug, projectId), { body: input }),
    remove: (slug: string, projectId: string, labelId: string) => client.request<void>('DELETE', `${labelsPath(slug, projectId)}/${encodeURIComponent(labelId)}`),
  };
}
