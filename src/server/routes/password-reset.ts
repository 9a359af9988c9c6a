import type { FastifyInstance } from 'fastify';
import { RESET_PASSWORD_PATH, RESET_TOKEN_PARAM } from '../../api-shapes/password-reset.js';
import { passwordResetKeys, signInKeys, tooManyAttempts } from '../auth/auth-limits.js';
import { mailedLink, newLinkToken } from '../auth/mailed-links.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from '../auth/password-rules.js';
import { createSession, hashSessionToken } from '../auth/sessions.js';
import { requireUser, sessionToken, setSessionCookie } from '../http/auth.js';
import { currentUser } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import { text } from '../http/schemas.js';
import type { MailMessage } from '../mail/index.js';
import { AUTH_USER_COLUMNS, authUserSchema, type AuthUser } from '../users/user-shape.js';

/** How long a link to choose a new password works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** The answer to an ask for a link, the same whether the email has an account or not. */
export const PASSWORD_RESET_SENT = 'If this email has an account, we have sent it a link to choose a new password. The link works for one hour.';

/** The answer to a link that does not work (never made, used, or expired). */
export const PASSWORD_RESET_LINK_INVALID = 'This link to choose a new password has expired or was already used. Ask for a new one.';

/** The answer to a password change whose current password is wrong. */
export const CURRENT_PASSWORD_WRONG = 'The current password is not right.';

/** The mail with the link. */
export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Choose a new password',
    text: [
      `Someone asked to choose a new password for the account ${to}.`,
      '',
      'To choose one, open this link within one hour:',
      link,
      '',
      'If it was not you, you can ignore this message: your password is unchanged.',
    ].join('\n'),
  };
}

const email = { type: 'string', format: 'email', maxLength: 254 } as const;
const messageAnswer = { type: 'object', required: ['message'], additionalProperties: false, properties: { message: { type: 'string' } } } as const;

/**
 * Passwords. Forgotten: an ask mails a link (rate-limited per client address and per email, and
 * answered alike whether the email has an account); the link's token, with a new password, sets
 * it, ends every session and link of the account, and signs the browser in. Changed by the
 * signed-in user: the current password (each try counted as a sign-in attempt) and a new one;
 * every other session and every link of the account ends.
 */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  app.post<{ Body: { email: string } }>(
    '/auth/password-reset',
    { schema: { body: { type: 'object', required: ['email'], additionalProperties: false, properties: { email } }, response: { 202: messageAnswer } } },
    async (request, reply) => {
      const address = request.body.email.trim().toLowerCase();
      const wait = await app.rateLimiter.take(passwordResetKeys(config.authLimits, request.ip, address));
      if (wait > 0) throw tooManyAttempts('password reset', wait);
      const user = await db.maybeOne<{ id: string }>('SELECT id FROM users WHERE email = $1', [address]);
      if (user) {
        const { token, hash } = newLinkToken(config.sessionSecret);
        await db.query('DELETE FROM password_resets WHERE user_id = $1 AND expires_at <= now()', [user.id]);
        await db.query('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
          hash,
          user.id,
          new Date(Date.now() + PASSWORD_RESET_TTL_MS),
        ]);
        const link = mailedLink(request, config.publicUrl, RESET_PASSWORD_PATH, RESET_TOKEN_PARAM, token);
        // Not awaited: a slow mail server must not make this answer slower than an unknown email's.
        app.mailer.send(passwordResetMail(address, link)).catch((error: unknown) => request.log.error({ err: error }, 'sending the password reset mail failed'));
      }
      return reply.code(202).send({ message: PASSWORD_RESET_SENT });
    },
  );

  app.post<{ Body: { token: string; password: string } }>(
    '/auth/password-reset/confirm',
    {
      schema: {
        body: {
          type: 'object',
          required: ['token', 'password'],
          additionalProperties: false,
          properties: { token: text(128, 1), password: text(MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH) },
        },
        response: { 200: authUserSchema },
      },
    },
    async (request, reply) => {
      const problem = passwordProblem(request.body.password);
      if (problem) throw badRequest(problem);
      const tokenHash = hashSessionToken(config.sessionSecret, request.body.token);
      // Looked up before hashing the password, so made-up tokens cost the server no hashing.
      const known = await db.maybeOne('SELECT 1 FROM password_resets WHERE token_hash = $1 AND expires_at > now()', [tokenHash]);
      if (!known) throw badRequest(PASSWORD_RESET_LINK_INVALID);
      const passwordHash = await hashPassword(request.body.password, config.passwordCost);
      const user = await db.transaction(async (tx) => {
        // Taken whether it still works or not: a link is used once.
        const link = await tx.maybeOne<{ user_id: string; live: boolean }>(
          'DELETE FROM password_resets WHERE token_hash = $1 RETURNING user_id, expires_at > now() AS live',
          [tokenHash],
        );
        if (!link?.live) return null;
        // One link used ends them all, and every session: whoever knew the old password is out.
        await tx.query('DELETE FROM password_resets WHERE user_id = $1', [link.user_id]);
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [link.user_id]);
        return tx.one<AuthUser>(`UPDATE users u SET password_hash = $2 WHERE u.id = $1 RETURNING ${AUTH_USER_COLUMNS}`, [link.user_id, passwordHash]);
      });
      if (!user) throw badRequest(PASSWORD_RESET_LINK_INVALID);
      // The failed sign-ins counted against the email (perhaps why its owner is here) are forgiven.
      const keys = signInKeys(config.authLimits, request.ip, user.email);
      await app.rateLimiter.reset([keys.perAddressAndEmail.key, keys.perEmail.key]);
      const session = await createSession(db, config.sessionSecret, user.id);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return user;
    },
  );

  app.put<{ Body: { current_password: string; new_password: string } }>(
    '/users/me/password',
    {
      preHandler: requireUser,
      schema: {
        body: {
          type: 'object',
          required: ['current_password', 'new_password'],
          additionalProperties: false,
          properties: { current_password: text(MAX_PASSWORD_LENGTH, 1), new_password: text(MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH) },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const problem = passwordProblem(request.body.new_password);
      if (problem) throw badRequest(problem);
      // A guess at the current password is a guess at signing in: the same counters.
      const keys = signInKeys(config.authLimits, request.ip, user.email);
      const wait = await app.rateLimiter.take([keys.perAddressAndEmail, keys.perEmail, keys.perAddress]);
      if (wait > 0) throw tooManyAttempts('password change', wait);
      const stored = await db.one<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [user.id]);
      if (!(await verifyPassword(request.body.current_password, stored.password_hash, config.passwordCost))) throw badRequest(CURRENT_PASSWORD_WRONG);
      await app.rateLimiter.reset([keys.perAddressAndEmail.key, keys.perEmail.key]);
      await app.rateLimiter.giveBack([keys.perAddress.key]);
      const passwordHash = await hashPassword(request.body.new_password, config.passwordCost);
      const token = sessionToken(request);
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, passwordHash]);
        // Whoever knew the old password is signed out; this browser stays in.
        await tx.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2', [user.id, token ? hashSessionToken(config.sessionSecret, token) : null]);
        await tx.query('DELETE FROM password_resets WHERE user_id = $1', [user.id]);
      });
      return reply.code(204).send();
    },
  );
}
