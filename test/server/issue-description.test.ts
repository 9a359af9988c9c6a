import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { DESCRIPTION_EDITS_JOINED_SECONDS, STALE_DESCRIPTION } from '../../src/server/issues/description.js';
import { everyMember, seedWorkspace, startServer, type Actor, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

async function newIssue(): Promise<{ id: string; url: string }> {
  const response = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: `Issue ${randomUUID().slice(0, 6)}` });
  assert.equal(response.status, 201, response.text);
  return { id: response.body.id, url: `${seed.projectUrl}/issues/${response.body.id}/description` };
}

async function stored(issueId: string) {
  return server.db.one<{ description_html: string; description_json: unknown; description_version: number }>(
    'SELECT description_html, description_json, description_version FROM issues WHERE id = $1',
    [issueId],
  );
}

describe('GET …/issues/:issueId/description', () => {
  test('answers the description and its version, with the version as ETag', async () => {
    const issue = await newIssue();
    const response = await seed.actors.guest.get(issue.url);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { description_html: '<p></p>', version: 1 });
    assert.equal(response.headers.get('etag'), '"1"');
  });

  test('authorization matrix: everyone in the project', async () => {
    const issue = await newIssue();
    await seed.expectMatrix('GET', issue.url, undefined, everyMember(200));
    assert.equal((await seed.actors.guest.get(`${seed.projectUrl}/issues/${randomUUID()}/description`)).status, 404);
  });
});

