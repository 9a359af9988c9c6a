import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';

/** The assistant's answer: plain text and HTML. */
export interface AiResponse {
  response: string;
  response_html: string;
}

/** The AI writing assistant of a project. */
export function aiAssistantApi(client: ApiClient) {
  return {
    ask: (slug: string, projectId: string, input: { prompt: string; task: string }) =>
      client.request<AiResponse>('POST', `${projectPath(slug, projectId)}/ai-assistant/`, { body: input }),
  };
}
