import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import { paths } from '../router/paths.js';
import { useSignedInUser } from '../session/session.js';
import { Button } from '../ui/button.js';
import { controlsCss } from '../ui/controls.css.js';
import { FormError, SelectField, TextField } from '../ui/form-field.js';
import { useDocumentTitle } from '../ui/document-title.js';
import { useStyles } from '../ui/styles.js';
import { authCss } from './auth.css.js';
import { COMPANY_SIZES, ONBOARDING_ROLES, onboardingKey } from './onboarding-options.js';

interface OnboardingValues {
  first_name: string;
  last_name: string;
  display_name: string;
  role: string;
  company_size: string;
}

/**
 * Onboarding after sign-up: the user's name (saved to their profile), their role and their
 * company's size (the spec's options; kept in this browser), then creating a workspace.
 */
export function OnboardingScreen() {
  useStyles('app-auth', authCss);
  useDocumentTitle('Welcome');
  useStyles('app-controls', controlsCss);
  const api = useApi();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, getFieldState, setValue } = useForm<OnboardingValues>({
    defaultValues: { first_name: user.first_name, last_name: user.last_name, display_name: user.display_name, role: '', company_size: '' },
  });
  const firstNameField = register('first_name');

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const updated = await api.users.updateMe({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        display_name: values.display_name.trim(),
      });
      queryClient.setQueryData(queryKeys.me(), updated);
      try {
        window.localStorage.setItem(onboardingKey(user.id), JSON.stringify({ role: values.role, company_size: values.company_size }));
      } catch {
        // Storage refused: the answers are a courtesy, onboarding goes on without them.
      }
      navigate(paths.createWorkspace(), { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <main className="app-auth">
      <div className="app-auth-card" data-wide="true">
        <h1>Welcome! Tell us about yourself</h1>
        <p>This helps your teammates recognise you.</p>
        <form onSubmit={onSubmit} noValidate aria-label="Onboarding">
          <FormError message={serverError} />
          <TextField
            label="First name"
            autoComplete="given-name"
            {...firstNameField}
            onChange={(event) => {
              void firstNameField.onChange(event);
              // The display name (at first the one made from the email at sign-up) follows the
              // first name until the user edits it themselves, so the name they give is the one shown.
              if (!getFieldState('display_name').isDirty) setValue('display_name', event.target.value.trim() || user.display_name);
            }}
          />
          <TextField label="Last name" autoComplete="family-name" {...register('last_name')} />
          <TextField
            label="Display name"
            autoComplete="nickname"
            error={formState.errors.display_name?.message}
            {...register('display_name', { validate: (value) => value.trim() !== '' || 'Display name is required.' })}
          />
          <SelectField
            label="What is your role?"
            options={ONBOARDING_ROLES}
            placeholder="Select your role"
            error={formState.errors.role?.message}
            {...register('role', { required: 'Select your role.' })}
          />
          <fieldset
            className="app-fieldset"
            aria-describedby={formState.errors.company_size ? 'onboarding-size-error' : undefined}
            aria-invalid={formState.errors.company_size ? true : undefined}
          >
            <legend>How many people will use this workspace?</legend>
            <div className="app-options">
              {COMPANY_SIZES.map((size) => (
                <label key={size} className="app-option">
                  <input type="radio" value={size} {...register('company_size', { required: 'Select your company size.' })} />
                  {size}
                </label>
              ))}
            </div>
            {formState.errors.company_size ? (
              <p id="onboarding-size-error" className="app-field-error" role="alert">
                {formState.errors.company_size.message}
              </p>
            ) : null}
          </fieldset>
          <div className="app-auth-actions">
            <Button type="submit" variant="primary" busy={formState.isSubmitting}>
              Continue
            </Button>
          </div>
        </form>
      </div>
    </main>
  );
}
