import type { DescriptionSave } from '../../api-shapes/description.js';
import type { PageUpdateBody } from '../../api-shapes/page.js';
import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';
import type { Description, PageDetail } from './types.js';

export type { PageDetail } from './types.js';

const pagePath = (slug: string, projectId: string, pageId: string) => `${projectPath(slug, projectId)}/pages/${encodeURIComponent(pageId)}`;

/** One page of a project: read, rename or change access, archive, restore, delete, and its content by version. */
export function pagesApi(client: ApiClient) {
  return {
    get: (slug: string, projectId: string, pageId: string) => client.request<PageDetail>('GET', pagePath(slug, projectId, pageId)),
    update: (slug: string, projectId: string, pageId: string, input: PageUpdateBody) =>
      client.request<PageDetail>('PATCH', pagePath(slug, projectId, pageId), { body: input }),
    archive: (slug: string, projectId: string, pageId: string) => client.request<PageDetail>('POST', `${pagePath(slug, projectId, pageId)}/archive`),
    restore: (slug: string, projectId: string, pageId: string) => client.request<PageDetail>('POST', `${pagePath(slug, projectId, pageId)}/restore`),
    remove: (slug: string, projectId: string, pageId: string) => client.request<void>('DELETE', pagePath(slug, projectId, pageId)),
    saveDescription: (slug: string, projectId: string, pageId: string, input: DescriptionSave) =>
      client.request<Description>('PUT', `${pagePath(slug, projectId, pageId)}/description`, { body: input }),
  };
}
