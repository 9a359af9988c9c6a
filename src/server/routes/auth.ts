import type { FastifyInstance } from 'fastify';
import { insertAccount } from '../auth/accounts.js';
import { signInKeys, signUpKeys, tooManyAttempts } from '../auth/auth-limits.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from '../auth/password-rules.js';
import { createSession, deleteExpiredSessions, deleteSession } from '../auth/sessions.js';
import { bearerToken, clearSessionCookie, loadUser, SESSION_ONLY_MESSAGE, sessionToken, setSessionCookie } from '../http/auth.js';
import { sessionShape } from '../../api-shapes/user.js';
import { badRequest, unauthorized } from '../http/errors.js';
import { text } from '../http/schemas.js';
import type { MailMessage } from '../mail/index.js';
import { AUTH_USER_COLUMNS, authUserSchema, type AuthUser } from '../users/user-shape.js';

const email = { type: 'string', format: 'email', maxLength: 254 } as const;

/**
 * Sign-up's answer, the same whether the email was new (the account is made and signed in) or
 * already had an account (nothing changes, no session, and its owner gets a mail): the answer
 * does not tell which. A client sees whether it is signed in with GET /api/users/me.
 */
export const SIGN_UP_MESSAGE =
  'Thank you. If you are not signed in now, this email already has an account: we have sent it a message, and you can sign in instead.';

/** The mail an account's owner gets when someone tries to sign up with its email. */
export function signUpAttemptMail(to: string): MailMessage {
  return {
    to,
    subject: 'Someone tried to create an account with your email',
    text: [
      `Someone tried to create a new account with ${to}, which already has an account.`,
      '',
      'If it was you, sign in with your password instead: your account is unchanged.',
      'If it was not you, you can ignore this message: no one signed in to your account and no new account was made.',
    ].join('\n'),
  };
}

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

/** Sign-up and sign-in (both rate-limited per client address and per email) and sign-out; a session is an httpOnly cookie. */
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
            password: text(MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH),
            display_name: text(255, 1),
            first_name: text(255),
            last_name: text(255),
          },
        },
        response: {
          201: { type: 'object', required: ['message'], additionalProperties: false, properties: { message: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const problem = passwordProblem(body.password);
      if (problem) throw badRequest(problem);
      const address = body.email.trim().toLowerCase();
      const wait = await app.rateLimiter.take(signUpKeys(config.authLimits, request.ip, address));
      if (wait > 0) throw tooManyAttempts('sign-up', wait);
      // Hashed on both paths, so the time taken does not tell a known email from a new one.
      const passwordHash = await hashPassword(body.password, config.passwordCost);
      const created = await insertAccount(db, {
        email: address,
        passwordHash,
        displayName: body.display_name,
        firstName: body.first_name,
        lastName: body.last_name,
      });
      if (created) {
        const session = await createSession(db, config.sessionSecret, created.id);
        setSessionCookie(request, reply, session.token, session.expiresAt);
      } else {
        // Signing up starts afresh: a client still signed in to another account must not take
        // this answer for that account's.
        const token = sessionToken(request);
        if (token) {
          await deleteSession(db, config.sessionSecret, token);
          clearSessionCookie(request, reply);
        }
        // Not awaited: a slow mail server must not make this answer slower than a new account's.
        app.mailer.send(signUpAttemptMail(address)).catch((error: unknown) => request.log.error({ err: error }, 'sending the sign-up attempt mail failed'));
      }
      return reply.code(201).send({ message: SIGN_UP_MESSAGE });
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
          properties: { email: text(254, 1), password: text(MAX_PASSWORD_LENGTH, 1) },
        },
        response: { 200: authUserSchema },
      },
    },
    async (request, reply) => {
      const address = request.body.email.trim().toLowerCase();
      const keys = signInKeys(config.authLimits, request.ip, address);
      // Every attempt is counted before the password is checked, so concurrent guesses cannot
      // all slip in under the limit; a success gives its count back below.
      const wait = await app.rateLimiter.take([keys.perAddressAndEmail, keys.perEmail, keys.perAddress]);
      if (wait > 0) throw tooManyAttempts('sign-in', wait);
      const found = await db.maybeOne<AuthUser & { password_hash: string | null }>(
        `SELECT ${AUTH_USER_COLUMNS}, u.password_hash FROM users u WHERE u.email = $1`,
        [address],
      );
      // Checked even without an account, so response time does not tell which emails exist.
      const valid = await verifyPassword(request.body.password, found?.password_hash ?? null, config.passwordCost);
      if (!found || !valid) throw unauthorized('Invalid email or password.');
      // The right password clears the email's failures; the address keeps its failures (one
      // account of one's own must not reset the guessing at others) but not this success.
      await app.rateLimiter.reset([keys.perAddressAndEmail.key, keys.perEmail.key]);
      await app.rateLimiter.giveBack([keys.perAddress.key]);
      const { password_hash: _hash, ...user } = found;
      await deleteExpiredSessions(db, user.id);
      const session = await createSession(db, config.sessionSecret, user.id);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return user;
    },
  );

  // Whom the browser is signed in as, `{ user: null }` when it is not: the app asks at every load,
  // and a signed-out visit is not a failed request (GET /users/me answers 401 then). A half-expired
  // session is renewed as on any request; an API token is refused (401), as on /users/me.
  app.get('/auth/session', { schema: { response: { 200: sessionShape } } }, async (request, reply) => ({ user: await loadUser(request, reply) }));

  // Signing out without a session is not an error: the result (signed out) is the same. An API
  // token is not signed out (it is revoked in the workspace settings).
  app.post('/auth/sign-out', async (request, reply) => {
    if (bearerToken(request) !== null) throw unauthorized(SESSION_ONLY_MESSAGE);
    const token = sessionToken(request);
    if (token) await deleteSession(db, config.sessionSecret, token);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });
}
