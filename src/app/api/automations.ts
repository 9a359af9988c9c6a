import type { Automation, AutomationPreview } from '../../api-shapes/automation.js';
import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';

const automationPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/automations`;

/** A project's automations: read and set in its settings. */
export function automationsApi(client: ApiClient) {
  return {
    get: (slug: string, projectId: string) => client.request<Automation>('GET', automationPath(slug, projectId)),
    save: (slug: string, projectId: string, automation: Automation) => client.request<Automation>('PUT', automationPath(slug, projectId), { body: automation }),
    /** How many issues `automation` would archive and close if it ran now (project admins, before saving). */
    preview: (slug: string, projectId: string, { archive_in, close_in }: Pick<Automation, 'archive_in' | 'close_in'>) =>
      client.request<AutomationPreview>('GET', `${automationPath(slug, projectId)}/preview`, { query: { archive_in, close_in } }),
  };
}
