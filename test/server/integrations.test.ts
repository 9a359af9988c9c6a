// GitHub: a project admin connects it and gets a webhook address and secret; pull request events
// signed with that secret link the issues they name by key and move them as the pull request
// opens and merges, recorded as the bot's activity. Unsigned or wrongly signed events change
// nothing; admins see the last event's result, renew the secret and disconnect.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { issueNumbersIn } from '../../src/server/integrations/github.js';
import { ALREADY_CONNECTED, SEND_JSON, SIGNATURE_MISMATCH } from '../../src/server/routes/integrations.js';
import { adminsOnly, seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

/** Sends a GitHub event to `url`, signed with `secret` (unsigned when null). */
function deliver(url: string, secret: string | null, event: string, payload: unknown, headers: Record<string, string> = {}) {
  const body = JSON.stringify(payload);
  const signature: Record<string, string> = secret === null ? {} : { 'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` };
  return server.client().request('POST', url, body, { headers: { 'content-type': 'application/json', 'x-github-event': event, ...signature, ...headers } });
}

/** A pull_request event's payload. */
function pullRequest(action: string, fields: Record<string, unknown> = {}) {
  return {
    action,
    number: 42,
    pull_request: {
      number: 42,
      title: 'Fix the login form',
      html_url: 'https://github.com/acme/web/pull/42',
      head: { ref: 'main' },
      body: null,
      merged: false,
      draft: false,
      ...fields,
    },
    repository: { full_name: 'acme/web' },
  };
}

async function issue(name: string, group?: string) {
  const states = (await seed.actors.admin.get(`${seed.projectUrl}/states`)).body as { id: string; group: string; name: string }[];
  const state = group ? states.find((candidate) => candidate.group === group) : undefined;
  const created = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name, ...(state ? { state_id: state.id } : {}) });
  assert.equal(created.status, 201, created.text);
  return created.body as { id: string; sequence_id: number };
}

const path = (url: string) => new URL(url).pathname;

