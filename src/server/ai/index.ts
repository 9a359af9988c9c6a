/** The AI writing assistant's client for an OpenAI-compatible chat-completions API. */
export {
  AI_SYSTEM_MESSAGE,
  AI_TASK_REQUIRED_MESSAGE,
  createAiClient,
  DEFAULT_AI_TIMEOUT_MS,
  userMessage,
  type AiAnswer,
  type AiClient,
  type AiClientOptions,
  type AiRequest,
} from './ai-client.js';
export { AI_ENV_VARIABLES, AI_NOT_AVAILABLE, AI_SETUP_HINT, AiNotConfiguredError, AiTimeoutError, AiUpstreamError } from './errors.js';
