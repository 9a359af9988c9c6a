import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import { migrate, migrations, nextIssueSequenceId, recordActivity, type Db } from '../../src/server/db/index.js';
import { installErrorHandler } from '../../src/server/http/error-handler.js';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;
let db: Db;

before(async () => {
  server = await startServer();
  db = server.db;
});
after(() => server.close());

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

async function makeUser(): Promise<string> {
  const row = await db.one<{ id: string }>("INSERT INTO users (email, display_name) VALUES ($1, 'x') RETURNING id", [`${unique('u')}@example.com`]);
  return row.id;
}

async function makeProject(): Promise<{ workspaceId: string; projectId: string; stateId: string }> {
  const workspace = await db.one<{ id: string }>("INSERT INTO workspaces (slug, name) VALUES ($1, 'W') RETURNING id", [unique('w')]);
  const project = await db.one<{ id: string }>("INSERT INTO projects (workspace_id, identifier, name) VALUES ($1, 'P', 'P') RETURNING id", [workspace.id]);
  const state = await db.one<{ id: string }>(`INSERT INTO states (project_id, name, color, "group") VALUES ($1, 'Todo', '#000000', 'unstarted') RETURNING id`, [project.id]);
  return { workspaceId: workspace.id, projectId: project.id, stateId: state.id };
}

async function caught(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  assert.fail('expected a rejection');
}

describe('values come back the same on both back-ends', () => {
  test('int8 as number, date as YYYY-MM-DD, timestamptz as Date, jsonb as object, uuid[] as array', async () => {
    const row = await db.one<Record<string, unknown>>(
      `SELECT count(*) AS count, 5::int8 AS big, '2024-02-29'::date AS day, '2024-01-02T03:04:05Z'::timestamptz AS at,
              $1::jsonb AS doc, ARRAY[$2::uuid] AS ids, true AS flag, NULL::text AS nothing
         FROM (SELECT 1) one`,
      [JSON.stringify({ type: 'doc', content: [1, 'two'] }), '00000000-0000-4000-8000-000000000001'],
    );
    assert.deepEqual(row, {
      count: 1,
      big: 5,
      day: '2024-02-29',
      at: new Date('2024-01-02T03:04:05Z'),
      doc: { type: 'doc', content: [1, 'two'] },
      ids: ['00000000-0000-4000-8000-000000000001'],
      flag: true,
      nothing: null,
    });
  });

  test('a JS array binds to a uuid[] parameter', async () => {
    const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    const row = await db.one<{ n: number }>('SELECT cardinality($1::uuid[]) AS n', [ids]);
    assert.equal(row.n, 2);
  });
});

describe('one and maybeOne', () => {
  test('one returns the single row and throws for none or several', async () => {
    assert.deepEqual(await db.one('SELECT 1 AS x'), { x: 1 });
    await assert.rejects(db.one('SELECT 1 AS x WHERE false'), /Expected one row, got 0/);
    await assert.rejects(db.one('SELECT * FROM (VALUES (1), (2)) v(x)'), /Expected one row, got 2/);
  });

  test('maybeOne returns null for none and throws for several', async () => {
    assert.equal(await db.maybeOne('SELECT 1 WHERE false'), null);
    assert.deepEqual(await db.maybeOne('SELECT 2 AS x'), { x: 2 });
    await assert.rejects(db.maybeOne('SELECT * FROM (VALUES (1), (2)) v(x)'), /at most one row, got 2/);
  });
});

