import type { ApiClient } from './client.js';
import type { User } from './types.js';

/** What sign-up sends. */
export interface SignUpInput {
  email: string;
  password: string;
  display_name?: string;
}

/**
 * Sign-up's answer: the same whether the account was made (and the browser signed in) or the
 * email already had one (no session; its owner is told by mail). Ask `users.me()` which.
 */
export interface SignUpAnswer {
  message: string;
}

/** Sign-in, sign-up, sign-out and forgotten passwords (the session is an httpOnly cookie the browser keeps). */
export function authApi(client: ApiClient) {
  return {
    signIn: (input: { email: string; password: string }) => client.request<User>('POST', '/auth/sign-in', { body: input }),
    signUp: (input: SignUpInput) => client.request<SignUpAnswer>('POST', '/auth/sign-up', { body: input }),
    signOut: () => client.request<void>('POST', '/auth/sign-out'),
    /** Mails a link to choose a new password; the answer is the same whether the email has an account. */
    requestPasswordReset: (email: string) => client.request<{ message: string }>('POST', '/auth/password-reset', { body: { email } }),
    /** Sets a new password with a mailed link's token; the browser is signed in (everyone else out). */
    resetPassword: (input: { token: string; password: string }) => client.request<User>('POST', '/auth/password-reset/confirm', { body: input }),
    /** Changes the signed-in user's password; every other session ends. */
    changePassword: (input: { current_password: string; new_password: string }) => client.request<void>('PUT', '/users/me/password', { body: input }),
  };
}
