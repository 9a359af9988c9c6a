/**
 * A client for an OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style
 * proxies, Ollama, vLLM, LM Studio …): it asks the model to carry out the user's task
 * on the given text and returns the answer as markdown and as schema-valid rich text.
 */
import { markdownToRichText, RichTextRefusedError, type RichText } from '../rich-text/index.js';
import { AiNotConfiguredError, AiTimeoutError, AiUpstreamError } from './errors.js';

/** The spec's message when the task is missing (section 5). */
export const AI_TASK_REQUIRED_MESSAGE = 'Please enter some task to get AI assistance.';

/** How long a request may take before it is abandoned. */
export const DEFAULT_AI_TIMEOUT_MS = 30_000;

/** What the model is told it is for. */
export const AI_SYSTEM_MESSAGE =
  'You help people write the content of issues and pages in a project tracking tool. ' +
  'Carry out the instruction on the text you are given and answer with the resulting content only, ' +
  'formatted as Markdown (headings, lists, task lists, quotes, code blocks, tables, links, bold and italic), without any preamble.';

/** How to reach the endpoint; a client with a missing value is not configured. */
export interface AiClientOptions {
  /** The API's base URL, e.g. `https://api.openai.com/v1` (env AI_BASE_URL). */
  baseUrl?: string | null;
  /** The bearer key (env AI_API_KEY). */
  apiKey?: string | null;
  /** The model name (env AI_MODEL). */
  model?: string | null;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
  /** Milliseconds before a request is abandoned; 30 s by default. */
  timeoutMs?: number;
  /** Turns the answer's markdown into rich text: the server passes its rich-text pool's; in this thread by default. */
  toRichText?: (markdown: string) => Promise<RichText>;
}

/** One request to the assistant (spec section 7: prompt and task). */
export interface AiRequest {
  /** The text to work on (the selection or the document), possibly empty. */
  prompt: string;
  /** What to do with it. */
  task: string;
  /** Aborts the request, e.g. when the client goes away. */
  signal?: AbortSignal;
}

/** The assistant's answer (spec section 3): markdown text and the same as rich-text HTML. */
export interface AiAnswer {
  response: string;
  response_html: string;
}

/** The AI assistant client. */
export interface AiClient {
  /** Whether base URL, key and model are all set. */
  readonly isConfigured: boolean;
  /** Asks the model; throws `AiNotConfiguredError`, `AiUpstreamError` or `AiTimeoutError`. */
  ask(request: AiRequest): Promise<AiAnswer>;
}

function webUrl(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href.replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

/** The user message: the task as the instruction, the prompt as the text it applies to. */
export function userMessage(task: string, prompt: string): string {
  const text = prompt.trim();
  return text ? `${task.trim()}\n\nText:\n"""\n${text}\n"""` : task.trim();
}

/** The answer's text from a chat-completions body, or `null` when it has none. */
function answerText(body: unknown): string | null {
  const choices = (body as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices) || !choices.length) return null;
  const content = (choices[0] as { message?: { content?: unknown } } | null)?.message?.content;
  if (typeof content === 'string') return content;
  // Some compatible servers send content as parts: [{ type: 'text', text }].
  if (Array.isArray(content)) {
    const parts = content.map((part) => (part as { text?: unknown } | null)?.text);
    if (parts.every((part) => typeof part === 'string')) return parts.join('');
  }
  return content === null ? '' : null;
}

/** Creates the AI client; no request is made until `ask`. */
export function createAiClient(options: AiClientOptions): AiClient {
  const baseUrl = webUrl(options.baseUrl);
  const apiKey = options.apiKey?.trim() || null;
  const model = options.model?.trim() || null;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS;
  const toRichText = options.toRichText ?? markdownToRichText;
  const isConfigured = !!(baseUrl && apiKey && model);

  async function call(request: AiRequest): Promise<string> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    let response: Response;
    let body: unknown;
    try {
      response = await doFetch(`${baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({
          model,
          messages: [
            { role: 'system', content: AI_SYSTEM_MESSAGE },
            { role: 'user', content: userMessage(request.task, request.prompt) },
          ],
        }),
        signal,
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new AiUpstreamError(
          response.status,
          response.status === 429
            ? 'The AI service is receiving too many requests. Please try again later.'
            : `The AI service answered with an error (status ${response.status}). Please try again.`,
        );
      }
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch (error) {
        throw new AiUpstreamError(response.status, 'The AI service sent an answer that could not be read.', { cause: error });
      }
    } catch (error) {
      if (error instanceof AiUpstreamError) throw error;
      if (timeout.aborted) throw new AiTimeoutError(timeoutMs);
      if (request.signal?.aborted) throw request.signal.reason;
      throw new AiUpstreamError(null, 'The AI service could not be reached.', { cause: error });
    }
    const answer = answerText(body);
    if (answer === null) throw new AiUpstreamError(response.status, 'The AI service sent an answer that could not be read.');
    return answer.trim();
  }

  return {
    isConfigured,
    async ask(request: AiRequest): Promise<AiAnswer> {
      if (!isConfigured) throw new AiNotConfiguredError();
      if (typeof request.task !== 'string' || !request.task.trim()) throw new RangeError(AI_TASK_REQUIRED_MESSAGE);
      const response = await call({ ...request, prompt: typeof request.prompt === 'string' ? request.prompt : '' });
      let html: string;
      try {
        ({ html } = await toRichText(response));
      } catch (error) {
        if (error instanceof RichTextRefusedError) throw new AiUpstreamError(null, 'The AI service sent an answer too long to show.', { cause: error });
        throw error;
      }
      return { response, response_html: html };
    },
  };
}
