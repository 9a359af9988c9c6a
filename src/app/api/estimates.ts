import type { EstimateUpdateBody } from '../../api-shapes/estimate.js';
import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';
import type { Estimate } from './types.js';

const estimatePath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/estimate`;

/** A project's estimate system: read for the issue pickers and rows, changed in the project's settings. */
export function estimatesApi(client: ApiClient) {
  return {
    get: (slug: string, projectId: string) => client.request<Estimate>('GET', estimatePath(slug, projectId)),
    update: (slug: string, projectId: string, input: EstimateUpdateBody) => client.request<Estimate>('PATCH', estimatePath(slug, projectId), { body: input }),
  };
}
