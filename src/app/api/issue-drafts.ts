import type { IssueDraftCreateBody, IssueDraftUpdateBody } from '../../api-shapes/issue-draft.js';
import type { ApiClient } from './client.js';
import type { IssueDetail, IssueDraft } from './types.js';

/** What saving a new draft sends (the server's body shape). */
export type IssueDraftInput = IssueDraftCreateBody;

/** What changing a draft sends. */
export type IssueDraftChanges = IssueDraftUpdateBody;

const draftsPath = (slug: string, draftId?: string) =>
  `/workspaces/${encodeURIComponent(slug)}/issue-drafts${draftId ? `/${encodeURIComponent(draftId)}` : ''}`;

/** The signed-in user's issue drafts in a workspace: list, read, save, change, delete, and publish as an issue. */
export function issueDraftsApi(client: ApiClient) {
  return {
    list: (slug: string) => client.request<IssueDraft[]>('GET', draftsPath(slug)),
    get: (slug: string, draftId: string) => client.request<IssueDraft>('GET', draftsPath(slug, draftId)),
    create: (slug: string, input: IssueDraftInput) => client.request<IssueDraft>('POST', draftsPath(slug), { body: input }),
    update: (slug: string, draftId: string, changes: IssueDraftChanges) => client.request<IssueDraft>('PATCH', draftsPath(slug, draftId), { body: changes }),
    remove: (slug: string, draftId: string) => client.request<void>('DELETE', draftsPath(slug, draftId)),
    /** Creates the issue from the draft as it is stored, and removes the draft. */
    publish: (slug: string, draftId: string) => client.request<IssueDetail>('POST', `${draftsPath(slug, draftId)}/publish`),
  };
}
