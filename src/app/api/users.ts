import type { ApiClient } from './client.js';
import type { Theme, UploadedAsset, User } from './types.js';

/** Profile fields the user can change. */
export interface ProfileInput {
  display_name?: string;
  first_name?: string;
  last_name?: string;
  avatar?: string | null;
}

/** The signed-in user's profile and custom theme. */
export function usersApi(client: ApiClient) {
  return {
    me: () => client.request<User>('GET', '/users/me'),
    updateMe: (input: ProfileInput) => client.request<User>('PATCH', '/users/me', { body: input }),
    theme: () => client.request<Theme>('GET', '/users/me/theme'),
    updateTheme: (theme: Omit<Theme, 'palette' | 'theme'> & Partial<Pick<Theme, 'palette' | 'theme'>>) =>
      client.request<Theme>('PATCH', '/users/me/theme', { body: theme }),
    /** Uploads one of the user's own images (their profile picture); the answer's `asset` is its address. */
    uploadImage: (file: File, signal?: AbortSignal) => {
      const form = new FormData();
      form.append('asset', file);
      return client.request<UploadedAsset>('POST', '/users/file-assets', { body: form, ...(signal ? { signal } : {}) });
    },
    removeImage: (assetId: string) => client.request<void>('DELETE', `/users/file-assets/${encodeURIComponent(assetId)}`),
  };
}
