import type { FastifyInstance } from 'fastify';
import { AI_SETUP_HINT, AiNotConfiguredError, AiTimeoutError, AiUpstreamError, createAiClient } from '../ai/index.js';
import { releaseAiRequest, reserveAiRequest } from '../ai-requests/monthly-quota.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams } from '../http/schemas.js';
import { Role } from '../roles.js';

interface AssistantBody {
  prompt?: string;
  task: string;
}

/** The answer when the task is missing or blank. */
export const TASK_REQUIRED = 'Task is required';

/**
 * The AI writing assistant (spec section 7): Members of the project send `{ prompt, task }` and
 * get `{ response, response_html }`. Each user has 50 requests per calendar month; a request the
 * AI service fails is given back. Without AI configured the answer is 503 in words for users;
 * the variables to set go to the server log.
 */
export async function aiRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const client = createAiClient({
    baseUrl: config.aiBaseUrl,
    apiKey: config.aiApiKey,
    model: config.aiModel,
    toRichText: (markdown) => app.richText.fromMarkdown(markdown),
  });
  if (!client.isConfigured) app.log.info(`The AI assistant is off. ${AI_SETUP_HINT}`);

  app.post<{ Body: AssistantBody }>(
    '/workspaces/:slug/projects/:projectId/ai-assistant',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: {
        params: projectParams,
        body: {
          type: 'object',
          required: ['task'],
          additionalProperties: false,
          properties: { prompt: { type: 'string', maxLength: 100_000 }, task: { type: 'string', maxLength: 10_000 } },
        },
        response: {
          200: { type: 'object', required: ['response', 'response_html'], properties: { response: { type: 'string' }, response_html: { type: 'string' } } },
        },
      },
    },
    async (request) => {
      const { prompt = '', task } = request.body;
      if (!task.trim()) throw badRequest(TASK_REQUIRED);
      if (!client.isConfigured) {
        const error = new AiNotConfiguredError();
        request.log.warn(`AI assistant request refused: ${error.hint}`);
        throw new HttpError(503, error.message);
      }
      const reserved = await reserveAiRequest(db, currentUser(request).id, currentWorkspace(request).id);
      // A client that goes away stops the call (and gets its request back).
      const abort = new AbortController();
      const onClose = () => abort.abort();
      request.raw.socket.once('close', onClose);
      try {
        return await client.ask({ prompt, task, signal: abort.signal });
      } catch (error) {
        await releaseAiRequest(db, reserved);
        if (error instanceof AiUpstreamError || error instanceof AiTimeoutError) throw new HttpError(error.statusCode, error.message);
        throw error;
      } finally {
        request.raw.socket.off('close', onClose);
      }
    },
  );
}