describe('GitHub integration', () => {
  test('issue keys are found in any case, not inside longer words or numbers, at most 20', () => {
    assert.deepEqual(issueNumbersIn('WEB', ['Fix WEB-12 and web-3', 'web-12-login', 'NOTWEB-5 WEB-77x WEB-8']), [12, 3, 8]);
    assert.deepEqual(issueNumbersIn('WEB', ['WEB-123456']), [123456]);
    assert.deepEqual(issueNumbersIn('A.B', ['AXB-1 A.B-2']), [2]);
    assert.equal(issueNumbersIn('WEB', [Array.from({ length: 30 }, (_, i) => `WEB-${i + 1}`).join(' ')]).length, 20);
  });

  test('viewers and up see the connection; admins make it, once; the secret is shown on creation and renewal only', async () => {
    const url = `${seed.projectUrl}/integrations`;
    await seed.expectMatrix('GET', url, undefined, { anonymous: 401, nonMember: 404, guest: 403, viewer: 200, member: 200, admin: 200 });
    await seed.expectMatrix('POST', url, { provider: 'github' }, adminsOnly(201));
    const again = await seed.actors.admin.post(url, { provider: 'github' });
    assert.deepEqual([again.status, again.body], [409, { error: ALREADY_CONNECTED }]);
    const listed = await seed.actors.admin.get(url);
    assert.equal(listed.body.length, 1);
    assert.equal('secret' in listed.body[0], false, 'the secret is not listed');
    assert.equal(listed.body[0].webhook_url, `${server.url}/api/integrations/github/${listed.body[0].id}`);
    assert.deepEqual([listed.body[0].created_by, listed.body[0].last_delivery_at], ['admin', null]);
    assert.equal((await seed.actors.admin.request('DELETE', `${url}/${listed.body[0].id}`)).status, 204);
    assert.deepEqual((await seed.actors.admin.get(url)).body, []);
  });

  test('a signed pull request links the issues it names, moves them when opened and when merged, and records what came of it', async () => {
    const connected = await seed.actors.admin.post(`${seed.projectUrl}/integrations`, { provider: 'github' });
    assert.equal(connected.status, 201, connected.text);
    const { webhook_url: webhookUrl, secret, id } = connected.body;
    const todo = await issue('Login form', 'unstarted');
    const backlog = await issue('Login copy', 'backlog');
    const done = await issue('Old work', 'completed');
    const archived = await issue('Archived work', 'unstarted');
    await seed.actors.member.post(`${seed.projectUrl}/issues/${archived.id}/archive`);

    const ping = await deliver(path(webhookUrl), secret, 'ping', { zen: 'Keep it logically awesome.' });
    assert.deepEqual([ping.status, ping.body.result], [200, 'GitHub connected: pull requests will link and move issues, and pushes link the commits that name them.']);

    const body = `Closes SEED-${backlog.sequence_id}, and SEED-${done.sequence_id}; also SEED-${archived.sequence_id} and SEED-9999.`;
    const opened = await deliver(path(webhookUrl), secret, 'pull_request', pullRequest('opened', { head: { ref: `seed-${todo.sequence_id}-login` }, body }));
    assert.equal(opened.status, 200, opened.text);
    assert.equal(
      opened.body.result,
      `Pull request #42 opened: SEED-${todo.sequence_id} linked and moved to In Progress; SEED-${backlog.sequence_id} linked and moved to In Progress; ` +
        `SEED-${done.sequence_id} linked; SEED-${archived.sequence_id} is archived and was left alone; SEED-9999 not found.`,
    );
    const detail = async (issueId: string) => (await seed.actors.member.get(`${seed.projectUrl}/issues/${issueId}`)).body;
    const stateName = async (issueId: string) => (await detail(issueId)).state__name;
    assert.deepEqual([await stateName(todo.id), await stateName(backlog.id), await stateName(done.id), await stateName(archived.id)], ['In Progress', 'In Progress', 'Done', 'Todo']);
    const links = (await seed.actors.member.get(`${seed.projectUrl}/issues/${todo.id}/links`)).body;
    assert.deepEqual(links.map((link: { url: string; title: string }) => [link.url, link.title]), [['https://github.com/acme/web/pull/42', '#42 Fix the login form']]);
    const activity = (await seed.actors.member.get(`${seed.projectUrl}/issues/${todo.id}/activities`)).body as { field: string; actor: { display_name: string; is_bot: boolean } | null }[];
    const byBot = activity.filter((row) => row.actor?.is_bot);
    assert.deepEqual(byBot.map((row) => [row.field, row.actor!.display_name]).sort(), [['link', 'GitHub'], ['state', 'GitHub']]);
    assert.equal((await seed.actors.member.get(`${seed.projectUrl}/issues/${archived.id}/links`)).body.length, 0);

    // Edited: the link's title follows, no second link; merged: the issues not done move to Done.
    await deliver(path(webhookUrl), secret, 'pull_request', pullRequest('edited', { title: 'Fix the login form at last', head: { ref: `seed-${todo.sequence_id}-login` } }));
    const merged = await deliver(path(webhookUrl), secret, 'pull_request', pullRequest('closed', { merged: true, title: 'Fix the login form at last', head: { ref: `seed-${todo.sequence_id}-login` } }));
    assert.equal(merged.body.result, `Pull request #42 merged: SEED-${todo.sequence_id} moved to Done.`);
    const after = await detail(todo.id);
    assert.equal(after.state__name, 'Done');
    assert.notEqual(after.completed_at, null);
    const linksAfter = (await seed.actors.member.get(`${seed.projectUrl}/issues/${todo.id}/links`)).body;
    assert.deepEqual(linksAfter.map((link: { title: string }) => link.title), ['#42 Fix the login form at last']);

    const listed = (await seed.actors.admin.get(`${seed.projectUrl}/integrations`)).body[0];
    assert.equal(listed.last_delivery_result, `Pull request #42 merged: SEED-${todo.sequence_id} moved to Done.`);
    assert.notEqual(listed.last_delivery_at, null);
    // Other events are taken and ignored; a draft opened links without moving.
    const issuesEvent = await deliver(path(webhookUrl), secret, 'issues', { action: 'opened' });
    assert.equal(issuesEvent.body.result, 'A issues event was ignored: only pull request and push events are used.');
    const later = await issue('Later work', 'unstarted');
    const draft = await deliver(path(webhookUrl), secret, 'pull_request', pullRequest('opened', { number: 43, html_url: 'https://github.com/acme/web/pull/43', title: `SEED-${later.sequence_id}: WIP`, draft: true }));
    assert.equal(draft.body.result, `Pull request #43 opened: SEED-${later.sequence_id} linked.`);
    assert.equal(await stateName(later.id), 'Todo');
    await seed.actors.admin.request('DELETE', `${seed.projectUrl}/integrations/${id}`);
  });

  test('a push links each commit to the issues its message names, once, without moving them', async () => {
    const connected = await seed.actors.admin.post(`${seed.projectUrl}/integrations`, { provider: 'github' });
    const { webhook_url: webhookUrl, secret, id } = connected.body;
    const form = await issue('Sign-up form', 'unstarted');
    const copy = await issue('Sign-up copy', 'backlog');
    const shelved = await issue('Shelved', 'unstarted');
    await seed.actors.member.post(`${seed.projectUrl}/issues/${shelved.id}/archive`);
    const commit = (sha: string, message: string) => ({ id: sha, message, url: `https://github.com/acme/web/commit/${sha}` });
    const push = {
      ref: 'refs/heads/main',
      commits: [
        commit('1a2b3c4d5e6f', `Check the e-mail field (SEED-${form.sequence_id})\n\nLonger explanation.`),
        commit('2b3c4d5e6f7a', `seed-${form.sequence_id}: and the password; SEED-${copy.sequence_id} wording`),
        commit('3c4d5e6f7a8b', `Tidy up, see SEED-${shelved.sequence_id} and SEED-9999`),
        commit('4d5e6f7a8b9c', 'No key here'),
        { id: 'bad', message: `SEED-${copy.sequence_id}`, url: 'javascript:alert(1)' },
      ],
    };
    const pushed = await deliver(path(webhookUrl), secret, 'push', push);
    assert.equal(pushed.status, 200, pushed.text);
    assert.equal(
      pushed.body.result,
      `Push to main: SEED-${form.sequence_id} linked to 2 commits; SEED-${copy.sequence_id} linked to 1 commit; ` +
        `SEED-${shelved.sequence_id} is archived and was left alone; SEED-9999 not found.`,
    );
    const links = async (issueId: string) =>
      ((await seed.actors.member.get(`${seed.projectUrl}/issues/${issueId}/links`)).body as { url: string; title: string }[]).map((link) => [link.title, link.url]).sort();
    assert.deepEqual(await links(form.id), [
      ['Commit 1a2b3c4: Check the e-mail field (SEED-' + form.sequence_id + ')', 'https://github.com/acme/web/commit/1a2b3c4d5e6f'],
      [`Commit 2b3c4d5: seed-${form.sequence_id}: and the password; SEED-${copy.sequence_id} wording`, 'https://github.com/acme/web/commit/2b3c4d5e6f7a'],
    ]);
    assert.equal((await links(copy.id)).length, 1, 'the commit with an unsafe address is left out');
    assert.equal((await seed.actors.member.get(`${seed.projectUrl}/issues/${form.id}`)).body.state__name, 'Todo', 'a push moves nothing');
    // The same commits pushed to another branch link nothing again.
    const again = await deliver(path(webhookUrl), secret, 'push', { ...push, ref: 'refs/heads/release' });
    assert.match(again.body.result, new RegExp(`^Push to release: SEED-${form.sequence_id} unchanged; SEED-${copy.sequence_id} unchanged;`));
    assert.equal((await links(form.id)).length, 2);
    const none = await deliver(path(webhookUrl), secret, 'push', { ref: 'refs/heads/main', commits: [] });
    assert.equal(none.body.result, 'Push to main: no commit names an issue of SEED.');
    const malformed = await deliver(path(webhookUrl), secret, 'push', { ref: 7, commits: 'x' });
    assert.deepEqual([malformed.status, malformed.body.error], [400, 'The push event lacks its branch or commits.']);
    await seed.actors.admin.request('DELETE', `${seed.projectUrl}/integrations/${id}`);
  });

  test('unsigned, wrongly signed, renewed-away or malformed events change nothing, with a clear answer', async () => {
    const connected = await seed.actors.admin.post(`${seed.projectUrl}/integrations`, { provider: 'github' });
    const { webhook_url: webhookUrl, secret, id } = connected.body;
    const target = await issue('Untouched', 'unstarted');
    const payload = pullRequest('opened', { title: `SEED-${target.sequence_id}` });
    const url = path(webhookUrl);
    for (const [answer, status] of [
      [await deliver(url, null, 'pull_request', payload), 401],
      [await deliver(url, 'not the secret', 'pull_request', payload), 401],
    ] as const) {
      assert.deepEqual([answer.status, answer.body], [status, { error: SIGNATURE_MISMATCH }]);
    }
    const renewed = await seed.actors.admin.post(`${seed.projectUrl}/integrations/${id}/secret`);
    assert.equal(renewed.status, 200);
    assert.notEqual(renewed.body.secret, secret);
    assert.equal((await deliver(url, secret, 'pull_request', payload)).status, 401, 'the old secret no longer works');
    assert.equal((await deliver(url.replace(id, '00000000-0000-4000-8000-000000000000'), secret, 'pull_request', payload)).status, 404);
    const form = await server.client().request('POST', url, 'payload=%7B%7D', { headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-github-event': 'ping' } });
    assert.deepEqual([form.status, form.body], [415, { error: SEND_JSON }]);
    const malformed = await deliver(url, renewed.body.secret, 'pull_request', { action: 'opened', pull_request: { number: 'x' } });
    assert.equal(malformed.status, 400);
    const noEvent = await server.client().request('POST', url, '{}', { headers: { 'content-type': 'application/json' } });
    assert.equal(noEvent.status, 400);
    assert.equal((await seed.actors.member.get(`${seed.projectUrl}/issues/${target.id}/links`)).body.length, 0);
    assert.equal((await seed.actors.admin.get(`${seed.projectUrl}/integrations`)).body[0].last_delivery_at, null);
    // The bot cannot be added as a member, by its address or otherwise.
    const bot = await server.db.one<{ email: string }>('SELECT u.email FROM project_integrations pi JOIN users u ON u.id = pi.bot_user_id WHERE pi.id = $1', [id]);
    assert.equal((await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: bot.email, role: 15 })).status, 404);
    assert.equal((await server.client().post('/api/auth/sign-in', { email: bot.email, password: 'anything at all' })).status, 401);
    await seed.actors.admin.request('DELETE', `${seed.projectUrl}/integrations/${id}`);
  });
});
