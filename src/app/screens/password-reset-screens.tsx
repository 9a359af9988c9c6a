import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { RESET_TOKEN_PARAM } from '../../api-shapes/password-reset.js';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import { paths } from '../router/paths.js';
import { Button } from '../ui/button.js';
import { FormError, TextField } from '../ui/form-field.js';
import { useDocumentTitle } from '../ui/document-title.js';
import { useStyles } from '../ui/styles.js';
import { authCss } from './auth.css.js';
import { EMAIL_RULES, NEW_PASSWORD_RULES, NewPasswordField } from './auth-fields.js';

/** What the reset page says when its address carries no token (cut short when copied, say). */
export const RESET_LINK_INCOMPLETE = 'This link is incomplete: open the whole link from the mail, or ask for a new one.';

/**
 * Asking for a link to choose a new password: an email (filled from `?email=` when sign-in
 * passed it); the server's answer, the same whether the email has an account, is shown above
 * the form, which stays for another ask.
 */
export function ForgotPasswordScreen() {
  useStyles('app-auth', authCss);
  useDocumentTitle('Forgot your password?');
  const api = useApi();
  const [search] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ defaultValues: { email: search.get('email') ?? '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    setSent(null);
    try {
      setSent((await api.auth.requestPasswordReset(email.trim())).message);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <main className="app-auth">
      <div className="app-auth-card">
        <h1>Forgot your password?</h1>
        <p>Enter the email of your account: we will send it a link to choose a new password.</p>
        <form onSubmit={onSubmit} noValidate aria-label="Send a link">
          <FormError message={serverError} />
          {sent ? (
            <p className="app-auth-notice" role="status">
              {sent}
            </p>
          ) : null}
          <TextField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email', EMAIL_RULES)} />
          <div className="app-auth-actions">
            <Button type="submit" variant="primary" busy={formState.isSubmitting}>
              {sent ? 'Send another link' : 'Send link'}
            </Button>
          </div>
        </form>
        <p className="app-auth-switch">
          Remembered it? <Link to={paths.signIn()}>Sign in</Link>
        </p>
      </div>
    </main>
  );
}

/**
 * Choosing a new password from a mailed link (`/accounts/reset-password#token=…`): the browser
 * is signed in when it is set (everyone else is signed out by the server). The server's refusals
 * (a common password, a used or expired link) are shown in the form, with a way to a new link.
 */
export function ResetPasswordScreen() {
  useStyles('app-auth', authCss);
  useDocumentTitle('Choose a new password');
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const token = new URLSearchParams(useLocation().hash.slice(1)).get(RESET_TOKEN_PARAM);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ password: string }>({ defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!token) return;
    setServerError(null);
    try {
      const user = await api.auth.resetPassword({ token, password });
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me(), user);
      navigate(paths.root(), { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <main className="app-auth">
      <div className="app-auth-card">
        <h1>Choose a new password</h1>
        {token ? (
          <>
            <p>Once it is set you are signed in here, and signed out everywhere else.</p>
            <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
              <FormError message={serverError} />
              <NewPasswordField label="New password" error={formState.errors.password?.message} {...register('password', NEW_PASSWORD_RULES)} />
              <div className="app-auth-actions">
                <Button type="submit" variant="primary" busy={formState.isSubmitting}>
                  Set password
                </Button>
              </div>
            </form>
          </>
        ) : (
          <p className="app-auth-notice" role="alert">
            {RESET_LINK_INCOMPLETE}
          </p>
        )}
        <p className="app-auth-switch">
          <Link to={paths.forgotPassword()}>Ask for a new link</Link> · <Link to={paths.signIn()}>Sign in</Link>
        </p>
      </div>
    </main>
  );
}
