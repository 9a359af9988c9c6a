import type { FastifyInstance } from 'fastify';
import { Type, type StaticDecode } from 'typebox';
import { INVITATION_LINK_INVALID, INVITATION_PATH, INVITATION_TOKEN_PARAM, INVITATION_TTL_DAYS } from '../../api-shapes/invitation-link.js';
import { invitationCreateBody, invitationPreviewShape, invitationShape } from '../../api-shapes/workspace-invitation.js';
import { insertAccount } from '../auth/accounts.js';
import { invitationKeys, signUpKeys, tooManyAttempts } from '../auth/auth-limits.js';
import { mailedLink, newLinkToken } from '../auth/mailed-links.js';
import { hashPassword } from '../auth/password.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from '../auth/password-rules.js';
import { createSession, hashSessionToken } from '../auth/sessions.js';
import type { Db } from '../db/index.js';
import { loadUser, requireUser, setSessionCookie } from '../http/auth.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { text, withIds, workspaceParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import type { MailMessage } from '../mail/index.js';
import { Role, roleName } from '../roles.js';
import { announceMembershipChange } from '../live/live-events.js';
import { AUTH_USER_COLUMNS, authUserSchema, type AuthUser } from '../users/user-shape.js';
import { DAY_MS } from '../../api-shapes/durations.js';

/** The answer to inviting an email that has an account: such people are added, not invited. */
export const INVITED_EMAIL_HAS_ACCOUNT = 'This email has an account: add it as a member instead.';

/** The answer to inviting someone who is a member already. */
export const ALREADY_A_MEMBER = 'This person is already a member of the workspace.';

/** The answer to signing up with an invitation whose email got an account meanwhile. */
export const INVITATION_EMAIL_TAKEN = 'This email has an account now: sign in to it to accept the invitation.';

/** The answer when the invitation's mail could not be handed to the mail server. */
export const INVITATION_NOT_MAILED = 'The invitation could not be mailed. Try again in a moment.';

/** An invitation row as the admins' routes answer it. */
type StoredInvitation = StaticDecode<typeof invitationShape>;

const INVITATION_NOT_FOUND = 'Invitation not found.';

/** The mail with the link. */
export function invitationMail(to: string, inviter: string, workspace: string, role: number, link: string): MailMessage {
  return {
    to,
    subject: `${inviter} invited you to ${workspace}`,
    text: [
      `${inviter} invited you to join the workspace ${workspace} as ${roleName(role)}.`,
      '',
      `To accept, open this link within ${INVITATION_TTL_DAYS} days:`,
      link,
      '',
      'If you did not expect this invitation, you can ignore this message.',
    ].join('\n'),
  };
}

const INVITATION_COLUMNS = 'inv.id, inv.email, inv.role, u.display_name AS invited_by, inv.created_at, inv.expires_at';

const invitationParams = withIds(workspaceParams, 'invitationId');

const tokenBody = Type.Object({ token: text(128, 1) }, { additionalProperties: false });

/** The invitation a link's token names, with its workspace, while it works; null otherwise. */
function findByToken(db: Db, tokenHash: string) {
  return db.maybeOne<Omit<StaticDecode<typeof invitationPreviewShape>, 'signed_in_as'> & { id: string; workspace_id: string }>(
    `SELECT inv.id, inv.workspace_id, w.name AS workspace_name, w.slug AS workspace_slug, inv.email, inv.role,
            u.display_name AS invited_by, inv.expires_at,
            EXISTS (SELECT 1 FROM users a WHERE a.email = inv.email) AS has_account
       FROM workspace_invitations inv
       JOIN workspaces w ON w.id = inv.workspace_id
       LEFT JOIN users u ON u.id = inv.invited_by
      WHERE inv.token_hash = $1 AND inv.expires_at > now()`,
    [tokenHash],
  );
}

/**
 * Takes the invitation `tokenHash` names (a link is used once) and makes `userId` a member with
 * its role, inside `tx`; someone already a member keeps their role. Answers the workspace's slug,
 * or null when the link does not work.
 */