describe('transactions', () => {
  test('commit when the callback resolves and return its value', async () => {
    const email = `${unique('commit')}@example.com`;
    const id = await db.transaction(async (tx) => (await tx.one<{ id: string }>("INSERT INTO users (email, display_name) VALUES ($1, 'c') RETURNING id", [email])).id);
    assert.deepEqual(await db.one('SELECT id FROM users WHERE email = $1', [email]), { id });
  });

  test('roll back everything when the callback throws, and rethrow', async () => {
    const email = `${unique('rollback')}@example.com`;
    const error = await caught(
      db.transaction(async (tx) => {
        const user = await tx.one<{ id: string }>("INSERT INTO users (email, display_name) VALUES ($1, 'r') RETURNING id", [email]);
        await tx.query("INSERT INTO workspaces (slug, name, created_by) VALUES ($1, 'half', $2)", [unique('half'), user.id]);
        throw new Error('crash in the middle');
      }),
    );
    assert.equal(error.message, 'crash in the middle');
    assert.equal(await db.maybeOne('SELECT id FROM users WHERE email = $1', [email]), null);
    assert.equal(await db.maybeOne("SELECT id FROM workspaces WHERE name = 'half'"), null);
  });

  test('a database error inside rolls back the statements before it', async () => {
    const slug = unique('dup');
    await db.query("INSERT INTO workspaces (slug, name) VALUES ($1, 'first')", [slug]);
    const email = `${unique('before-error')}@example.com`;
    const error = await caught(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO users (email, display_name) VALUES ($1, 'b')", [email]);
        await tx.query("INSERT INTO workspaces (slug, name) VALUES ($1, 'second')", [slug]);
      }),
    );
    assert.equal(error.code, '23505');
    assert.equal(await db.maybeOne('SELECT id FROM users WHERE email = $1', [email]), null);
  });

  test('a nested transaction is a savepoint: its failure leaves the outer work intact', async () => {
    const outer = `${unique('outer')}@example.com`;
    const inner = `${unique('inner')}@example.com`;
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO users (email, display_name) VALUES ($1, 'o')", [outer]);
      await assert.rejects(
        tx.transaction(async (nested) => {
          await nested.query("INSERT INTO users (email, display_name) VALUES ($1, 'i')", [inner]);
          await nested.query('SELECT 1/0');
        }),
        /division by zero/,
      );
      assert.equal(await tx.maybeOne('SELECT id FROM users WHERE email = $1', [inner]), null);
      const kept = await tx.transaction(async (nested) => nested.one<{ ok: number }>('SELECT 1 AS ok'));
      assert.deepEqual(kept, { ok: 1 });
    });
    assert.ok(await db.maybeOne('SELECT id FROM users WHERE email = $1', [outer]));
    assert.equal(await db.maybeOne('SELECT id FROM users WHERE email = $1', [inner]), null);
  });

  test('querying the root Db inside a transaction throws instead of escaping it (or deadlocking)', async () => {
    await assert.rejects(
      db.transaction(async () => db.query('SELECT 1')),
      /Inside transaction\(\), query through the tx it gives, not the root Db/,
    );
    await assert.rejects(db.transaction(async () => db.transaction(async () => 1)), /not the root Db/);
    assert.deepEqual(await db.one('SELECT 1 AS still_works'), { still_works: 1 });
  });

  test("another database's root Db may be queried inside a transaction, and the guard still holds inside the other's", async () => {
    const other = await startServer();
    try {
      const seen = await db.transaction(async (tx) => {
        const inOther = await other.db.transaction(async (otherTx) => {
          await assert.rejects(db.query('SELECT 1'), /not the root Db/);
          await assert.rejects(other.db.query('SELECT 1'), /not the root Db/);
          return otherTx.one<{ n: number }>('SELECT 2 AS n');
        });
        await assert.rejects(db.query('SELECT 1'), /not the root Db/);
        const root = await other.db.one<{ n: number }>('SELECT 3 AS n');
        return [inOther.n, root.n, (await tx.one<{ n: number }>('SELECT 1 AS n')).n];
      });
      assert.deepEqual(seen, [2, 3, 1]);
    } finally {
      await other.close();
    }
  });

  test('a tx kept after its transaction ended refuses to run', async () => {
    let kept: Db | null = null;
    await db.transaction(async (tx) => {
      kept = tx;
    });
    await assert.rejects(kept!.query('SELECT 1'), /already ended/);
  });

  test('independent transactions run side by side', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        db.transaction(async (tx) => {
          const row = await tx.one<{ n: number }>('SELECT $1::int + 1 AS n', [index]);
          return row.n;
        }),
      ),
    );
    assert.deepEqual(results, [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('migrations', () => {
  test('are all recorded, in order, and a second run applies nothing', async () => {
    const applied = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    assert.deepEqual(applied.map((row) => row.id), migrations.map((migration) => migration.id));
    assert.deepEqual(await migrate(db), []);
  });

  test('ids are unique and ordered', () => {
    const ids = migrations.map((migration) => migration.id);
    assert.deepEqual([...ids].sort(), ids);
    assert.equal(new Set(ids).size, ids.length);
  });

  test('a database migrated by a newer version is refused', async () => {
    await db.query("INSERT INTO schema_migrations (id) VALUES ('9999-from-the-future')");
    try {
      await assert.rejects(migrate(db), /migrations this server does not know \(9999-from-the-future\)/);
    } finally {
      await db.query("DELETE FROM schema_migrations WHERE id = '9999-from-the-future'");
    }
  });

  test('a failing migration leaves nothing behind', async () => {
    const broken = [...migrations, { id: '9000-broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_column FROM users;' }];
    await assert.rejects(migrate(db, broken), /no_such_column/);
    assert.equal(await db.maybeOne("SELECT to_regclass('half_done') AS t WHERE to_regclass('half_done') IS NOT NULL"), null);
    assert.equal(await db.maybeOne("SELECT id FROM schema_migrations WHERE id = '9000-broken'"), null);
  });
});

describe('issue sequence ids', () => {
  test('concurrent creations each get their own number, from 1, without gaps', async () => {
    const { projectId, workspaceId } = await makeProject();
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        db.transaction(async (tx) => {
          const sequenceId = await nextIssueSequenceId(tx, projectId);
          await tx.query('INSERT INTO issues (project_id, workspace_id, sequence_id, name) VALUES ($1, $2, $3, $4)', [projectId, workspaceId, sequenceId, `Issue ${index}`]);
          return sequenceId;
        }),
      ),
    );
    assert.deepEqual([...created].sort((a, b) => a - b), Array.from({ length: 12 }, (_, index) => index + 1));
  });

  test('a rolled-back creation gives its number back', async () => {
    const { projectId } = await makeProject();
    await caught(
      db.transaction(async (tx) => {
        assert.equal(await nextIssueSequenceId(tx, projectId), 1);
        throw new Error('abandoned');
      }),
    );
    assert.equal(await db.transaction((tx) => nextIssueSequenceId(tx, projectId)), 1);
  });

  test('an unknown project is an error', async () => {
    await assert.rejects(db.transaction((tx) => nextIssueSequenceId(tx, '00000000-0000-4000-8000-000000000000')), /No project/);
  });
});

