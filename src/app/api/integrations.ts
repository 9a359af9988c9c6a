import type { Integration, IntegrationWithSecret } from '../../api-shapes/integration.js';
import type { ApiClient } from './client.js';

const integrationsPath = (slug: string, projectId: string, id?: string) =>
  `/workspaces/${encodeURIComponent(slug)}/projects/${encodeURIComponent(projectId)}/integrations${id ? `/${encodeURIComponent(id)}` : ''}`;

/** A project's integrations: members list them; admins connect GitHub (the answer holds its secret, shown once), renew the secret, disconnect. */
export function integrationsApi(client: ApiClient) {
  return {
    list: (slug: string, projectId: string) => client.request<Integration[]>('GET', integrationsPath(slug, projectId)),
    connectGitHub: (slug: string, projectId: string) => client.request<IntegrationWithSecret>('POST', integrationsPath(slug, projectId), { body: { provider: 'github' } }),
    renewSecret: (slug: string, projectId: string, id: string) => client.request<IntegrationWithSecret>('POST', `${integrationsPath(slug, projectId, id)}/secret`),
    disconnect: (slug: string, projectId: string, id: string) => client.request<void>('DELETE', integrationsPath(slug, projectId, id)),
  };
}
