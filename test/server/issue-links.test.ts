import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { everyMember, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let issueUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  const issue = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Has links' });
  issueUrl = `${seed.projectUrl}/issues/${issue.body.id}`;
});
after(() => server.close());

const LINK_KEYS = ['created_at', 'created_by', 'id', 'title', 'url'];

async function newLink(fields: Record<string, unknown> = {}) {
  const response = await seed.actors.member.post(`${issueUrl}/links`, { url: `https://example.com/${randomUUID()}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

async function linkActivities() {
  const rows = (await seed.actors.guest.get(`${issueUrl}/activities`)).body as Record<string, unknown>[];
  return rows.filter((row) => row.field === 'link').map((row) => [row.verb, row.old_value, row.new_value, row.old_identifier, row.new_identifier]);
}

describe('POST …/issues/:issueId/links', () => {
  test('adds a link in the spec\'s shape (title optional) and records it', async () => {
    const response = await seed.actors.member.post(`${issueUrl}/links`, { url: '  https://example.com/spec  ', title: '  The spec ' });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), LINK_KEYS);
    assert.equal(response.body.url, 'https://example.com/spec');
    assert.equal(response.body.title, 'The spec');
    assert.equal(response.body.created_by, seed.users.member.id);
    const untitled = await seed.actors.member.post(`${issueUrl}/links`, { url: 'http://example.org', title: '   ' });
    assert.equal(untitled.body.title, null);
    const noTitle = await seed.actors.member.post(`${issueUrl}/links`, { url: 'http://example.org/2' });
    assert.equal(noTitle.body.title, null);
    const rows = await linkActivities();
    assert.deepEqual(rows.slice(-3)[0], ['created', null, 'https://example.com/spec', null, response.body.id]);
  });

  test('takes a bare domain as https://', async () => {
    const response = await seed.actors.member.post(`${issueUrl}/links`, { url: ' example.com/spec ' });
    assert.equal(response.status, 201, response.text);
    assert.equal(response.body.url, 'https://example.com/spec');
  });

  test('refuses a missing URL ("URL is required") and anything but http://, https:// or a bare domain', async () => {
    const cases: [unknown, string][] = [
      [{}, 'URL is required'],
      [{ url: '' }, 'URL is required'],
      [{ url: '   ', title: 'x' }, 'URL is required'],
      [{ url: 'javascript:alert(1)' }, 'Enter a valid URL that begins with http:// or https://'],
      [{ url: 'ftp://example.com' }, 'Enter a valid URL that begins with http:// or https://'],
      [{ url: 'not a host' }, 'Enter a valid URL that begins with http:// or https://'],
      [{ url: 'https://' }, 'Enter a valid URL that begins with http:// or https://'],
      [{ url: 'https://example.com', title: 'x'.repeat(256) }, 'Title cannot be longer than 255 characters'],
      [{ url: 'https://example.com', note: 'x' }, 'Body has an unknown field "note"'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post(`${issueUrl}/links`, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
    assert.equal((await seed.actors.member.post(`${seed.projectUrl}/issues/${randomUUID()}/links`, { url: 'https://x.y' })).status, 404);
  });

  test('authorization matrix: Member and up', async () => {
    await seed.expectMatrix('POST', `${issueUrl}/links`, (actor: Actor) => ({ url: `https://example.com/${actor}` }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 201,
      admin: 201,
    });
  });
});

describe('GET …/issues/:issueId/links', () => {
  test('lists the links oldest first; authorization matrix: everyone in the project', async () => {
    const link = await newLink();
    const responses = await seed.expectMatrix('GET', `${issueUrl}/links`, undefined, everyMember(200));
    const list = responses.guest.body;
    assert.equal(list.at(-1).id, link.id);
    for (const item of list) assert.deepEqual(Object.keys(item).sort(), LINK_KEYS);
  });
});

describe('PATCH …/issues/:issueId/links/:linkId', () => {
  test('changes the URL and title and records the change', async () => {
    const link = await newLink({ title: 'Old' });
    const response = await seed.actors.member.patch(`${issueUrl}/links/${link.id}`, { url: 'https://example.com/new', title: null });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.url, 'https://example.com/new');
    assert.equal(response.body.title, null);
    const titled = await seed.actors.admin.patch(`${issueUrl}/links/${link.id}`, { title: 'New' });
    assert.equal(titled.body.url, 'https://example.com/new');
    assert.equal(titled.body.title, 'New');
    const rows = await linkActivities();
    assert.deepEqual(rows.slice(-2), [
      ['updated', link.url, 'https://example.com/new', link.id, link.id],
      ['updated', 'https://example.com/new', 'https://example.com/new', link.id, link.id],
    ]);
  });

  test('refuses bad input', async () => {
    const link = await newLink();
    for (const [body, error] of [
      [{}, 'Body needs at least one field'],
      [{ url: '' }, 'URL is required'],
      [{ url: 'data:text/html,x' }, 'Enter a valid URL that begins with http:// or https://'],
    ] as const) {
      const response = await seed.actors.member.patch(`${issueUrl}/links/${link.id}`, body);
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, { error });
    }
    assert.equal((await seed.actors.member.patch(`${issueUrl}/links/${randomUUID()}`, { title: 'x' })).status, 404);
  });

  test('authorization matrix: guests and viewers cannot edit links', async () => {
    const link = await newLink();
    await seed.expectMatrix('PATCH', `${issueUrl}/links/${link.id}`, (actor: Actor) => ({ title: actor }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 200,
      admin: 200,
    });
  });
});

describe('DELETE …/issues/:issueId/links/:linkId', () => {
  test('deletes the link and records it', async () => {
    const link = await newLink();
    assert.equal((await seed.actors.member.delete(`${issueUrl}/links/${link.id}`)).status, 204);
    const list = (await seed.actors.guest.get(`${issueUrl}/links`)).body;
    assert.ok(!list.some((item: { id: string }) => item.id === link.id));
    assert.deepEqual((await linkActivities()).at(-1), ['deleted', link.url, null, link.id, null]);
  });

  test('authorization matrix: guests and viewers cannot delete links; members and admins can', async () => {
    const first = await newLink();
    await seed.expectMatrix('DELETE', `${issueUrl}/links/${first.id}`, undefined, { anonymous: 401, nonMember: 404, guest: 403, viewer: 403, member: 204, admin: 404 });
    const second = await newLink();
    assert.equal((await seed.actors.admin.delete(`${issueUrl}/links/${second.id}`)).status, 204);
  });
});