describe('activity', () => {
  test('commits with the change it describes and rolls back with it', async () => {
    const { projectId, workspaceId, stateId } = await makeProject();
    const actorId = await makeUser();
    const issue = await db.one<{ id: string }>("INSERT INTO issues (project_id, workspace_id, sequence_id, name) VALUES ($1, $2, 1, 'A') RETURNING id", [projectId, workspaceId]);
    await db.transaction(async (tx) => {
      await tx.query('UPDATE issues SET state_id = $2 WHERE id = $1', [issue.id, stateId]);
      await recordActivity(tx, { issueId: issue.id, projectId, workspaceId, actorId, verb: 'updated', field: 'state', oldValue: null, newValue: 'Todo', newIdentifier: stateId });
    });
    await caught(
      db.transaction(async (tx) => {
        await recordActivity(tx, { issueId: issue.id, projectId, workspaceId, actorId, verb: 'updated', field: 'name', oldValue: 'A', newValue: 'B' });
        throw new Error('rename failed');
      }),
    );
    const entries = await db.query('SELECT field, verb, old_value, new_value, new_identifier, actor_id FROM issue_activities WHERE issue_id = $1', [issue.id]);
    assert.deepEqual(entries, [{ field: 'state', verb: 'updated', old_value: null, new_value: 'Todo', new_identifier: stateId, actor_id: actorId }]);
  });
});

