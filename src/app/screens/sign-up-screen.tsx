import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
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

interface SignUpValues {
  email: string;
  password: string;
}

/**
 * Sign-up: email and password; then onboarding. The server answers a new email and one that
 * already has an account alike (so its answer does not tell who has an account): when the
 * browser is signed in afterwards the account is new, otherwise the server's message is shown.
 * Its refusals (a common password, too many attempts) are shown in the form.
 */
export function SignUpScreen() {
  useStyles('app-auth', authCss);
  useDocumentTitle('Create your account');
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<SignUpValues>({ defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setNotice(null);
    try {
      const answer = await api.auth.signUp({ email: values.email.trim(), password: values.password });
      const { user } = await api.auth.session();
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me(), user);
      if (user) navigate(paths.onboarding(), { replace: true });
      // Signed out (a session of another account, if any, was ended): its data is forgotten.
      else setNotice(answer.message);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <main className="app-auth">
      <div className="app-auth-card">
        <h1>Create your account</h1>
        <p>Track your team's work in workspaces, projects and issues.</p>
        <form onSubmit={onSubmit} noValidate aria-label="Create your account">
          <FormError message={serverError} />
          {notice ? (
            <p className="app-auth-notice" role="status">
              {notice}
            </p>
          ) : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={formState.errors.email?.message}
            {...register('email', EMAIL_RULES)}
          />
          <NewPasswordField label="Password" error={formState.errors.password?.message} {...register('password', NEW_PASSWORD_RULES)} />
          <div className="app-auth-actions">
            <Button type="submit" variant="primary" busy={formState.isSubmitting}>
              Create account
            </Button>
          </div>
        </form>
        <p className="app-auth-switch">
          Already have an account? <Link to={paths.signIn()}>Sign in</Link>
        </p>
      </div>
    </main>
  );
}