async function acceptInvitation(tx: Db, tokenHash: string, userId: string): Promise<string | null> {
  const invitation = await tx.maybeOne<{ workspace_id: string; role: number; slug: string }>(
    `DELETE FROM workspace_invitations inv USING workspaces w
      WHERE inv.token_hash = $1 AND inv.expires_at > now() AND w.id = inv.workspace_id
      RETURNING inv.workspace_id, inv.role, w.slug`,
    [tokenHash],
  );
  if (!invitation) return null;
  const joined = await tx.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id', [
    invitation.workspace_id,
    userId,
    invitation.role,
  ]);
  // The admins' members screen shows them, and the invitation gone from the pending ones.
  await announceMembershipChange(tx, { workspaceId: invitation.workspace_id, projectId: null, userId, actorId: userId, action: joined.length ? 'created' : 'updated' });
  return invitation.slug;
}

/**
 * Invitations for people who have no account yet. A workspace's admins invite an email with a
 * role (the mail carries a link that works for INVITATION_TTL_DAYS; inviting the email again
 * renews it with a new link), see the invitations not yet accepted, and revoke them. Whoever
 * opens the link sees whom it invites where, and joins by signing in (any account: the link
 * proves they got the mail) or by making the invited email's account with it.
 */
export async function workspaceInvitationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db, config } = app;

  app.get(
    '/workspaces/:slug/invitations',
    { preHandler: requireWorkspaceRole(Role.Admin), schema: { params: workspaceParams, response: { 200: Type.Array(invitationShape) } } },
    async (request) =>
      db.query<StoredInvitation>(
        `SELECT ${INVITATION_COLUMNS}
           FROM workspace_invitations inv LEFT JOIN users u ON u.id = inv.invited_by
          WHERE inv.workspace_id = $1 AND inv.expires_at > now()
          ORDER BY inv.created_at DESC, inv.id`,
        [currentWorkspace(request).id],
      ),
  );

  app.post(
    '/workspaces/:slug/invitations',
    { preHandler: requireWorkspaceRole(Role.Admin), schema: { params: workspaceParams, body: invitationCreateBody, response: { 201: invitationShape } } },
    async (request, reply) => {
      const workspace = currentWorkspace(request);
      const inviter = currentUser(request);
      const address = request.body.email.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(address)) throw badRequest('Enter an email address, such as name@example.com.');
      const account = await db.maybeOne<{ member: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = $1 AND m.user_id = u.id) AS member FROM users u WHERE u.email = $2',
        [workspace.id, address],
      );
      if (account) throw conflict(account.member ? ALREADY_A_MEMBER : INVITED_EMAIL_HAS_ACCOUNT);
      const wait = await app.rateLimiter.take(invitationKeys(config.authLimits, inviter.id, address));
      if (wait > 0) throw tooManyAttempts('invitation', wait);
      const { token, hash } = newLinkToken(config.sessionSecret);
      const invitation = await db.one<{ id: string }>(
        `INSERT INTO workspace_invitations (workspace_id, email, role, token_hash, invited_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (workspace_id, email) DO UPDATE
           SET role = EXCLUDED.role, token_hash = EXCLUDED.token_hash, invited_by = EXCLUDED.invited_by,
               created_at = now(), expires_at = EXCLUDED.expires_at
         RETURNING id`,
        [workspace.id, address, request.body.role, hash, inviter.id, new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS)],
      );
      const link = mailedLink(request, config.publicUrl, INVITATION_PATH, INVITATION_TOKEN_PARAM, token);
      try {
        await app.mailer.send(invitationMail(address, inviter.display_name, workspace.name, request.body.role, link));
      } catch (error) {
        // An invitation nobody was told of is no invitation: the admin tries again.
        request.log.error({ err: error }, 'sending the invitation mail failed');
        await db.query('DELETE FROM workspace_invitations WHERE id = $1 AND token_hash = $2', [invitation.id, hash]);
        throw new HttpError(502, INVITATION_NOT_MAILED);
      }
      const created = await db.one<StoredInvitation>(
        `SELECT ${INVITATION_COLUMNS} FROM workspace_invitations inv LEFT JOIN users u ON u.id = inv.invited_by WHERE inv.id = $1`,
        [invitation.id],
      );
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/workspaces/:slug/invitations/:invitationId',
    { preHandler: requireWorkspaceRole(Role.Admin), schema: { params: invitationParams } },
    async (request, reply) => {
      const removed = await db.query('DELETE FROM workspace_invitations WHERE id = $1 AND workspace_id = $2 RETURNING id', [
        request.params.invitationId,
        currentWorkspace(request).id,
      ]);
      if (!removed.length) throw notFound(INVITATION_NOT_FOUND);
      return reply.code(204).send();
    },
  );

  // The token travels in bodies, never in an address a log or a Referer could keep.
  // It says whom the reader is signed in as, so the page needs no request that fails when they are not.
  app.post('/workspace-invitations/read', { schema: { body: tokenBody, response: { 200: invitationPreviewShape } } }, async (request, reply) => {
    const invitation = await findByToken(db, hashSessionToken(config.sessionSecret, request.body.token));
    if (!invitation) throw badRequest(INVITATION_LINK_INVALID);
    const { id: _id, workspace_id: _workspace, ...preview } = invitation;
    const reader = await loadUser(request, reply);
    return { ...preview, signed_in_as: reader?.email ?? null };
  });

  app.post(
    '/workspace-invitations/accept',
    {
      preHandler: requireUser,
      schema: {
        body: tokenBody,
        response: { 200: Type.Object({ workspace_slug: Type.String() }, { additionalProperties: false }) },
      },
    },
    async (request) => {
      const tokenHash = hashSessionToken(config.sessionSecret, request.body.token);
      const workspaceSlug = await db.transaction((tx) => acceptInvitation(tx, tokenHash, currentUser(request).id));
      if (!workspaceSlug) throw badRequest(INVITATION_LINK_INVALID);
      return { workspace_slug: workspaceSlug };
    },
  );

  app.post(
    '/workspace-invitations/sign-up',
    {
      schema: {
        body: Type.Object(
          { token: text(128, 1), password: text(MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH), display_name: Type.Optional(text(255, 1)) },
          { additionalProperties: false },
        ),
        response: { 201: Type.Object({ user: authUserSchema, workspace_slug: Type.String() }, { additionalProperties: false }) },
      },
    },
    async (request, reply) => {
      const problem = passwordProblem(request.body.password);
      if (problem) throw badRequest(problem);
      const tokenHash = hashSessionToken(config.sessionSecret, request.body.token);
      // Looked up before hashing the password, so made-up tokens cost the server no hashing.
      const invitation = await findByToken(db, tokenHash);
      if (!invitation) throw badRequest(INVITATION_LINK_INVALID);
      if (invitation.has_account) throw conflict(INVITATION_EMAIL_TAKEN);
      const wait = await app.rateLimiter.take(signUpKeys(config.authLimits, request.ip, invitation.email));
      if (wait > 0) throw tooManyAttempts('sign-up', wait);
      const passwordHash = await hashPassword(request.body.password, config.passwordCost);
      const joined = await db.transaction(async (tx) => {
        // The email is the invitation's: opening its link proves the mail reached its owner.
        const account = await insertAccount(tx, { email: invitation.email, passwordHash, displayName: request.body.display_name });
        if (!account) throw conflict(INVITATION_EMAIL_TAKEN);
        const workspaceSlug = await acceptInvitation(tx, tokenHash, account.id);
        if (!workspaceSlug) throw badRequest(INVITATION_LINK_INVALID);
        return { userId: account.id, workspaceSlug };
      });
      const user = await db.one<AuthUser>(`SELECT ${AUTH_USER_COLUMNS} FROM users u WHERE u.id = $1`, [joined.userId]);
      const session = await createSession(db, config.sessionSecret, user.id);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return reply.code(201).send({ user, workspace_slug: joined.workspaceSlug });
    },
  );
}
