import type { Automation } from '../../api-shapes/automation.js';
import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';

const automationPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/automations`;

/** A project's automations: read and set in its settings. */
export function automationsApi(client: ApiClient) {
  return {
    get: (slug: string, projectId: string) => client.request<Automation>('GET', automationPath(slug, projectId)),
    save: (slug: string, projectId: string, automation: Automation) => client.request<Automation>('PUT', automationPath(slug, projectId), { body: automation }),
  };
}
