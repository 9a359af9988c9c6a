import type { InvitationPreview, InvitationSignUpBody } from '../../api-shapes/workspace-invitation.js';
import type { Session } from '../../api-shapes/user.js';
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
 * email already had one (no session; its owner is told by mail). Ask `session()` which.
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
    /** Whom the browser is signed in as (`user` null when signed out: not an error). */
    session: () => client.request<Session>('GET', '/auth/session'),
    /** Mails a link to choose a new password; the answer is the same whether the email has an account. */
    requestPasswordReset: (email: string) => client.request<{ message: string }>('POST', '/auth/password-reset', { body: { email } }),
    /** Sets a new password with a mailed link's token; the browser is signed in (everyone else out). */
    resetPassword: (input: { token: string; password: string }) => client.request<User>('POST', '/auth/password-reset/confirm', { body: input }),
    /** Changes the signed-in user's password; every other session ends. */
    /** Whom a mailed invitation's token invites where. */
    readInvitation: (token: string) => client.request<InvitationPreview>('POST', '/workspace-invitations/read', { body: { token } }),
    /** Joins the invitation's workspace as the signed-in user. */
    acceptInvitation: (token: string) => client.request<{ workspace_slug: string }>('POST', '/workspace-invitations/accept', { body: { token } }),
    /** Makes the invited email's account with the invitation's token and joins; the browser is signed in. */
    signUpWithInvitation: (input: InvitationSignUpBody) =>
      client.request<{ user: User; workspace_slug: string }>('POST', '/workspace-invitations/sign-up', { body: input }),
    changePassword: (input: { current_password: string; new_password: string }) => client.request<void>('PUT', '/users/me/password', { body: input }),
  };
}
