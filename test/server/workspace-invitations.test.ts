// Invitations for people without an account: an admin invites an email with a role, the mail's
// link shows whom it invites where, and it is taken once, by making the invited email's account
// with it or by signing in; admins list, renew and revoke what is not yet accepted.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { INVITATION_LINK_INVALID, NO_ACCOUNT_FOR_EMAIL } from '../../src/api-shapes/invitation-link.js';
import { DEFAULT_AUTH_LIMITS } from '../../src/server/auth/auth-limits.js';
import { REPEATED_PASSWORD_MESSAGE } from '../../src/server/auth/password-rules.js';
import { Role } from '../../src/server/roles.js';
import {
  ALREADY_A_MEMBER,
  INVITATION_EMAIL_TAKEN,
  INVITATION_NOT_MAILED,
  INVITED_EMAIL_HAS_ACCOUNT,
} from '../../src/server/routes/workspace-invitations.js';
import { adminsOnly, RecordingMailer, seedWorkspace, startServer, uniqueEmail, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
const mailer = new RecordingMailer();
before(async () => {
  server = await startServer({}, {}, { mailer });
  seed = await seedWorkspace(server);
});
after(() => server.close());

/** Invites `email` as the seed's admin and answers the token its mail carries. */
async function invite(email: string, role: number = Role.Member): Promise<{ id: string; token: string }> {
  const before = mailer.sent.length;
  const answer = await seed.actors.admin.post(`${seed.workspaceUrl}/invitations`, { email, role });
  assert.equal(answer.status, 201, answer.text);
  const mail = mailer.sent.slice(before).find((message) => message.to === email.toLowerCase());
  assert.ok(mail, 'a mail went to the invited email');
  assert.equal(mail.subject, 'admin invited you to Seed workspace');
  const link = new RegExp(`^${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/workspace-invitations#token=([A-Za-z0-9_-]{43})$`, 'm').exec(mail.text);
  assert.ok(link, mail.text);
  return { id: answer.body.id, token: link[1]! };
}

test('adding an email without an account says so; an invitation for it is listed for admins only', async () => {
  const email = uniqueEmail('newcomer');
  const added = await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email, role: Role.Member });
  assert.deepEqual([added.status, added.body], [404, { error: NO_ACCOUNT_FOR_EMAIL }]);
  const { id } = await invite(email.toUpperCase(), Role.Viewer);
  const listed = await seed.actors.admin.get(`${seed.workspaceUrl}/invitations`);
  assert.equal(listed.status, 200);
  const entry = listed.body.find((invitation: { id: string }) => invitation.id === id);
  assert.deepEqual({ ...entry, created_at: undefined, expires_at: undefined }, { id, email, role: Role.Viewer, invited_by: 'admin', created_at: undefined, expires_at: undefined });
  const days = (Date.parse(entry.expires_at) - Date.parse(entry.created_at)) / 86_400_000;
  assert.ok(Math.abs(days - 7) < 0.01, `works for 7 days (${days})`);
  await seed.expectMatrix('GET', `${seed.workspaceUrl}/invitations`, undefined, adminsOnly(200));
  await seed.expectMatrix('POST', `${seed.workspaceUrl}/invitations`, () => ({ email: uniqueEmail('x'), role: Role.Member }), {
    anonymous: 401,
    nonMember: 404,
    guest: 403,
    viewer: 403,
    member: 403,
    admin: 201,
  });
});

