import type { FastifyInstance } from 'fastify';
import { currentUser } from '../http/context.js';
import { requireUser } from '../http/auth.js';
import { badRequest } from '../http/errors.js';
import { requireAllowedImage } from '../http/image-policy.js';
import { imageUrl, nullable, text } from '../http/schemas.js';
import { AUTH_USER_COLUMNS, authUserSchema, type AuthUser } from '../users/user-shape.js';
import { cleanName } from '../http/typed-name.js';

interface ProfileBody {
  display_name?: string;
  first_name?: string;
  last_name?: string;
  avatar?: string | null;
}

/** The signed-in user's own profile. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get('/users/me', { preHandler: requireUser, schema: { response: { 200: authUserSchema } } }, async (request) =>
    currentUser(request),
  );

  app.patch<{ Body: ProfileBody }>(
    '/users/me',
    {
      preHandler: requireUser,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            display_name: text(255, 1),
            first_name: text(255),
            last_name: text(255),
            avatar: nullable(imageUrl),
          },
        },
        response: { 200: authUserSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const displayName = body.display_name === undefined ? undefined : cleanName(body.display_name);
      if (displayName === '') throw badRequest('Display name is required.');
      requireAllowedImage(body.avatar, app.config.imageOrigins, 'avatar');
      return db.one<AuthUser>(
        `UPDATE users u SET
           display_name = COALESCE($2, display_name),
           first_name = COALESCE($3, first_name),
           last_name = COALESCE($4, last_name),
           avatar = CASE WHEN $5::boolean THEN $6 ELSE avatar END
         WHERE u.id = $1
         RETURNING ${AUTH_USER_COLUMNS}`,
        [user.id, displayName ?? null, body.first_name?.trim() ?? null, body.last_name?.trim() ?? null, 'avatar' in body, body.avatar ?? null],
      );
    },
  );
}
