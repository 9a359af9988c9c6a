import type { FastifyInstance } from 'fastify';
import { requireUser } from '../http/auth.js';
import { currentUser } from '../http/context.js';
import { HttpError } from '../http/errors.js';
import { storedTheme, validateTheme, type ThemeInput } from '../users/theme.js';

const colour = { type: 'string', maxLength: 32 } as const;

const themeSchema = {
  type: 'object',
  required: ['theme', 'background', 'text', 'primary', 'sidebarBackground', 'sidebarText', 'darkPalette', 'palette'],
  properties: {
    theme: { type: 'string', enum: ['custom'] },
    background: { type: 'string' },
    text: { type: 'string' },
    primary: { type: 'string' },
    sidebarBackground: { type: 'string' },
    sidebarText: { type: 'string' },
    darkPalette: { type: 'boolean' },
    palette: { type: 'string' },
  },
} as const;

/** The signed-in user's custom theme (spec: the theme object of the custom theme form). */
export async function themeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get('/users/me/theme', { preHandler: requireUser, schema: { response: { 200: themeSchema } } }, async (request) => {
    const row = await db.one<{ theme: unknown }>('SELECT theme FROM users WHERE id = $1', [currentUser(request).id]);
    return storedTheme(row.theme);
  });

  app.patch<{ Body: ThemeInput }>(
    '/users/me/theme',
    {
      preHandler: requireUser,
      schema: {
        // Colours are not `required` here: a missing one gets the spec's own message below.
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            theme: { type: 'string', enum: ['custom'] },
            background: colour,
            text: colour,
            primary: colour,
            sidebarBackground: colour,
            sidebarText: colour,
            darkPalette: { type: 'boolean' },
            palette: { type: 'string', maxLength: 200 },
          },
        },
        response: { 200: themeSchema },
      },
    },
    async (request) => {
      const result = validateTheme(request.body);
      if ('error' in result) throw new HttpError(400, result.error, { details: { field: result.field } });
      await db.query('UPDATE users SET theme = $2::jsonb WHERE id = $1', [currentUser(request).id, JSON.stringify(result.theme)]);
      return result.theme;
    },
  );
}
