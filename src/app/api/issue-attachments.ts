import type { ApiClient } from './client.js';
import { issuePath } from './issues.js';
import type { Attachment } from './types.js';

/** How an attachment upload reports and stops. */
export interface AttachmentUploadOptions {
  /** How much of the file was sent, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** An issue's attachments: list, upload (with progress), delete. Downloads go straight to each one's `download_url`. */
export function issueAttachmentsApi(client: ApiClient) {
  const attachments = (slug: string, projectId: string, issueId: string) => `${issuePath(slug, projectId, issueId)}/attachments`;
  return {
    list: (slug: string, projectId: string, issueId: string) => client.request<Attachment[]>('GET', attachments(slug, projectId, issueId)),
    upload: (slug: string, projectId: string, issueId: string, file: File, options: AttachmentUploadOptions = {}) => {
      const form = new FormData();
      form.append('asset', file);
      return client.request<Attachment>('POST', attachments(slug, projectId, issueId), {
        body: form,
        ...(options.onProgress ? { onUploadProgress: options.onProgress } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    },
    remove: (slug: string, projectId: string, issueId: string, attachmentId: string) =>
      client.request<void>('DELETE', `${attachments(slug, projectId, issueId)}/${encodeURIComponent(attachmentId)}`),
  };
}
