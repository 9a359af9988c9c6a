import { linkHrefFromInput } from '../../../core/index.js';

/** A link of an issue (spec: id, title (optional), url, created_by, created_at). */
export interface IssueLink {
  id: string;
  title: string | null;
  url: string;
  created_by?: string | null;
  created_at?: string;
}

/** What the link form holds while it is being edited. */
export interface LinkFormValues {
  url: string;
  title: string;
}

/** What the dialog hands over on submit: the trimmed URL, and the title or null when left empty. */
export interface LinkInput {
  url: string;
  title: string | null;
}

/** The spec's message for a link without URL. */
export const URL_REQUIRED = 'URL is required';

/** The message for a URL that is not an http(s) address (the server answers the same text). */
export const URL_NOT_HTTP = 'Enter a valid URL that begins with http:// or https://';

/** Why guests and viewers see the edit and delete actions disabled. */
export const CANNOT_EDIT_LINKS = 'Guests and viewers cannot edit or delete links.';

/** Why a user without the right role sees the add action disabled. */
export const CANNOT_ADD_LINKS = 'You do not have permission to add links.';

/** Shown when saving or deleting fails without a reason from the server. */
export const LINK_FAILED = 'Something went wrong. Please try again.';

/** Milliseconds after closing before the form is reset (spec), so the closing animation keeps its text. */
export const LINK_RESET_DELAY_MS = 500;

/** The form's empty state. */
export const EMPTY_LINK_FORM: LinkFormValues = { url: '', title: '' };

/** The problem with a typed URL, or null when it is an http(s) address or a bare domain (spec: "must begin with http:// or {host}"). */
export function linkUrlProblem(url: string): string | null {
  if (!url.trim()) return URL_REQUIRED;
  return linkHrefFromInput(url) ? null : URL_NOT_HTTP;
}

/** The input to hand over for valid form values: a bare domain gets https://, as the editor's link field gives it. */
export function linkInput(values: LinkFormValues): LinkInput {
  return { url: linkHrefFromInput(values.url) ?? values.url.trim(), title: values.title.trim() || null };
}

/** The form values that show an existing link. */
export function linkFormValues(link: IssueLink): LinkFormValues {
  return { url: link.url, title: link.title ?? '' };
}

/** The text a failure shows: the server's reason when it gave one. */
export function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : LINK_FAILED;
}
