import type { ApiClient } from './client.js';
import { issuePath } from './issues.js';
import type { Link } from './types.js';

/** What the link dialog sends. */
export interface LinkInput {
  url: string;
  title?: string | null;
}

/** An issue's links. */
export function issueLinksApi(client: ApiClient) {
  const links = (slug: string, projectId: string, issueId: string) => `${issuePath(slug, projectId, issueId)}/links`;
  return {
    list: (slug: string, projectId: string, issueId: string) => client.request<Link[]>('GET', links(slug, projectId, issueId)),
    create: (slug: string, projectId: string, issueId: string, input: LinkInput) =>
      client.request<Link>('POST', links(slug, projectId, issueId), { body: input }),
    update: (slug: string, projectId: string, issueId: string, linkId: string, input: Partial<LinkInput>) =>
      client.request<Link>('PATCH', `${links(slug, projectId, issueId)}/${encodeURIComponent(linkId)}`, { body: input }),
    remove: (slug: string, projectId: string, issueId: string, linkId: string) =>
      client.request<void>('DELETE', `${links(slug, projectId, issueId)}/${encodeURIComponent(linkId)}`),
  };
}
