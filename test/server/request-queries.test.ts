import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { COUNTED_SERVER_ENV, seedWorkspace, startServer, statementsDuring, type Seed, type TestServer } from './harness.js';

// The statements a request sends to the database, each a round trip (and on PGlite a turn on its
// only connection): the most-used reads must not grow them per row or per check, and what a
// server keeps in memory between changes (sessions, roles, issue lists) is not read again.

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer(COUNTED_SERVER_ENV);
  seed = await seedWorkspace(server);
  const labels: string[] = [];
  for (const name of ['bug', 'feature', 'docs']) {
    const label = await seed.actors.admin.post(`${seed.projectUrl}/labels`, { name, color: '#336699' });
    assert.equal(label.status, 201, label.text);
    labels.push(label.body.id);
  }
  for (let i = 0; i < 12; i++) {
    const created = await seed.actors.admin.post(`${seed.projectUrl}/issues`, {
      name: `Issue ${i}`,
      label_ids: labels.slice(0, i % 4),
      assignee_ids: [seed.users.member.id, seed.users.admin.id].slice(0, i % 3),
    });
    assert.equal(created.status, 201, created.text);
  }
});

after(async () => {
  await server?.close();
});

/** Forgets everything the server keeps in memory, as after a restart. */
function cold(): void {
  server.app.caches.changed('*');
}

describe('statements per request', () => {
  test("a project's issue list is read in three statements whatever its length: session and user, workspace and project roles, the page with its count", async () => {
    cold();
    let response;
    const statements = await statementsDuring(server, async () => {
      response = await seed.actors.member.get(`${seed.projectUrl}/issues?limit=50`);
    });
    assert.equal(response!.status, 200);
    assert.equal(response!.body.length, 12);
    assert.equal(response!.headers.get('x-total-count'), '12');
    assert.ok(response!.body.some((issue: { labels: unknown[]; assignees: unknown[] }) => issue.labels.length === 3 && issue.assignees.length === 2));
    assert.equal(statements.length, 3, statements.join('\n'));
  });

  test('the list counts every matching issue on each page, on a page past the end too, and sends the count only as x-total-count', async () => {
    const pages = [];
    for (const query of ['limit=5', 'limit=5&offset=10', 'limit=5&offset=12', 'limit=5&offset=40', 'priority=urgent', 'search=Issue%201']) {
      const response = await seed.actors.guest.get(`${seed.projectUrl}/issues?${query}`);
      assert.equal(response.status, 200, response.text);
      assert.ok(response.body.every((issue: object) => !('total_count' in issue)));
      pages.push([response.body.length, response.headers.get('x-total-count')]);
    }
    // search=Issue 1 matches Issue 1, 10 and 11.
    assert.deepEqual(pages, [[5, '12'], [2, '12'], [0, '12'], [0, '12'], [0, '0'], [3, '3']]);
  });

  test('read again, the list sends no statement; after a change to one of its issues, one: the page', async () => {
    const read = async () => {
      let response;
      const statements = await statementsDuring(server, async () => {
        response = await seed.actors.member.get(`${seed.projectUrl}/issues?limit=50`);
      });
      return { response: response!, statements };
    };
    const first = await read();
    const again = await read();
    assert.deepEqual(again.statements, []);
    assert.equal(again.response.text, first.response.text);
    assert.equal(again.response.headers.get('x-total-count'), '12');
    assert.equal(again.response.headers.get('content-type'), first.response.headers.get('content-type'));
    const issue = first.response.body[0];
    const renamed = await seed.actors.admin.patch(`${seed.projectUrl}/issues/${issue.id}`, { name: 'Renamed while kept' });
    assert.equal(renamed.status, 200, renamed.text);
    const afterChange = await read();
    assert.equal(afterChange.statements.length, 1, afterChange.statements.join('\n'));
    assert.equal(afterChange.response.body[0].name, 'Renamed while kept');
  });

  test("an issue's detail is read in three statements: session and user, workspace and project roles, the issue", async () => {
    const list = await seed.actors.member.get(`${seed.projectUrl}/issues?limit=1`);
    cold();
    let response;
    const statements = await statementsDuring(server, async () => {
      response = await seed.actors.member.get(`${seed.projectUrl}/issues/${list.body[0].id}`);
    });
    assert.equal(response!.status, 200);
    assert.equal(statements.length, 3, statements.join('\n'));
  });

  test('a workspace route reads the session and user in one statement, then the workspace role', async () => {
    cold();
    let response;
    const statements = await statementsDuring(server, async () => {
      response = await seed.actors.viewer.get(`${seed.workspaceUrl}/members`);
    });
    assert.equal(response!.status, 200);
    assert.equal(statements.length, 3, statements.join('\n'));
    // Read again: only the members themselves.
    const again = await statementsDuring(server, () => seed.actors.viewer.get(`${seed.workspaceUrl}/members`));
    assert.equal(again.length, 1, again.join('\n'));
  });
});