describe('the schema guards its invariants', () => {
  test('a project member must be a member of the workspace', async () => {
    const { projectId, workspaceId } = await makeProject();
    const userId = await makeUser();
    const error = await caught(db.query('INSERT INTO project_members (project_id, workspace_id, user_id, role) VALUES ($1, $2, $3, 15)', [projectId, workspaceId, userId]));
    assert.equal(error.code, '23503');
  });

  test("an issue cannot take another project's state or parent, nor end before it starts", async () => {
    const a = await makeProject();
    const b = await makeProject();
    const insert = (fields: string, values: unknown[]) =>
      db.query(`INSERT INTO issues (project_id, workspace_id, sequence_id, name${fields}) VALUES ($1, $2, $3, 'x'${values.map((_, i) => `, $${i + 4}`).join('')})`, [
        a.projectId,
        a.workspaceId,
        ++counter,
        ...values,
      ]);
    assert.equal((await caught(insert(', state_id', [b.stateId]))).code, '23503');
    const foreignParent = await db.one<{ id: string }>("INSERT INTO issues (project_id, workspace_id, sequence_id, name) VALUES ($1, $2, 1, 'b') RETURNING id", [b.projectId, b.workspaceId]);
    assert.equal((await caught(insert(', parent_id', [foreignParent.id]))).code, '23503');
    assert.equal((await caught(insert(', start_date, target_date', ['2024-05-02', '2024-05-01']))).code, '23514');
    assert.equal((await caught(insert(', priority', ['critical']))).code, '23514');
  });

  test('a state in use cannot be deleted; deleting the project takes everything with it', async () => {
    const { projectId, workspaceId, stateId } = await makeProject();
    const issue = await db.one<{ id: string }>("INSERT INTO issues (project_id, workspace_id, sequence_id, name, state_id) VALUES ($1, $2, 1, 'x', $3) RETURNING id", [projectId, workspaceId, stateId]);
    assert.equal((await caught(db.query('DELETE FROM states WHERE id = $1', [stateId]))).code, '23503');
    await db.query('DELETE FROM projects WHERE id = $1', [projectId]);
    assert.equal(await db.maybeOne('SELECT id FROM issues WHERE id = $1', [issue.id]), null);
  });

  test('a file asset belongs to exactly one scope', async () => {
    const userId = await makeUser();
    const { workspaceId } = await makeProject();
    const insert = (workspace: string | null, user: string | null) =>
      db.query("INSERT INTO file_assets (workspace_id, user_id, storage_key, content_type, size) VALUES ($1, $2, $3, 'image/png', 1)", [workspace, user, unique('key')]);
    await insert(workspaceId, null);
    await insert(null, userId);
    assert.equal((await caught(insert(workspaceId, userId))).code, '23514');
    assert.equal((await caught(insert(null, null))).code, '23514');
  });

  test('updated_at follows every update, whatever the update sets it to', async () => {
    const { id } = await db.one<{ id: string }>("INSERT INTO users (email, display_name, updated_at) VALUES ($1, 'x', '2001-01-01') RETURNING id", [`${unique('u')}@example.com`]);
    const { now } = await db.one<{ now: Date }>('SELECT now()');
    const renamed = await db.one<{ updated_at: Date }>("UPDATE users SET first_name = 'New' WHERE id = $1 RETURNING updated_at", [id]);
    assert.ok(renamed.updated_at >= now, `${renamed.updated_at.toISOString()} is the time of the update`);
    const backdated = await db.one<{ updated_at: Date }>("UPDATE users SET updated_at = '2001-01-01' WHERE id = $1 RETURNING updated_at", [id]);
    assert.ok(backdated.updated_at >= now, `${backdated.updated_at.toISOString()} is the time of the update`);
  });
});

describe('database errors a route did not handle become 4xx answers', () => {
  test('unique, foreign key, check and bad-value errors map to 409/400 with a plain text', async () => {
    const { projectId, workspaceId, stateId } = await makeProject();
    await db.query("INSERT INTO issues (project_id, workspace_id, sequence_id, name, state_id) VALUES ($1, $2, 1, 'x', $3)", [projectId, workspaceId, stateId]);
    const errors = {
      unique: await caught(db.query("INSERT INTO projects (workspace_id, identifier, name) VALUES ($1, 'P', 'again')", [workspaceId])),
      missing: await caught(db.query("INSERT INTO labels (project_id, name) VALUES ('00000000-0000-4000-8000-000000000000', 'l')")),
      inUse: await caught(db.query('DELETE FROM states WHERE id = $1', [stateId])),
      check: await caught(db.query("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 7)", [workspaceId, await makeUser()])),
      badValue: await caught(db.query('SELECT $1::uuid', ['not-a-uuid'])),
      other: await caught(db.query('SELECT * FROM no_such_table')),
    };
    const app = Fastify();
    installErrorHandler(app);
    app.get('/:kind', async (request) => {
      throw errors[(request.params as { kind: keyof typeof errors }).kind];
    });
    const answer = async (kind: string) => {
      const response = await app.inject(`/${kind}`);
      return [response.statusCode, response.json()];
    };
    assert.deepEqual(await answer('unique'), [409, { error: 'This already exists.' }]);
    assert.deepEqual(await answer('missing'), [400, { error: 'A referenced record does not exist.' }]);
    assert.deepEqual(await answer('inUse'), [409, { error: 'This is still in use.' }]);
    assert.deepEqual(await answer('check'), [400, { error: 'A value is missing or not allowed.' }]);
    assert.deepEqual(await answer('badValue'), [400, { error: 'A value is not valid.' }]);
    assert.deepEqual(await answer('other'), [500, { error: 'Something went wrong. Please try again.' }]);
    await app.close();
  });
});
