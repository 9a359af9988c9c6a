import type { FastifyInstance } from 'fastify';

/** What the server tells its front end about itself (public: nothing in it is a secret). */
export interface InstanceInfo {
  /** The largest upload accepted, in bytes (FILE_SIZE_LIMIT). */
  file_size_limit: number;
}

/**
 * `GET /api/instance`: the server's settings the app needs before it sends anything, such
 * as the upload limit the editor and the image dialogs check files against (instead of
 * assuming the spec's default 5 MB).
 */
export async function instanceRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/instance',
    {
      schema: {
        response: { 200: { type: 'object', required: ['file_size_limit'], additionalProperties: false, properties: { file_size_limit: { type: 'integer' } } } },
      },
    },
    async (): Promise<InstanceInfo> => ({ file_size_limit: app.config.fileSizeLimit }),
  );
}
