import type { ApiClient } from './client.js';
import type { Theme, User } from './types.js';

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
  };
}
