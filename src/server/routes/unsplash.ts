import type { FastifyInstance } from 'fastify';
import { requireUser } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { queryInteger } from '../http/schemas.js';
import { createUnsplashClient, UnsplashError } from '../unsplash/index.js';

const imageSchema = {
  type: 'object',
  required: ['id', 'urls', 'alt_description'],
  properties: {
    id: { type: 'string' },
    urls: { type: 'object', required: ['regular', 'small'], properties: { regular: { type: 'string' }, small: { type: 'string' } } },
    alt_description: { type: ['string', 'null'] },
  },
} as const;

/**
 * Cover image search (spec section 7: `GET /api/unsplash/?query=`) for signed-in users. Without
 * UNSPLASH_ACCESS_KEY, or for an empty query, the results are empty; an Unsplash failure is a
 * 5xx with a text the picker can show.
 */
export async function unsplashRoutes(app: FastifyInstance): Promise<void> {
  const client = createUnsplashClient({ accessKey: app.config.unsplashAccessKey });

  app.get<{ Querystring: { query?: string; page?: string; per_page?: string } }>(
    '/unsplash',
    {
      preHandler: requireUser,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { query: { type: 'string', maxLength: 200 }, page: queryInteger, per_page: queryInteger },
        },
        response: { 200: { type: 'object', required: ['results'], properties: { results: { type: 'array', items: imageSchema } } } },
      },
    },
    async (request) => {
      const { query = '', page, per_page: perPage } = request.query;
      try {
        const results = await client.search(query, { page: page === undefined ? 1 : Number(page), perPage: perPage === undefined ? 20 : Number(perPage) });
        return { results };
      } catch (error) {
        if (error instanceof UnsplashError) throw new HttpError(error.statusCode, error.message);
        throw error;
      }
    },
  );
}
