import type { ApiClient } from './client.js';
import type { User } from './types.js';

/** What sign-up sends. */
export interface SignUpInput {
  email: string;
  password: string;
  display_name?: string;
}

/** Sign-in, sign-up and sign-out (the session is an httpOnly cookie the browser keeps). */
export function authApi(client: ApiClient) {
  return {
    signIn: (input: { email: string; password: string }) => client.request<User>('POST', '/auth/sign-in', { body: input }),
    signUp: (input: SignUpInput) => client.request<User>('POST', '/auth/sign-up', { body: input }),
    signOut: () => client.request<void>('POST', '/auth/sign-out'),
  };
}
