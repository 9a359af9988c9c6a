import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { FullPageMessage } from '../layout/full-page-message.js';
import { useWorkspaces } from '../layout/workspace-data.js';
import { queryKeys } from '../api/query-keys.js';
import type { Theme } from '../api/types.js';
import { paths } from '../router/paths.js';
import { useSignedInUser } from '../session/session.js';
import { Button } from '../ui/button.js';
import { controlsCss } from '../ui/controls.css.js';
import { FormError, TextField } from '../ui/form-field.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { applyCustomTheme, clearCustomTheme, type ThemeMode } from '../ui/theme.js';
import { useTheme } from '../ui/theme-provider.js';
import { useNotify } from '../ui/toasts.js';
import { ThemeForm, type CustomTheme } from '../widgets/theme-form/index.js';
import { ProfilePicture } from './profile-picture.js';
import { screensCss } from './screens.css.js';
import { NEW_PASSWORD_RULES, NewPasswordField, PasswordField } from './auth-fields.js';

const THEME_MODES: ReadonlyArray<{ mode: ThemeMode; label: string }> = [
  { mode: 'system', label: 'System' },
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
  { mode: 'custom', label: 'Custom' },
];

interface ProfileValues {
  display_name: string;
  first_name: string;
  last_name: string;
}

function ProfileForm() {
  const api = useApi();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ProfileValues>({
    defaultValues: { display_name: user.display_name, first_name: user.first_name, last_name: user.last_name },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const updated = await api.users.updateMe({ display_name: values.display_name.trim(), first_name: values.first_name.trim(), last_name: values.last_name.trim() });
      queryClient.setQueryData(queryKeys.me(), updated);
      notify({ type: 'success', message: 'Profile saved.' });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Profile">
      <FormError message={failure} />
      <TextField
        label="Display name"
        error={formState.errors.display_name?.message}
        {...register('display_name', { validate: (value) => value.trim() !== '' || 'Display name is required.' })}
      />
      <TextField label="First name" {...register('first_name')} />
      <TextField label="Last name" {...register('last_name')} />
      <Button type="submit" variant="primary" busy={formState.isSubmitting}>
        Save profile
      </Button>
    </form>
  );
}

/** The password, changed with the current one; the server signs every other browser out. */
function PasswordForm() {
  const api = useApi();
  const notify = useNotify();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<{ current: string; next: string }>({ defaultValues: { current: '', next: '' } });
  const onSubmit = handleSubmit(async ({ current, next }) => {
    setFailure(null);
    try {
      await api.auth.changePassword({ current_password: current, new_password: next });
      reset();
      notify({ type: 'success', message: 'Password changed. Other browsers signed in to your account are signed out.' });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <FormError message={failure} />
      <PasswordField label="Current password" error={formState.errors.current?.message} {...register('current', { required: 'Current password is required.' })} />
      <NewPasswordField label="New password" error={formState.errors.next?.message} {...register('next', NEW_PASSWORD_RULES)} />
      <Button type="submit" variant="primary" busy={formState.isSubmitting}>
        Change password
      </Button>
    </form>
  );
}

function CustomThemeEditor() {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const saved = useQuery({ queryKey: queryKeys.theme(), queryFn: () => api.users.theme() });
  // A preview lasts while the form is open; leaving puts the saved theme back.
  useEffect(
    () => () => {
      const theme = queryClient.getQueryData<Theme>(queryKeys.theme());
      if (theme) applyCustomTheme(theme);
      else clearCustomTheme();
    },
    [queryClient],
  );
  if (saved.isPending) return <Spinner label="Loading your theme…" />;
  if (saved.isError) return <p role="alert">{saved.error.message}</p>;
  const save = async (theme: CustomTheme) => {
    try {
      const stored = await api.users.updateTheme(theme);
      queryClient.setQueryData(queryKeys.theme(), stored);
      notify({ type: 'success', message: 'Theme saved.' });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    }
  };
  return <ThemeForm initial={saved.data} onSave={save} onPreview={(theme) => applyCustomTheme(theme)} />;
}

/** The user's own settings (profile, password, and the app's theme: system, light, dark or their custom colours), shown in the workspace layout. */
export function ProfileSettingsScreen() {
  useStyles('app-controls', controlsCss);
  useStyles('app-screens', screensCss);
  const theme = useTheme();
  return (
    <>
      <PageHeader title="Profile settings" />
      <div className="app-content">
        <section aria-labelledby="profile-heading">
          <h2 id="profile-heading">Profile</h2>
          <h3>Profile picture</h3>
          <ProfilePicture />
          <ProfileForm />
        </section>
        <section aria-labelledby="password-heading">
          <h2 id="password-heading">Password</h2>
          <PasswordForm />
        </section>
        <section aria-labelledby="theme-heading">
          <h2 id="theme-heading">Theme</h2>
          <fieldset className="app-fieldset">
            <legend>Colours</legend>
            <div className="app-options">
              {THEME_MODES.map(({ mode, label }) => (
                <label key={mode} className="app-option">
                  <input type="radio" name="theme-mode" value={mode} checked={theme.mode === mode} onChange={() => theme.setMode(mode)} />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {theme.mode === 'custom' ? <CustomThemeEditor /> : null}
        </section>
      </div>
    </>
  );
}

/**
 * `/profile`: the user's settings in their first workspace's layout. Someone without a workspace
 * yet has no layout to show them in, so they get the settings on a page of their own.
 */
export function ProfileSettingsRedirect() {
  useStyles('app-screens', screensCss);
  const workspaces = useWorkspaces();
  if (workspaces.isPending) return <FullPageMessage busy title="Loading…" />;
  const first = workspaces.data?.[0];
  if (first) return <Navigate to={paths.accountSettings(first.slug)} replace />;
  return (
    <main className="app-settings-page">
      <p>
        <Link to={paths.root()}>Back to the app</Link>
      </p>
      <ProfileSettingsScreen />
    </main>
  );
}
