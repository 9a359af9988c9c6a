import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import { paths, safeNextPath } from '../router/paths.js';
import { Button } from '../ui/button.js';
import { FormError, TextField } from '../ui/form-field.js';
import { useDocumentTitle } from '../ui/document-title.js';
import { useStyles } from '../ui/styles.js';
import { authCss } from './auth.css.js';
import { PASSWORD_RULES, PasswordField } from './auth-fields.js';

interface SignInValues {
  email: string;
  password: string;
}

/** Sign-in: email and password; the server's refusal (wrong password, too many attempts) is shown in the form. */
export function SignInScreen() {
  useStyles('app-auth', authCss);
  useDocumentTitle('Sign in');
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, watch } = useForm<SignInValues>({ defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const user = await api.auth.signIn({ email: values.email.trim(), password: values.password });
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me(), user);
      navigate(safeNextPath(search.get('next')) ?? paths.root(), { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <main className="app-auth">
      <div className="app-auth-card">
        <h1>Sign in</h1>
        <p>Welcome back. Sign in to your workspaces.</p>
        <form onSubmit={onSubmit} noValidate aria-label="Sign in">
          <FormError message={serverError} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={formState.errors.email?.message}
            {...register('email', { required: 'Email is required.' })}
          />
          <PasswordField label="Password" error={formState.errors.password?.message} {...register('password', PASSWORD_RULES)} />
          <div className="app-auth-actions">
            <Button type="submit" variant="primary" busy={formState.isSubmitting}>
              Sign in
            </Button>
          </div>
        </form>
        <p className="app-auth-switch">
          <Link to={paths.forgotPassword(watch('email').trim() || undefined)}>Forgot your password?</Link>
        </p>
        <p className="app-auth-switch">
          New here? <Link to={paths.signUp()}>Create an account</Link>
        </p>
      </div>
    </main>
  );
}
