import type { ApiClient } from './client.js';
import type { UploadedAsset } from './types.js';

/**
 * The asset id in an uploaded file's address (`/api/workspaces/file-assets/{workspaceId}/{assetId}`,
 * absolute or not), or null when the address is not one of ours (an image pasted from elsewhere).
 */
export function assetIdFromUrl(src: string): string | null {
  return idInAddress(src, /^\/api\/workspaces\/file-assets\/[0-9a-f-]{36}\/([0-9a-f-]{36})\/?$/i);
}

/** The asset id in a user's own upload's address (`/api/users/file-assets/{assetId}`), or null when it is not one. */
export function userAssetIdFromUrl(src: string): string | null {
  return idInAddress(src, /^\/api\/users\/file-assets\/([0-9a-f-]{36})\/?$/i);
}

/** The first group of `pattern` matched against the path of `src` (absolute or not), or null. */
function idInAddress(src: string, pattern: RegExp): string | null {
  let path: string;
  try {
    path = new URL(src, 'http://app.invalid').pathname;
  } catch {
    return null;
  }
  return pattern.exec(path)?.[1] ?? null;
}

/** The ids of our uploaded images in rich text (parsed inert: nothing in it loads or runs). */
export function assetIdsInHtml(html: string): string[] {
  const images = new DOMParser().parseFromString(html, 'text/html').querySelectorAll('img[src]');
  const ids = [...images].map((image) => assetIdFromUrl(image.getAttribute('src')!)).filter((id): id is string => id !== null);
  return [...new Set(ids)];
}

/** Workspace uploads (spec section 7): upload, delete and restore, and tying images uploaded before their issue existed to it. */
export function fileAssetsApi(client: ApiClient) {
  return {
    upload: (slug: string, file: File, attributes: Record<string, unknown> = {}, signal?: AbortSignal) => {
      const form = new FormData();
      form.append('attributes', JSON.stringify(attributes));
      form.append('asset', file);
      return client.request<UploadedAsset>('POST', `/workspaces/${encodeURIComponent(slug)}/file-assets/`, { body: form, ...(signal ? { signal } : {}) });
    },
    remove: (assetId: string) => client.request<void>('DELETE', `/workspaces/file-assets/${encodeURIComponent(assetId)}/`),
    restore: (assetId: string) => client.request<void>('POST', `/workspaces/file-assets/${encodeURIComponent(assetId)}/restore/`),
    attachToIssue: (slug: string, projectId: string, issueId: string, assetIds: string[]) =>
      client.request<{ asset_ids: string[] }>(
        'POST',
        `/workspaces/${encodeURIComponent(slug)}/projects/${encodeURIComponent(projectId)}/issues/${encodeURIComponent(issueId)}/file-assets`,
        { body: { asset_ids: assetIds } },
      ),
  };
}