test('the link shows the invitation, and making the account with it joins the workspace with its role and signs in', async () => {
  const email = uniqueEmail('joiner');
  const { token } = await invite(email, Role.Viewer);
  const browser = server.client();
  const preview = await browser.post('/api/workspace-invitations/read', { token });
  assert.equal(preview.status, 200, preview.text);
  assert.deepEqual({ ...preview.body, expires_at: undefined }, {
    workspace_name: 'Seed workspace',
    workspace_slug: seed.workspace.slug,
    email,
    role: Role.Viewer,
    invited_by: 'admin',
    expires_at: undefined,
    has_account: false,
    signed_in_as: null,
  });
  const weak = await browser.post('/api/workspace-invitations/sign-up', { token, password: 'aaaaaaaa' });
  assert.deepEqual([weak.status, weak.body], [400, { error: REPEATED_PASSWORD_MESSAGE }]);

  const joined = await browser.post('/api/workspace-invitations/sign-up', { token, password: 'a fine password', display_name: 'Joiner' });
  assert.equal(joined.status, 201, joined.text);
  assert.deepEqual([joined.body.user.email, joined.body.user.display_name, joined.body.workspace_slug], [email, 'Joiner', seed.workspace.slug]);
  const me = await browser.get('/api/users/me');
  assert.equal(me.body.email, email, 'signed in');
  const workspace = await browser.get(seed.workspaceUrl);
  assert.deepEqual([workspace.status, workspace.body.role], [200, Role.Viewer]);
  // Used once: read, accept and sign-up all refuse it now, and it is no longer listed.
  assert.deepEqual((await server.client().post('/api/workspace-invitations/read', { token })).body, { error: INVITATION_LINK_INVALID });
  assert.equal((await browser.post('/api/workspace-invitations/accept', { token })).status, 400);
  const again = await server.client().post('/api/workspace-invitations/sign-up', { token, password: 'another password' });
  assert.deepEqual([again.status, again.body], [400, { error: INVITATION_LINK_INVALID }]);
  const listed = await seed.actors.admin.get(`${seed.workspaceUrl}/invitations`);
  assert.equal(listed.body.some((invitation: { email: string }) => invitation.email === email), false);
});

test('someone who signs in accepts with their account; an email that got an account meanwhile must sign in', async () => {
  const email = uniqueEmail('late');
  const { token } = await invite(email, Role.Member);
  // They made an account on their own after the invitation was sent.
  const browser = server.client();
  await browser.signUp({ email, password: 'their own password' });
  const preview = await browser.post('/api/workspace-invitations/read', { token });
  assert.deepEqual([preview.body.has_account, preview.body.signed_in_as], [true, email], 'the reader is told whom they are signed in as');
  const signUp = await server.client().post('/api/workspace-invitations/sign-up', { token, password: 'a fine password' });
  assert.deepEqual([signUp.status, signUp.body], [409, { error: INVITATION_EMAIL_TAKEN }]);
  assert.equal((await server.client().post('/api/workspace-invitations/accept', { token })).status, 401, 'accepting needs a session');

  // The admins' members screens hear of it as it happens.
  const watching = await seed.actors.admin.events(`${seed.workspaceUrl}/events`);
  try {
    const accepted = await browser.post('/api/workspace-invitations/accept', { token });
    assert.deepEqual([accepted.status, accepted.body], [200, { workspace_slug: seed.workspace.slug }]);
    const told = await watching.next();
    const event = JSON.parse(told!.data);
    assert.deepEqual([event.event, event.action, event.id, event.project_id], ['member', 'created', browser.user!.id, null]);
  } finally {
    watching.close();
  }
  assert.equal((await browser.get(seed.workspaceUrl)).body.role, Role.Member);
  // Someone already a member keeps their role when they accept a second invitation.
  const other = uniqueEmail('twice');
  const second = await invite(other, Role.Admin);
  const existing = await seed.actors.viewer.post('/api/workspace-invitations/accept', { token: second.token });
  assert.equal(existing.status, 200);
  assert.equal((await seed.actors.viewer.get(seed.workspaceUrl)).body.role, Role.Viewer);
});

