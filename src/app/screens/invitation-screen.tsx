import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { INVITATION_TOKEN_PARAM } from '../../api-shapes/invitation-link.js';
import type { InvitationPreview } from '../../api-shapes/workspace-invitation.js';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import { roleName } from '../roles.js';
import { paths } from '../router/paths.js';
import { forgetSignedInUser } from '../session/session.js';
import { Button } from '../ui/button.js';
import { FormError, TextField } from '../ui/form-field.js';
import { Spinner } from '../ui/spinner.js';
import { useDocumentTitle } from '../ui/document-title.js';
import { useStyles } from '../ui/styles.js';
import { authCss } from './auth.css.js';
import { NEW_PASSWORD_RULES, NewPasswordField, PASSWORD_RULES, PasswordField } from './auth-fields.js';

/** What the invitation page says when its address carries no token (cut short when copied, say). */
export const INVITATION_LINK_INCOMPLETE = 'This invitation link is incomplete: open the whole link from the mail.';

/**
 * A mailed invitation (`/workspace-invitations#token=…`): whom it invites to which workspace, and
 * the way in. Signed in: join with this account. Signed out: make the invited email's account
 * (the link proves the mail reached it), or, when that email has an account, sign in to it; then
 * the workspace opens. A link that no longer works says so, with the server's sentence.
 */
export function InvitationScreen() {
  useStyles('app-auth', authCss);
  const api = useApi();
  const token = new URLSearchParams(useLocation().hash.slice(1)).get(INVITATION_TOKEN_PARAM);
  // Keyed by the token (the cache is in memory only, and the token is in the address already), so
  // another link opened in this page (only its fragment changes) reads its own invitation. The
  // answer says whom the reader is signed in as (asking GET /users/me would fail when signed out).
  const invitation = useQuery({
    queryKey: ['workspace-invitation', token],
    queryFn: () => api.auth.readInvitation(token!),
    enabled: Boolean(token),
    retry: false,
    gcTime: 0,
  });

  const heading = invitation.data ? `Join ${invitation.data.workspace_name}` : 'Workspace invitation';
  useDocumentTitle(heading);

  let body;
  if (!token) {
    body = (
      <p className="app-auth-notice" role="alert">
        {INVITATION_LINK_INCOMPLETE}
      </p>
    );
  } else if (invitation.isPending) {
    body = <Spinner label="Loading the invitation…" />;
  } else if (invitation.isError) {
    body = (
      <p className="app-auth-notice" role="alert">
        {errorMessage(invitation.error)}
      </p>
    );
  } else {
    const preview = invitation.data;
    body = (
      <>
        <p>
          {preview.invited_by ?? 'An admin'} invited <strong>{preview.email}</strong> to join {preview.workspace_name} as {roleName(preview.role)}.
        </p>
        {preview.signed_in_as ? (
          <JoinAsUser token={token} preview={preview} email={preview.signed_in_as} onSignedOut={() => void invitation.refetch()} />
        ) : preview.has_account ? (
          <SignInAndJoin token={token} preview={preview} />
        ) : (
          <SignUpAndJoin token={token} preview={preview} />
        )}
      </>
    );
  }

  return (
    <main className="app-auth">
      <div className="app-auth-card">
        <h1>{heading}</h1>
        {body}
        {invitation.data?.signed_in_as ? null : invitation.data ? (
          <p className="app-auth-switch">
            To join with an account of another email, <Link to={paths.signIn()}>sign in</Link> to it, then open the link again.
          </p>
        ) : (
          <p className="app-auth-switch">
            <Link to={paths.signIn()}>Sign in</Link>
          </p>
        )}
      </div>
    </main>
  );
}

interface JoinProps {
  token: string;
  preview: InvitationPreview;
}

/** Joining, once signed in; then the workspace opens with the list of workspaces refreshed. */
function useJoin(token: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const { workspace_slug: slug } = await api.auth.acceptInvitation(token);
    await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces() });
    navigate(paths.workspace(slug), { replace: true });
  };
}

/** Joining with the account signed in; or signing out of it here, to join as the invited email instead. */
function JoinAsUser({ token, preview, email, onSignedOut }: JoinProps & { email: string; onSignedOut(): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const join = useJoin(token);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'join' | 'sign-out' | null>(null);
  const run = async (which: 'join' | 'sign-out', action: () => Promise<void>) => {
    setServerError(null);
    setBusy(which);
    try {
      await action();
    } catch (error) {
      setServerError(errorMessage(error));
      setBusy(null);
    }
  };
  return (
    <>
      <FormError message={serverError} />
      <p>You are signed in as {email}: you join with this account.</p>
      <div className="app-auth-actions">
        <Button variant="primary" busy={busy === 'join'} onClick={() => void run('join', join)}>
          Join {preview.workspace_name}
        </Button>
      </div>
      <p className="app-auth-switch">
        Not the account to join with?{' '}
        <Button
          variant="ghost"
          size="small"
          busy={busy === 'sign-out'}
          onClick={() =>
            void run('sign-out', async () => {
              await api.auth.signOut();
              forgetSignedInUser(queryClient);
              onSignedOut();
            })
          }
        >
          Sign out
        </Button>
      </p>
    </>
  );
}

function SignInAndJoin({ token, preview }: JoinProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const join = useJoin(token);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      const user = await api.auth.signIn({ email: preview.email, password });
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me(), user);
      await join();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in and join">
      <p>This email has an account: sign in to it to join.</p>
      <FormError message={serverError} />
      <TextField label="Email" type="email" autoComplete="username" value={preview.email} readOnly />
      <PasswordField label="Password" error={formState.errors.password?.message} {...register('password', PASSWORD_RULES)} />
      <div className="app-auth-actions">
        <Button type="submit" variant="primary" busy={formState.isSubmitting}>
          Sign in and join
        </Button>
      </div>
      <p className="app-auth-switch">
        <Link to={paths.forgotPassword(preview.email)}>Forgot your password?</Link>
      </p>
    </form>
  );
}

function SignUpAndJoin({ token, preview }: JoinProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ name: string; password: string }>({ defaultValues: { name: '', password: '' } });
  const onSubmit = handleSubmit(async ({ name, password }) => {
    setServerError(null);
    try {
      const joined = await api.auth.signUpWithInvitation({ token, password, ...(name.trim() ? { display_name: name.trim() } : {}) });
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me(), joined.user);
      navigate(paths.workspace(joined.workspace_slug), { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create your account">
      <p>Create your account to join.</p>
      <FormError message={serverError} />
      <TextField label="Email" type="email" autoComplete="username" value={preview.email} readOnly />
      <TextField label="Name" autoComplete="name" maxLength={255} hint="Shown to your teammates. Optional." {...register('name')} />
      <NewPasswordField label="Password" error={formState.errors.password?.message} {...register('password', NEW_PASSWORD_RULES)} />
      <div className="app-auth-actions">
        <Button type="submit" variant="primary" busy={formState.isSubmitting}>
          Create account and join
        </Button>
      </div>
    </form>
  );
}
