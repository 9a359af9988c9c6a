/** The message when the task field is empty. */
export const TASK_REQUIRED_MESSAGE = 'Please enter some task to get AI assistance.';

/** The message for status 429: the monthly quota is used up. */
export const QUOTA_MESSAGE = 'You have reached the maximum number of requests of 50 requests per month per user.';

/** The message for a failure without an error text from the server. */
export const GENERIC_AI_ERROR = 'Some error occurred. Please try again.';

/** The notice for an answer with nothing in it. */
export const NO_RESPONSE_MESSAGE = 'No response could be generated. This may be due to insufficient content or task information. Please try again.';

/** The server's `error` text carried by a failed request: on the error itself or in the JSON body it keeps (the app's ApiError). */
export function serverErrorText(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { error: own, body } = error as { error?: unknown; body?: { error?: unknown } | null };
  const text = typeof own === 'string' ? own : typeof body?.error === 'string' ? body.error : '';
  return text.trim() ? text : null;
}

/** The text for a failed request: the quota message on 429, otherwise the server's `error` text, or the generic message. */
export function aiErrorMessage(error: unknown): string {
  if ((error as { status?: unknown } | null)?.status === 429) return QUOTA_MESSAGE;
  return serverErrorText(error) ?? GENERIC_AI_ERROR;
}

/** Whether an answer holds no text (an empty or whitespace-only response and HTML without text). */
export function isEmptyAnswer(answer: { response?: string | null; response_html?: string | null }): boolean {
  const html = (answer.response_html ?? '').replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ');
  return !(answer.response ?? '').trim() && !html.trim();
}
