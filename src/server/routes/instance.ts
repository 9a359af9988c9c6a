import type { FastifyInstance } from 'fastify';

/** What the server tells its front end about itself (public: nothing in it is a secret). */
export interface InstanceInfo {
  /** The largest upload accepted, in bytes (FILE_SIZE_LIMIT). */
  file_size_limit: number;
  /** Whether cover search through Unsplash works here (UNSPLASH_ACCESS_KEY is set). */
  unsplash_configured: boolean;
}

/**
 * `GET /api/instance`: the server's settings the app needs before it sends anything, such
 * as the upload limit the editor and the image dialogs check files against (instead of
 * assuming the spec's default 5 MB), and whether Unsplash search is configured (the cover
 * picker then opens on another tab and says so instead of finding nothing).
 */
export async function instanceRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/instance',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['file_size_limit', 'unsplash_configured'],
            additionalProperties: false,
            properties: { file_size_limit: { type: 'integer' }, unsplash_configured: { type: 'boolean' } },
          },
        },
      },
    },
    async (): Promise<InstanceInfo> => ({ file_size_limit: app.config.fileSizeLimit, unsplash_configured: app.config.unsplashAccessKey !== null }),
  );
}
