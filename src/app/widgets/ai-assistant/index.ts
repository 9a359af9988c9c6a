export { AiAssistant, type AiAnswer, type AiAssistantProps, type AiErrorToast, type AskAi } from './ai-assistant.js';
export { GENERIC_AI_ERROR, NO_RESPONSE_MESSAGE, QUOTA_MESSAGE, TASK_REQUIRED_MESSAGE, aiErrorMessage, isEmptyAnswer, serverErrorText } from './ai-messages.js';
