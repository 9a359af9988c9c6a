// The rules the account screens check before asking the server (which checks them again), and
// the field for choosing a password.
import { TextField, type TextFieldProps } from '../ui/form-field.js';

/** The shortest password the server accepts. */
export const MIN_PASSWORD_LENGTH = 8;

/** An email field's rules (react-hook-form). */
export const EMAIL_RULES = {
  required: 'Email is required.',
  pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'Enter a valid email address.' },
};

/** A password field's rule when signing in (any password the account has; the server checks it). */
export const PASSWORD_RULES = { required: 'Password is required.' };

/** A new password field's rules (react-hook-form) and the hint shown under it. */
export const NEW_PASSWORD_RULES = {
  required: 'Password is required.',
  minLength: { value: MIN_PASSWORD_LENGTH, message: `Password must have at least ${MIN_PASSWORD_LENGTH} characters.` },
};

/** The hint under a new password field. */
export const NEW_PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters.`;

/**
 * A field for choosing a password: masked, the browser's new-password autofill, the rules' hint.
 * Spread `register(name, NEW_PASSWORD_RULES)` into it.
 */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'hint'>) {
  return <TextField type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} {...props} />;
}

/**
 * A field for an account's password (signing in, confirming a change): masked, the browser's
 * current-password autofill. Spread `register(name, rules)` into it.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete'>) {
  return <TextField type="password" autoComplete="current-password" {...props} />;
}
