import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { createSession, deleteExpiredSessions, deleteSession } from '../auth/sessions.js';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../http/auth.js';
import { conflict, HttpError, unauthorized } from '../http/errors.js';
import { text } from '../http/schemas.js';
import { AUTH_USER_COLUMNS, authUserSchema, type AuthUser } from '../users/user-shape.js';

const email = { type: 'string', format: 'email', maxLength: 254 } as const;

interface SignUpBody {
  email: string;
  password: string;
  display_name?: string;
  first_name?: string;
  last_name?: string;
}

interface SignInBody {
  email: string;
  password: string;
}

/** Sign-up, sign-in (rate-limited) and sign-out; a session is an httpOnly cookie. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  app.post<{ Body: SignUpBody }>(
    '/auth/sign-up',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password'],
          additionalProperties: false,
          properties: {
            email,
            password: text(256, 8),
            display_name: text(255, 1),
            first_name: text(255),
            last_name: text(255),
          },
        },
        response: { 201: authUserSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const address = body.email.trim().toLowerCase();
      const displayName = body.display_name?.trim() || address.split('@')[0]!.slice(0, 255);
      const passwordHash = await hashPassword(body.password, config.passwordCost);
      const user = await db.transaction(async (tx) => {
        const created = await tx.maybeOne<AuthUser>(
          `INSERT INTO users AS u (email, password_hash, display_name, first_name, last_name)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (email) DO NOTHING
           RETURNING ${AUTH_USER_COLUMNS}`,
          [address, passwordHash, displayName, body.first_name?.trim() ?? '', body.last_name?.trim() ?? ''],
        );
        if (!created) throw conflict('An account with this email already exists.');
        return created;
      });
      const session = await createSession(db, config.sessionSecret, user.id);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return reply.code(201).send(user);
    },
  );

  app.post<{ Body: SignInBody }>(
    '/auth/sign-in',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password'],
          additionalProperties: false,
          properties: { email: text(254, 1), password: text(256, 1) },
        },
        response: { 200: authUserSchema },
      },
    },
    async (request, reply) => {
      const address = request.body.email.trim().toLowerCase();
      const emailKey = `${request.ip}|${address}`;
      const wait = Math.max(app.signInLimiter.retryAfter(emailKey), app.signInIpLimiter.retryAfter(request.ip));
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60);
        throw new HttpError(429, `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
          headers: { 'retry-after': String(wait) },
        });
      }
      const found = await db.maybeOne<AuthUser & { password_hash: string | null }>(
        `SELECT ${AUTH_USER_COLUMNS}, u.password_hash FROM users u WHERE u.email = $1`,
        [address],
      );
      // Checked even without an account, so response time does not tell which emails exist.
      const valid = await verifyPassword(request.body.password, found?.password_hash ?? null, config.passwordCost);
      if (!found || !valid) {
        app.signInLimiter.fail(emailKey);
        app.signInIpLimiter.fail(request.ip);
        throw unauthorized('Invalid email or password.');
      }
      app.signInLimiter.reset(emailKey);
      const { password_hash: _hash, ...user } = found;
      await deleteExpiredSessions(db, user.id);
      const session = await createSession(db, config.sessionSecret, user.id);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return user;
    },
  );

  // Signing out without a session is not an error: the result (signed out) is the same.
  app.post('/auth/sign-out', async (request, reply) => {
    const token = sessionToken(request);
    if (token) await deleteSession(db, config.sessionSecret, token);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });
}