test('inviting again renews the link and role; revoked, expired or made-up links do nothing', async () => {
  const email = uniqueEmail('renewed');
  const first = await invite(email, Role.Guest);
  const second = await invite(email, Role.Member);
  assert.equal(first.id, second.id, 'one invitation per email');
  assert.deepEqual((await server.client().post('/api/workspace-invitations/read', { token: first.token })).body, { error: INVITATION_LINK_INVALID });
  assert.equal((await server.client().post('/api/workspace-invitations/read', { token: second.token })).body.role, Role.Member);

  await server.db.query(`UPDATE workspace_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [second.id]);
  const expired = await server.client().post('/api/workspace-invitations/sign-up', { token: second.token, password: 'a fine password' });
  assert.deepEqual([expired.status, expired.body], [400, { error: INVITATION_LINK_INVALID }]);
  assert.equal((await seed.actors.admin.get(`${seed.workspaceUrl}/invitations`)).body.some((invitation: { id: string }) => invitation.id === second.id), false);

  const third = await invite(email, Role.Member);
  assert.equal((await seed.actors.member.request('DELETE', `${seed.workspaceUrl}/invitations/${third.id}`)).status, 403);
  assert.equal((await seed.actors.admin.request('DELETE', `${seed.workspaceUrl}/invitations/${third.id}`)).status, 204);
  assert.equal((await seed.actors.admin.request('DELETE', `${seed.workspaceUrl}/invitations/${third.id}`)).status, 404);
  assert.deepEqual((await server.client().post('/api/workspace-invitations/read', { token: third.token })).body, { error: INVITATION_LINK_INVALID });
  assert.equal((await server.client().post('/api/workspace-invitations/read', { token: 'x'.repeat(43) })).status, 400);
  assert.equal((await server.client().post('/api/auth/sign-in', { email, password: 'a fine password' })).status, 401, 'no account was made');
});

test('members and emails with accounts are added, not invited; a bad address or a failed mail leaves nothing behind', async () => {
  const member = await seed.actors.admin.post(`${seed.workspaceUrl}/invitations`, { email: seed.users.member.email, role: Role.Member });
  assert.deepEqual([member.status, member.body], [409, { error: ALREADY_A_MEMBER }]);
  const outsider = await seed.actors.admin.post(`${seed.workspaceUrl}/invitations`, { email: seed.users.nonMember.email, role: Role.Member });
  assert.deepEqual([outsider.status, outsider.body], [409, { error: INVITED_EMAIL_HAS_ACCOUNT }]);
  assert.equal((await seed.actors.admin.post(`${seed.workspaceUrl}/invitations`, { email: 'not an email', role: Role.Member })).status, 400);
  assert.equal((await seed.actors.admin.post(`${seed.workspaceUrl}/invitations`, { email: uniqueEmail('y'), role: 7 })).status, 400);

  const email = uniqueEmail('unmailed');
  mailer.fail = true;
  try {
    const failed = await seed.actors.admin.post(`${seed.workspaceUrl}/invitations`, { email, role: Role.Member });
    assert.deepEqual([failed.status, failed.body], [502, { error: INVITATION_NOT_MAILED }]);
  } finally {
    mailer.fail = false;
  }
  const listed = await seed.actors.admin.get(`${seed.workspaceUrl}/invitations`);
  assert.equal(listed.body.some((invitation: { email: string }) => invitation.email === email), false);
});

test('invitations to one email are limited (its owner gets a mail for each)', async () => {
  const limited = await startServer({}, { authLimits: { ...DEFAULT_AUTH_LIMITS, invitationsPerEmail: { max: 2, windowMs: 60_000 } } }, { mailer: new RecordingMailer() });
  try {
    const own = await seedWorkspace(limited);
    const email = uniqueEmail('flooded');
    for (let i = 0; i < 2; i++) assert.equal((await own.actors.admin.post(`${own.workspaceUrl}/invitations`, { email, role: Role.Member })).status, 201);
    const refused = await own.actors.admin.post(`${own.workspaceUrl}/invitations`, { email, role: Role.Member });
    assert.equal(refused.status, 429);
    assert.match(refused.body.error, /^Too many invitation attempts\. Please try again in \d+ minutes?\.$/);
  } finally {
    await limited.close();
  }
});
