import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Value } from 'typebox/value';
import { savedViewQueryShape } from '../../src/api-shapes/saved-view.js';
import { passwordProblem } from '../../src/server/auth/password-rules.js';
import { normaliseRichText } from '../../src/server/rich-text/index.js';
import { DEMO_PEOPLE, demoProjects, seedDemoData, type DemoSeed } from '../../src/server/seed/index.js';
import { notInIntakeSql } from '../../src/server/intake/intake-sql.js';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;
let seeded: DemoSeed;
const printed: string[] = [];

before(async () => {
  server = await startServer();
  const result = await seedDemoData(server.db, server.app.storage, server.config, { log: (line) => printed.push(line) });
  assert.ok(result);
  seeded = result;
});
after(() => server.close());

const count = async (sql: string, params: unknown[] = []) => (await server.db.one<{ n: number }>(sql, params)).n;

describe('seedDemoData on a fresh database', () => {
  test('creates the Acme workspace with one account of each role', async () => {
    const workspace = await server.db.one<{ id: string; name: string; logo: string | null }>("SELECT id, name, logo FROM workspaces WHERE slug = 'acme'");
    assert.equal(workspace.name, 'Acme');
    assert.equal(workspace.id, seeded.workspaceId);
    const members = await server.db.query<{ email: string; role: number }>(
      'SELECT u.email, m.role FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 ORDER BY m.role DESC',
      [workspace.id],
    );
    assert.deepEqual(members, [
      { email: 'admin@acme.test', role: 20 },
      { email: 'member@acme.test', role: 15 },
      { email: 'viewer@acme.test', role: 10 },
      { email: 'guest@acme.test', role: 5 },
    ]);
    assert.equal(await count('SELECT count(*) AS n FROM users'), 4);
  });

  test('prints each e-mail with its generated password, and those passwords sign in', async () => {
    assert.equal(printed.length, 5);
    assert.match(printed[0]!, /Acme/);
    for (const account of seeded.accounts) {
      const line = printed.find((candidate) => candidate.includes(account.email));
      assert.ok(line?.includes(`${account.email} / ${account.password}`), `${account.email} is printed with its password`);
      assert.match(account.password, new RegExp(`^demo-${account.email.split('@')[0]}-[A-Za-z0-9_-]{12}$`));
      assert.equal(passwordProblem(account.password), null, 'the password rules accept it');
      const client = server.client();
      const signedIn = await client.post('/api/auth/sign-in', { email: account.email, password: account.password });
      assert.equal(signedIn.status, 200, signedIn.text);
    }
    assert.equal(new Set(seeded.accounts.map((a) => a.password)).size, 4, 'every password is different');
  });

  test('creates three projects with states, labels and members; one has no issues', async () => {
    // Issues as the lists count them: those still waiting in an inbox are not (yet) among them.
    const projects = await server.db.query<{ identifier: string; issues: number; states: number; labels: number; members: number; inbox_view: boolean }>(
      `SELECT p.identifier, p.inbox_view,
              (SELECT count(*) FROM issues i WHERE i.project_id = p.id AND ${notInIntakeSql('i')}) AS issues,
              (SELECT count(*) FROM states s WHERE s.project_id = p.id) AS states,
              (SELECT count(*) FROM labels l WHERE l.project_id = p.id) AS labels,
              (SELECT count(*) FROM project_members pm WHERE pm.project_id = p.id) AS members
         FROM projects p ORDER BY p.identifier`,
    );
    assert.deepEqual(projects, [
      { identifier: 'MOB', inbox_view: false, issues: 7, states: 5, labels: 4, members: 4 },
      { identifier: 'RES', inbox_view: false, issues: 0, states: 5, labels: 0, members: 4 },
      { identifier: 'WEB', inbox_view: true, issues: 13, states: 5, labels: 5, members: 4 },
    ]);
  });

  test('issues are numbered, assigned, labelled, linked, commented and recorded', async () => {
    const sequences = await server.db.query<{ identifier: string; ids: number[] }>(
      'SELECT p.identifier, array_agg(i.sequence_id ORDER BY i.sequence_id) AS ids FROM issues i JOIN projects p ON p.id = i.project_id GROUP BY p.identifier ORDER BY p.identifier',
    );
    assert.deepEqual(sequences, [
      { identifier: 'MOB', ids: [1, 2, 3, 4, 5, 6, 7] },
      // 13 to 18: the requests filed in the inbox (one of them accepted since).
      { identifier: 'WEB', ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] },
    ]);
    assert.ok((await count('SELECT count(DISTINCT issue_id) AS n FROM issue_assignees')) >= 12);
    assert.ok((await count('SELECT count(DISTINCT issue_id) AS n FROM issue_labels')) >= 17);
    assert.equal(await count('SELECT count(*) AS n FROM issue_links'), 4);
    assert.equal(await count('SELECT count(*) AS n FROM issue_comments'), 4);
    assert.equal(await count('SELECT count(*) AS n FROM comment_reactions'), 2, 'two comments reacted to');
    assert.equal(await count("SELECT count(*) AS n FROM issue_activities WHERE field = 'issue' AND verb = 'created'"), 19);
    assert.equal(await count("SELECT count(*) AS n FROM issues WHERE completed_at IS NOT NULL"), 3);
    assert.equal(await count('SELECT count(*) AS n FROM issues WHERE archived_at IS NOT NULL OR deleted_at IS NOT NULL'), 0);
    const groups = await server.db.query<{ group: string }>('SELECT DISTINCT s."group" FROM issues i JOIN states s ON s.id = i.state_id ORDER BY 1');
    assert.deepEqual(groups.map((g) => g.group), ['backlog', 'cancelled', 'completed', 'started', 'unstarted']);
  });

  test('the Website inbox holds open requests and decided ones; its guest sees their own', async () => {
    const signIn = async (role: string) => {
      const client = server.client();
      const account = seeded.accounts.find((a) => a.role === role)!;
      await client.post('/api/auth/sign-in', { email: account.email, password: account.password });
      return client;
    };
    const web = await server.db.one<{ id: string }>("SELECT id FROM projects WHERE identifier = 'WEB'");
    const inbox = `/api/workspaces/acme/projects/${web.id}/intake-issues`;
    const member = await signIn('Member');
    const status = (rows: { status: string }[]) => rows.map((row) => row.status).sort();
    assert.deepEqual(status((await member.get(inbox)).body), ['pending', 'pending']);
    assert.deepEqual(status((await member.get(`${inbox}?tab=closed`)).body), ['accepted', 'declined', 'duplicate']);
    const guest = await signIn('Guest');
    const mine = (await guest.get(`${inbox}?tab=closed`)).body as { created_by: { display_name: string } }[];
    assert.deepEqual(mine.map((row) => row.created_by.display_name), ['Grace Guest', 'Grace Guest']);
  });

  test('a cycle and a module hold issues, with activity rows', async () => {
    const admin = server.client();
    const account = seeded.accounts.find((a) => a.role === 'Admin')!;
    await admin.post('/api/auth/sign-in', { email: account.email, password: account.password });
    const web = await server.db.one<{ id: string }>("SELECT id FROM projects WHERE identifier = 'WEB'");
    const cycles = (await admin.get(`/api/workspaces/acme/projects/${web.id}/cycles`)).body;
    assert.equal(cycles.length, 1);
    assert.equal(cycles[0].status, 'current');
    assert.equal(cycles[0].total_issues, 6);
    const cycle = (await admin.get(`/api/workspaces/acme/projects/${web.id}/cycles/${cycles[0].id}`)).body;
    assert.ok(cycle.distribution.assignees.length >= 2);
    assert.equal(Object.keys(cycle.distribution.completion_chart).length, 15);
    const modules = (await admin.get(`/api/workspaces/acme/projects/${web.id}/modules`)).body;
    assert.equal(modules.length, 1);
    assert.equal(modules[0].total_issues, 5);
    assert.equal(modules[0].status, 'in-progress');
    assert.equal(await count("SELECT count(*) AS n FROM issue_activities WHERE field = 'cycles' AND verb = 'created'"), 6);
    assert.equal(await count("SELECT count(*) AS n FROM issue_activities WHERE field = 'modules' AND verb = 'created'"), 5);
  });

  test("the cycle has a history: issues joined on several days and were completed on others, so its burn-down has a shape", async () => {
    const admin = server.client();
    const account = seeded.accounts.find((a) => a.role === 'Admin')!;
    await admin.post('/api/auth/sign-in', { email: account.email, password: account.password });
    const web = await server.db.one<{ id: string }>("SELECT id FROM projects WHERE identifier = 'WEB'");
    const [cycle] = (await admin.get(`/api/workspaces/acme/projects/${web.id}/cycles`)).body;
    const progress = (await admin.get(`/api/workspaces/acme/projects/${web.id}/cycles/${cycle.id}/progress`)).body;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    assert.deepEqual(
      progress.days,
      [
        [3, 0],
        [3, 0],
        [4, 0],
        [5, 1],
        [5, 1],
        [6, 2],
        [6, 2],
        [6, 2],
      ].map(([scope, completed], index) => ({ date: day(index - 7), scope, completed })),
    );
    const feed = await server.db.query<{ field: string }>(
      `SELECT a.field FROM issue_activities a JOIN issues i ON i.id = a.issue_id WHERE i.name = 'Home page loads a 2 MB hero image' AND a.field IN ('issue', 'cycles', 'state') ORDER BY a.created_at`,
    );
    assert.deepEqual(feed.map((row) => row.field), ['issue', 'cycles', 'state']);
  });

  test('the admin has unread notifications from the others: assigned, mentioned and a comment', async () => {
    const admin = server.client();
    const account = seeded.accounts.find((a) => a.role === 'Admin')!;
    await admin.post('/api/auth/sign-in', { email: account.email, password: account.password });
    const listed = (await admin.get('/api/workspaces/acme/notifications')).body as { kind: string; actor: { id: string } | null }[];
    assert.deepEqual([...new Set(listed.map((row) => row.kind))].sort(), ['assigned', 'commented', 'mentioned']);
    const me = (await admin.get('/api/users/me')).body.id as string;
    assert.ok(listed.every((row) => row.actor && row.actor.id !== me));
    assert.equal((await admin.get('/api/workspaces/acme/notifications/unread-count')).body.unread, listed.length);
  });

  test('a public page with a page in it and a private page, and the empty screens stay empty', async () => {
    const pages = await server.db.query<{ name: string; access: string; archived: boolean; owner: string; parent: string | null }>(
      `SELECT pg.name, pg.access, pg.archived_at IS NOT NULL AS archived, u.email AS owner, parent.name AS parent
         FROM pages pg JOIN users u ON u.id = pg.owned_by LEFT JOIN pages parent ON parent.id = pg.parent_id ORDER BY pg.name`,
    );
    assert.deepEqual(pages, [
      { name: 'Launch checklist (draft)', access: 'private', archived: false, owner: 'admin@acme.test', parent: null },
      { name: 'Product roadmap', access: 'public', archived: false, owner: 'admin@acme.test', parent: null },
      { name: 'Q1: Public launch', access: 'public', archived: false, owner: 'admin@acme.test', parent: 'Product roadmap' },
    ]);
    for (const table of ['export_jobs', 'ai_requests', 'api_tokens', 'webhooks']) assert.equal(await count(`SELECT count(*) AS n FROM ${table}`), 0, table);
  });

  test('the admin has a draft of an issue in the Website project, which the Drafts screen lists', async () => {
    const admin = server.client();
    const account = seeded.accounts.find((a) => a.role === 'Admin')!;
    await admin.post('/api/auth/sign-in', { email: account.email, password: account.password });
    const drafts = (await admin.get('/api/workspaces/acme/issue-drafts')).body as { name: string; project__identifier: string; label_ids: string[]; description_html: string }[];
    assert.deepEqual(
      drafts.map((draft) => [draft.name, draft.project__identifier, draft.label_ids.length]),
      [['Show a cookie notice only where the law asks for one', 'WEB', 1]],
    );
    assert.equal(normaliseRichText({ html: drafts[0]!.description_html }).html, drafts[0]!.description_html);
    assert.equal(await count('SELECT count(*) AS n FROM issue_drafts'), 1);
  });

  test('the Website project holds a shared saved view, a board, that the viewer sees', async () => {
    const viewer = server.client();
    const account = seeded.accounts.find((a) => a.role === 'Viewer')!;
    await viewer.post('/api/auth/sign-in', { email: account.email, password: account.password });
    const { id: projectId } = await server.db.one<{ id: string }>("SELECT id FROM projects WHERE identifier = 'WEB'");
    const views = (await viewer.get(`/api/workspaces/acme/views?project_id=${projectId}`)).body as { name: string; shared: boolean; query: unknown }[];
    assert.deepEqual(views.map((view) => [view.name, view.shared]), [['Urgent and high, by state', true]]);
    assert.ok(Value.Check(savedViewQueryShape, views[0]!.query), 'the saved list has the shape the API checks');
    assert.equal(await count('SELECT count(*) AS n FROM saved_views'), 1);
  });

  test('the Website estimates in points, which its cycle and module add up; the Mobile App in categories', async () => {
    const viewer = server.client();
    const account = seeded.accounts.find((a) => a.role === 'Viewer')!;
    await viewer.post('/api/auth/sign-in', { email: account.email, password: account.password });
    const projects = await server.db.query<{ id: string; identifier: string }>("SELECT id, identifier FROM projects WHERE identifier IN ('WEB', 'MOB') ORDER BY identifier");
    const [mob, web] = projects.map((project) => `/api/workspaces/acme/projects/${project.id}`);
    const webEstimate = (await viewer.get(`${web}/estimate`)).body;
    assert.deepEqual([webEstimate.enabled, webEstimate.type], [true, 'points']);
    const [cycle] = (await viewer.get(`${web}/cycles`)).body;
    assert.deepEqual([cycle.name, cycle.total_estimate, cycle.completed_estimate], ['Sprint 12', 21, 3]);
    const [module] = (await viewer.get(`${web}/modules`)).body;
    assert.deepEqual([module.name, module.total_estimate, module.completed_estimate], ['Launch', 22, 1]);
    assert.equal((await viewer.get(`${mob}/estimate`)).body.type, 'categories');
    const sizes = ((await viewer.get(`${mob}/issues?order=priority`)).body as { estimate_point: string | null }[]).map((issue) => issue.estimate_point);
    assert.deepEqual(sizes.filter(Boolean).sort(), ['L', 'M', 'S', 'S', 'XL']);
    assert.equal(await count("SELECT count(*) AS n FROM issue_activities WHERE field = 'estimate_point'"), 13, 'each estimate is on its issue’s feed');
  });

  test('the workspace logo is an uploaded image that members can load', async () => {
    const { logo } = await server.db.one<{ logo: string }>("SELECT logo FROM workspaces WHERE slug = 'acme'");
    const guest = server.client();
    const account = seeded.accounts.find((a) => a.role === 'Guest')!;
    await guest.post('/api/auth/sign-in', { email: account.email, password: account.password });
    const response = await guest.get(logo);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/svg+xml');
  });

  test('every seeded description, comment and page passes normaliseRichText unchanged', async () => {
    const stored = [
      ...(await server.db.query<{ html: string }>('SELECT description_html AS html FROM issues')),
      ...(await server.db.query<{ html: string }>('SELECT comment_html AS html FROM issue_comments')),
      ...(await server.db.query<{ html: string }>('SELECT description_html AS html FROM pages')),
    ];
    assert.equal(stored.length, 19 + 6 + 4 + 3, 'issues, inbox requests, comments, pages');
    for (const { html } of stored) assert.equal(normaliseRichText({ html }).html, html);
    const target = { id: 'u', name: 'Someone', profilePath: '/acme/profile/u' };
    const sources = demoProjects({ admin: target, member: target, viewer: target, guest: target }).flatMap((project) => [
      ...project.issues.flatMap((issue) => [issue.description, ...(issue.comments ?? []).map((c) => c.html)]),
      ...(project.pages ?? []).flatMap((page) => [page.html, ...(page.pages ?? []).map((inner) => inner.html)]),
      ...(project.intake ?? []).map((request) => request.html),
    ]);
    for (const html of sources) assert.equal(normaliseRichText({ html }).html, html, 'the content is written exactly as the editor writes it');
    const features = ['<table>', '<pre data-language=', 'data-type="mention"', '<a href="https://', '<h1>', '<h2>', '<ol>', '<ul>', 'data-type="taskList"', '<blockquote>'];
    for (const feature of features) assert.ok(stored.some(({ html }) => html.includes(feature)), feature);
  });
});

describe('seedDemoData on a database with users', () => {
  test('is skipped on a second start, printing nothing', async () => {
    const lines: string[] = [];
    const again = await seedDemoData(server.db, server.app.storage, server.config, { log: (line) => lines.push(line) });
    assert.equal(again, null);
    assert.deepEqual(lines, []);
    assert.equal(await count('SELECT count(*) AS n FROM users'), 4);
    assert.equal(await count('SELECT count(*) AS n FROM workspaces'), 1);
    assert.equal(DEMO_PEOPLE.length, 4);
  });

  test('is skipped when someone already signed up', async () => {
    const other = await startServer();
    try {
      await other.client().signUp();
      const lines: string[] = [];
      assert.equal(await seedDemoData(other.db, other.app.storage, other.config, { log: (line) => lines.push(line) }), null);
      assert.equal((await other.db.one<{ n: number }>('SELECT count(*) AS n FROM workspaces')).n, 0);
      assert.deepEqual(lines, []);
    } finally {
      await other.close();
    }
  });
});
