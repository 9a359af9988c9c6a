import type { ApiTokenCreateBody } from '../../api-shapes/api-token.js';
import type { ApiClient } from './client.js';
import type { ApiToken, CreatedApiToken, MemberApiToken } from './types.js';

const tokensPath = (slug: string, tokenId?: string) => `/workspaces/${encodeURIComponent(slug)}/api-tokens${tokenId ? `/${encodeURIComponent(tokenId)}` : ''}`;

/** The caller's personal API tokens in a workspace: list (never their secrets), make one (its secret in the answer, once), revoke; for admins, the other members' tokens too. */
export function apiTokensApi(client: ApiClient) {
  return {
    list: (slug: string) => client.request<ApiToken[]>('GET', tokensPath(slug)),
    create: (slug: string, input: ApiTokenCreateBody) => client.request<CreatedApiToken>('POST', tokensPath(slug), { body: input }),
    members: (slug: string) => client.request<MemberApiToken[]>('GET', `${tokensPath(slug)}/members`),
    revoke: (slug: string, tokenId: string) => client.request<void>('DELETE', tokensPath(slug, tokenId)),
  };
}
