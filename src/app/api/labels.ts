import type { LabelCreateBody, LabelUpdateBody } from '../../api-shapes/label.js';
import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';
import type { Label } from './types.js';

const labelsPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/labels`;

/** A project's labels: listed for the issue pickers, managed in the project's settings. */
export function labelsApi(client: ApiClient) {
  return {
    list: (slug: string, projectId: string) => client.request<Label[]>('GET', labelsPath(slug, projectId)),
    create: (slug: string, projectId: string, input: LabelCreateBody) => client.request<Label>('POST', labelsPath(slug, projectId), { body: input }),
    update: (slug: string, projectId: string, labelId: string, input: LabelUpdateBody) =>
      client.request<Label>('PATCH', `${labelsPath(slug, projectId)}/${encodeURIComponent(labelId)}`, { body: input }),
    remove: (slug: string, projectId: string, labelId: string) => client.request<void>('DELETE', `${labelsPath(slug, projectId)}/${encodeURIComponent(labelId)}`),
  };
}
