import type { FastifyInstance } from 'fastify';
import { getCover, listCovers } from '../covers/index.js';
import { notFound } from '../http/errors.js';
import { cacheHeadersFor, svgResponseHeaders } from '../uploads/index.js';

/**
 * The project covers the product ships (spec section 7: `GET /api/project-covers/` answers a list
 * of URLs) and each cover's SVG. They are the product's own artwork, the same for everyone, so
 * both are public and the files may be cached anywhere for a year.
 */
export async function coverRoutes(app: FastifyInstance): Promise<void> {
  app.get('/project-covers', { schema: { response: { 200: { type: 'array', items: { type: 'string' } } } } }, async () => listCovers());

  app.get<{ Params: { file: string } }>(
    '/project-covers/files/:file',
    { schema: { params: { type: 'object', required: ['file'], properties: { file: { type: 'string', maxLength: 64 } } } } },
    async (request, reply) => {
      const { file } = request.params;
      const svg = file.endsWith('.svg') ? getCover(file) : undefined;
      if (svg === undefined) throw notFound('Cover not found.');
      // Artworks are never changed in place, so the long caching is safe; the ETag follows the content.
      return reply.headers({ ...svgResponseHeaders(), ...cacheHeadersFor(svg, { shared: true }) }).send(svg);
    },
  );
}