describe('PUT …/issues/:issueId/description', () => {
  test('stores only sanitised, schema-valid HTML and its JSON, bumps the version and records the activity', async () => {
    const issue = await newIssue();
    const response = await seed.actors.member.put(issue.url, {
      description_html: '<h1 onclick="x()">Title</h1><p>Body<script>alert(1)</script></p><iframe src="https://evil"></iframe><p></p>',
      version: 1,
    });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { description_html: '<h1>Title</h1><p>Body</p>', version: 2 });
    assert.equal(response.headers.get('etag'), '"2"');
    const row = await stored(issue.id);
    assert.equal(row.description_html, '<h1>Title</h1><p>Body</p>');
    assert.equal(row.description_version, 2);
    assert.equal((row.description_json as { type: string }).type, 'doc');
    const feed = await seed.actors.guest.get(`${seed.projectUrl}/issues/${issue.id}/activities`);
    const last = feed.body.at(-1);
    assert.deepEqual([last.field, last.verb, last.old_value, last.new_value], ['description', 'updated', '1', '2']);
    assert.equal(last.actor.id, seed.users.member.id);
  });

  test('accepts the version as an If-Match header, and the editor JSON in place of the HTML (a \\n in its text a line break)', async () => {
    const issue = await newIssue();
    const json = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'From JSON\nby a program' }] }] };
    const response = await seed.actors.member.put(issue.url, { description_html: '<p>ignored</p>', description_json: json }, { headers: { 'if-match': '"1"' } });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { description_html: '<p>From JSON<br>by a program</p>', version: 2 });
    const weak = await seed.actors.member.put(issue.url, { description_html: '<p>weak</p>' }, { headers: { 'if-match': 'W/"2"' } });
    assert.equal(weak.status, 200);
    assert.equal(weak.body.version, 3);
  });

  test('a stale version gets 409 with the current description, and the stored text stays', async () => {
    const issue = await newIssue();
    assert.equal((await seed.actors.member.put(issue.url, { description_html: '<p>first</p>', version: 1 })).status, 200);
    const stale = await seed.actors.admin.put(issue.url, { description_html: '<p>second</p>', version: 1 });
    assert.equal(stale.status, 409);
    assert.deepEqual(stale.body, { error: STALE_DESCRIPTION, current: { description_html: '<p>first</p>', version: 2 } });
    assert.equal(stale.headers.get('etag'), '"2"');
    const row = await stored(issue.id);
    assert.equal(row.description_html, '<p>first</p>');
    assert.equal(row.description_version, 2);
    const staleHeader = await seed.actors.admin.put(issue.url, { description_html: '<p>second</p>' }, { headers: { 'if-match': '"1"' } });
    assert.equal(staleHeader.status, 409);
  });

  test('two clients saving the same version at once: one wins, the other gets 409 with the winner\'s text', async () => {
    for (let round = 0; round < 3; round++) {
      const issue = await newIssue();
      const [a, b] = await Promise.all([
        seed.actors.member.put(issue.url, { description_html: '<p>from member</p>', version: 1 }),
        seed.actors.admin.put(issue.url, { description_html: '<p>from admin</p>', version: 1 }),
      ]);
      assert.deepEqual([a.status, b.status].sort(), [200, 409]);
      const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
      assert.deepEqual(loser.body.current, winner.body);
      const row = await stored(issue.id);
      assert.equal(row.description_html, winner.body.description_html);
      assert.equal(row.description_version, 2);
      const feed = await seed.actors.guest.get(`${seed.projectUrl}/issues/${issue.id}/activities`);
      assert.equal(feed.body.filter((r: { field: string }) => r.field === 'description').length, 1);
    }
  });

  test('saving the same text keeps the version and records nothing', async () => {
    const issue = await newIssue();
    await seed.actors.member.put(issue.url, { description_html: '<p>same</p>', version: 1 });
    const again = await seed.actors.member.put(issue.url, { description_html: '<p>same</p>', version: 2 });
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, { description_html: '<p>same</p>', version: 2 });
    const feed = await seed.actors.guest.get(`${seed.projectUrl}/issues/${issue.id}/activities`);
    assert.equal(feed.body.filter((r: { field: string }) => r.field === 'description').length, 1);
  });

  test('one person\'s saves in a row are one activity row, at the last save; another\'s change, or a long gap, starts a new one', async () => {
    const issue = await newIssue();
    const put = (actor: TestClient, html: string, version: number) => actor.put(issue.url, { description_html: html, version });
    const rows = async () => {
      const feed = await seed.actors.guest.get(`${seed.projectUrl}/issues/${issue.id}/activities`);
      return (feed.body as Array<{ field: string; old_value: string; new_value: string; actor: { id: string } }>)
        .filter((row) => row.field === 'description')
        .map((row) => [row.actor.id, row.old_value, row.new_value]);
    };
    // Saves at each pause in typing: one row, from the first version to the last.
    for (let version = 1; version <= 3; version++) assert.equal((await put(seed.actors.member, `<p>draft ${version}</p>`, version)).status, 200);
    assert.deepEqual(await rows(), [[seed.users.member.id, '1', '4']]);
    // Someone else's save is a row of its own, and the first person's next save after it another.
    await put(seed.actors.admin, '<p>edited by admin</p>', 4);
    await put(seed.actors.member, '<p>member again</p>', 5);
    assert.deepEqual(await rows(), [
      [seed.users.member.id, '1', '4'],
      [seed.users.admin.id, '4', '5'],
      [seed.users.member.id, '5', '6'],
    ]);
    // Another change to the issue between two saves ends the row too.
    assert.equal((await seed.actors.member.patch(`${seed.projectUrl}/issues/${issue.id}`, { priority: 'high' })).status, 200);
    await put(seed.actors.member, '<p>after the priority</p>', 6);
    assert.equal((await rows()).length, 4);
    // A save more than DESCRIPTION_EDITS_JOINED_SECONDS after the row's last is a new row.
    await server.db.query(
      `UPDATE issue_activities SET created_at = created_at - make_interval(secs => $2) WHERE issue_id = $1`,
      [issue.id, DESCRIPTION_EDITS_JOINED_SECONDS + 1],
    );
    await put(seed.actors.member, '<p>the next morning</p>', 7);
    assert.deepEqual((await rows()).slice(-2), [
      [seed.users.member.id, '6', '7'],
      [seed.users.member.id, '7', '8'],
    ]);
  });

  test('refuses bad input', async () => {
    const issue = await newIssue();
    const cases: [unknown, Record<string, string>, number, string][] = [
      [{ version: 1 }, {}, 400, 'Description html is required'],
      [{ description_html: '<p>x</p>' }, {}, 428, 'Say which version you edited: send version in the body or an If-Match header.'],
      [{ description_html: '<p>x</p>', version: 0 }, {}, 400, 'Version must be at least 1'],
      [{ description_html: '<p>x</p>', version: '1' }, {}, 400, 'Version must be a whole number'],
      [{ description_html: '<p>x</p>', version: 1 }, { 'if-match': '"2"' }, 400, 'The version in the body and the If-Match header differ.'],
      [{ description_html: '<p>x</p>' }, { 'if-match': '*' }, 400, 'If-Match must name one description version, e.g. "3".'],
      [{ description_html: '<p>x</p>', version: 1, name: 'x' }, {}, 400, 'Body has an unknown field "name"'],
    ];
    for (const [body, headers, status, error] of cases) {
      const response = await seed.actors.member.put(issue.url, body, { headers });
      assert.equal(response.status, status, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
    assert.equal((await stored(issue.id)).description_version, 1);
    const missing = await seed.actors.member.put(`${seed.projectUrl}/issues/${randomUUID()}/description`, { description_html: '<p>x</p>', version: 1 });
    assert.equal(missing.status, 404);
  });

  test('authorization matrix: Member and up', async () => {
    const issue = await newIssue();
    // Only the member's save lands before the admin's, so the admin edits version 2.
    await seed.expectMatrix('PUT', issue.url, (actor: Actor) => ({ description_html: `<p>by ${actor}</p>`, version: actor === 'admin' ? 2 : 1 }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 200,
      admin: 200,
    });
    assert.equal((await stored(issue.id)).description_html, '<p>by admin</p>');
  });
});
