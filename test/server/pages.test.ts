import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  OTHERS_PAGES_INSIDE,
  PAGE_UNDER_ITSELF,
  PARENT_PAGE_ARCHIVED,
  PARENT_PAGE_NOT_FOUND,
  PRIVATE_PARENT_OTHERS_PAGES,
  PRIVATE_PARENT_PUBLIC_PAGE,
} from '../../src/api-shapes/page-tree.js';
import { privatePageTrees } from '../../src/server/db/migrations/0029-private-page-trees.js';
import { pageRenamedMeanwhile } from '../../src/api-shapes/issue-rename.js';
import { normaliseRichText } from '../../src/server/rich-text/index.js';
import { everyMember, membersAndAdmins, seedWorkspace, startServer, type Actor, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let pagesUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  pagesUrl = `${seed.projectUrl}/pages`;
});
after(() => server.close());

const MANAGE_OWN = { anonymous: 401, nonMember: 404, guest: 403, viewer: 403 };
const PAGE_KEYS = ['access', 'archived_at', 'created_at', 'description_html', 'description_version', 'id', 'name', 'owned_by', 'parent_id', 'project_id', 'updated_at'];

async function newPage(client: TestClient, fields: Record<string, unknown> = {}): Promise<any> {
  const response = await client.post(pagesUrl, { name: 'A page', ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

describe('POST …/pages', () => {
  test('authorization matrix: project Member and up', async () => {
    await seed.expectMatrix('POST', pagesUrl, (actor: Actor) => ({ name: `By ${actor}` }), membersAndAdmins(201));
  });

  test('creates a page owned by the caller, its content normalised, with an ETag', async () => {
    const response = await seed.actors.member.post(pagesUrl, {
      name: ' Notes ',
      access: 'private',
      description_html: '<h1>Plan</h1><p>Go <a href="javascript:alert(1)">here</a><script>x()</script></p>',
    });
    assert.equal(response.status, 201);
    const page = response.body;
    assert.deepEqual(Object.keys(page).sort(), PAGE_KEYS);
    assert.equal(page.name, 'Notes');
    assert.equal(page.access, 'private');
    assert.equal(page.owned_by, seed.users.member.id);
    assert.equal(page.description_version, 1);
    assert.equal(page.description_html, normaliseRichText({ html: page.description_html }).html);
    assert.doesNotMatch(page.description_html, /javascript|script/);
    assert.equal(response.headers.get('etag'), '"1"');
    const plain = await seed.actors.member.post(pagesUrl, {});
    assert.equal(plain.body.access, 'public');
    assert.equal(plain.body.name, '');
  });

  test('refuses bad input with a clear text', async () => {
    const bad = await seed.actors.member.post(pagesUrl, { access: 'secret' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'Access must be one of private, public');
    const unknown = await seed.actors.member.post(pagesUrl, { title: 'x' });
    assert.equal(unknown.body.error, 'Body has an unknown field "title"');
  });
});

describe('GET …/pages and …/pages/:pageId', () => {
  test('authorization matrix: everyone in the project reads public pages', async () => {
    const page = await newPage(seed.actors.member);
    const all = everyMember(200);
    await seed.expectMatrix('GET', pagesUrl, undefined, all);
    const responses = await seed.expectMatrix('GET', `${pagesUrl}/${page.id}`, undefined, all);
    assert.equal(responses.guest.headers.get('etag'), '"1"');
  });

  test('a private page is visible to its owner only: everyone else gets 404', async () => {
    const page = await newPage(seed.actors.member, { access: 'private' });
    const responses = await seed.expectMatrix('GET', `${pagesUrl}/${page.id}`, undefined, { anonymous: 401, nonMember: 404, guest: 404, viewer: 404, member: 200, admin: 404 });
    assert.equal(responses.admin.body.error, 'Page not found.');
    await seed.expectMatrix('PUT', `${pagesUrl}/${page.id}/description`, { description_html: '<p>x</p>', version: 1 }, { ...MANAGE_OWN, member: 200, admin: 404 });
  });

  test('lists private, public and archived pages by ?type', async () => {
    const viewer = seed.actors.viewer;
    const mine = await newPage(seed.actors.admin, { name: 'Admin private', access: 'private' });
    const theirs = await newPage(seed.actors.member, { name: 'Member private', access: 'private' });
    const open = await newPage(seed.actors.member, { name: 'Open page' });
    const archived = await newPage(seed.actors.member, { name: 'Old page' });
    await seed.actors.member.post(`${pagesUrl}/${archived.id}/archive`);
    const ids = async (client: TestClient, query: string) => (await client.get(`${pagesUrl}${query}`)).body.map((p: { id: string }) => p.id);
    assert.deepEqual(await ids(seed.actors.admin, '?type=private'), [mine.id]);
    assert.ok((await ids(seed.actors.member, '?type=private')).includes(theirs.id));
    assert.ok(!(await ids(seed.actors.admin, '?type=private')).includes(theirs.id));
    const publicIds = await ids(viewer, '?type=public');
    assert.ok(publicIds.includes(open.id));
    assert.ok(!publicIds.includes(archived.id) && !publicIds.includes(theirs.id));
    assert.deepEqual(await ids(viewer, '?type=archived'), [archived.id]);
    const everything = await ids(seed.actors.admin, '');
    assert.ok(everything.includes(mine.id) && everything.includes(open.id) && !everything.includes(theirs.id) && !everything.includes(archived.id));
    const listed = (await viewer.get(`${pagesUrl}?type=public`)).body[0];
    assert.equal('description_html' in listed, false);
    const bad = await viewer.get(`${pagesUrl}?type=drafts`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'Type must be one of private, public, archived');
  });
});

describe('PATCH, archive, restore and DELETE …/pages/:pageId', () => {
  test("authorization matrix: the owner or a project admin manages a page", async () => {
    const owned = await newPage(seed.actors.member);
    await seed.expectMatrix('PATCH', `${pagesUrl}/${owned.id}`, { name: 'Renamed' }, { ...MANAGE_OWN, member: 200, admin: 200 });
    const adminPage = await newPage(seed.actors.admin);
    const responses = await seed.expectMatrix('PATCH', `${pagesUrl}/${adminPage.id}`, { access: 'private' }, { ...MANAGE_OWN, member: 403, admin: 200 });
    assert.equal(responses.member.body.error, "Only the page's owner or a project admin can do this.");
    const archivable = await newPage(seed.actors.admin);
    await seed.expectMatrix('POST', `${pagesUrl}/${archivable.id}/archive`, undefined, { ...MANAGE_OWN, member: 403, admin: 200 });
    await seed.expectMatrix('POST', `${pagesUrl}/${archivable.id}/restore`, undefined, { ...MANAGE_OWN, member: 403, admin: 200 });
    await seed.expectMatrix('DELETE', `${pagesUrl}/${archivable.id}`, undefined, { ...MANAGE_OWN, member: 403, admin: 204 });
    const memberPage = await newPage(seed.actors.member);
    await seed.expectMatrix('DELETE', `${pagesUrl}/${memberPage.id}`, undefined, { ...MANAGE_OWN, member: 204, admin: 404 });
  });

  test('a rename from a title someone has changed since is refused with the newer one', async () => {
    const page = await newPage(seed.actors.member, { name: 'Plans' });
    const url = `${pagesUrl}/${page.id}`;
    assert.equal((await seed.actors.admin.patch(url, { name: 'Plans for Q2', name_base: 'Plans' })).status, 200);
    const stale = await seed.actors.member.patch(url, { name: 'Our plans', name_base: 'Plans' });
    assert.deepEqual([stale.status, stale.body.error, stale.body.current], [409, pageRenamedMeanwhile('Plans for Q2'), { name: 'Plans for Q2' }]);
    assert.equal((await seed.actors.member.get(url)).body.name, 'Plans for Q2');
    assert.equal((await seed.actors.member.patch(url, { name: 'Our plans', name_base: 'Plans for Q2' })).body.name, 'Our plans');
  });

  test('renames and changes access; archiving makes the page read-only until restored', async () => {
    const page = await newPage(seed.actors.member);
    const renamed = await seed.actors.member.patch(`${pagesUrl}/${page.id}`, { name: ' Roadmap ', access: 'private' });
    assert.equal(renamed.body.name, 'Roadmap');
    assert.equal(renamed.body.access, 'private');
    const archived = await seed.actors.member.post(`${pagesUrl}/${page.id}/archive`);
    assert.equal(archived.status, 200);
    assert.ok(archived.body.archived_at);
    const locked = await seed.actors.member.put(`${pagesUrl}/${page.id}/description`, { description_html: '<p>x</p>', version: 1 });
    assert.equal(locked.status, 403);
    assert.equal(locked.body.error, 'This page is archived and read-only. Restore it to edit it.');
    assert.equal((await seed.actors.member.patch(`${pagesUrl}/${page.id}`, { name: 'Nope' })).status, 403);
    const restored = await seed.actors.member.post(`${pagesUrl}/${page.id}/restore`);
    assert.equal(restored.body.archived_at, null);
    assert.equal((await seed.actors.member.put(`${pagesUrl}/${page.id}/description`, { description_html: '<p>x</p>', version: 1 })).status, 200);
    assert.equal((await seed.actors.member.patch(`${pagesUrl}/${page.id}`, {})).body.error, 'Body needs at least one field');
  });
});

describe('pages inside pages', () => {
  const listed = async (client: TestClient, type?: string) =>
    new Map(((await client.get(type ? `${pagesUrl}?type=${type}` : pagesUrl)).body as { id: string; parent_id: string | null }[]).map((page) => [page.id, page.parent_id]));

  test('a sub-page names its parent, takes its access unless told, and is listed with it', async () => {
    const handbook = await newPage(seed.actors.member, { name: 'Handbook' });
    const onboarding = await newPage(seed.actors.admin, { name: 'Onboarding', parent_id: handbook.id });
    assert.equal(onboarding.parent_id, handbook.id);
    assert.equal(onboarding.access, 'public');
    const notes = await newPage(seed.actors.member, { name: 'Notes', access: 'private' });
    const drafts = await newPage(seed.actors.member, { name: 'Drafts', parent_id: notes.id });
    assert.equal(drafts.access, 'private', 'under a private page, private');
    const publicInside = await seed.actors.member.post(pagesUrl, { parent_id: notes.id, access: 'public' });
    assert.deepEqual([publicInside.status, publicInside.body.error], [409, PRIVATE_PARENT_PUBLIC_PAGE]);
    const all = await listed(seed.actors.viewer);
    assert.equal(all.get(onboarding.id), handbook.id);
    assert.equal(all.has(drafts.id), false);
    assert.equal((await listed(seed.actors.member)).get(drafts.id), notes.id);
  });

  test('refuses a parent that is not a page of the project the caller sees, an archived one, or a loop', async () => {
    const secret = await newPage(seed.actors.admin, { access: 'private' });
    for (const parent of [secret.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await seed.actors.member.post(pagesUrl, { name: 'Child', parent_id: parent });
      assert.equal(refused.status, 400, refused.text);
      assert.equal(refused.body.error, PARENT_PAGE_NOT_FOUND);
    }
    const shelved = await newPage(seed.actors.member);
    await seed.actors.member.post(`${pagesUrl}/${shelved.id}/archive`);
    const underArchived = await seed.actors.member.post(pagesUrl, { parent_id: shelved.id });
    assert.deepEqual([underArchived.status, underArchived.body.error], [409, PARENT_PAGE_ARCHIVED]);

    const top = await newPage(seed.actors.member, { name: 'Top' });
    const middle = await newPage(seed.actors.member, { name: 'Middle', parent_id: top.id });
    const bottom = await newPage(seed.actors.member, { name: 'Bottom', parent_id: middle.id });
    for (const parent of [top.id, bottom.id]) {
      const loop = await seed.actors.member.patch(`${pagesUrl}/${top.id}`, { parent_id: parent });
      assert.deepEqual([loop.status, loop.body.error], [400, PAGE_UNDER_ITSELF]);
    }
    // Moving: under another page, then back to the top.
    const moved = await seed.actors.member.patch(`${pagesUrl}/${bottom.id}`, { parent_id: top.id });
    assert.deepEqual([moved.status, moved.body.parent_id], [200, top.id]);
    assert.equal((await seed.actors.member.patch(`${pagesUrl}/${bottom.id}`, { parent_id: null })).body.parent_id, null);
    // A rename leaves the parent alone.
    assert.equal((await seed.actors.member.patch(`${pagesUrl}/${middle.id}`, { name: 'Centre' })).body.parent_id, top.id);
  });

  test('archiving takes the sub-pages along; restoring brings back those archived with it', async () => {
    const guide = await newPage(seed.actors.member, { name: 'Guide' });
    const chapter = await newPage(seed.actors.member, { name: 'Chapter', parent_id: guide.id });
    const section = await newPage(seed.actors.admin, { name: 'Section', parent_id: chapter.id });
    const appendix = await newPage(seed.actors.member, { name: 'Appendix', parent_id: guide.id });
    // The appendix was archived on its own before: it stays archived when the guide comes back.
    await seed.actors.member.post(`${pagesUrl}/${appendix.id}/archive`);
    assert.equal((await seed.actors.member.post(`${pagesUrl}/${guide.id}/archive`)).status, 200);
    const archived = await listed(seed.actors.member, 'archived');
    for (const page of [guide, chapter, section, appendix]) assert.ok(archived.has(page.id), page.name);
    const read = await seed.actors.member.put(`${pagesUrl}/${section.id}/description`, { description_html: '<p>x</p>', version: 1 });
    assert.equal(read.status, 403, 'a sub-page archived with its parent is read-only');

    assert.equal((await seed.actors.member.post(`${pagesUrl}/${guide.id}/restore`)).body.archived_at, null);
    const live = await listed(seed.actors.member);
    assert.deepEqual([live.get(chapter.id), live.get(section.id), live.has(appendix.id)], [guide.id, chapter.id, false]);

    // A sub-page restored while its parent stays archived comes back at the top.
    await seed.actors.member.post(`${pagesUrl}/${guide.id}/archive`);
    const alone = await seed.actors.member.post(`${pagesUrl}/${chapter.id}/restore`);
    assert.deepEqual([alone.body.archived_at, alone.body.parent_id], [null, null]);
    assert.equal((await listed(seed.actors.member)).get(section.id), chapter.id);
  });

  test('a page inside a private page is private and its owner\'s: making private and moving in take the pages inside along', async () => {
    const access = async (page: { id: string }) => (await server.db.one<{ access: string }>('SELECT access FROM pages WHERE id = $1', [page.id])).access;
    const journal = await newPage(seed.actors.member, { name: 'Journal' });
    const week = await newPage(seed.actors.member, { name: 'Week', parent_id: journal.id });
    const day = await newPage(seed.actors.member, { name: 'Day', parent_id: week.id });
    const theirs = await newPage(seed.actors.admin, { name: 'Theirs', parent_id: week.id });
    // Someone else's live page inside: refused, nothing changed.
    const refused = await seed.actors.member.patch(`${pagesUrl}/${journal.id}`, { access: 'private' });
    assert.deepEqual([refused.status, refused.body.error], [409, OTHERS_PAGES_INSIDE]);
    assert.deepEqual([await access(journal), await access(week), await access(day)], ['public', 'public', 'public']);
    // Archived, it cannot be moved out: it moves to the top instead, and comes back there.
    await seed.actors.admin.post(`${pagesUrl}/${theirs.id}/archive`);
    const made = await seed.actors.member.patch(`${pagesUrl}/${journal.id}`, { access: 'private' });
    assert.deepEqual([made.status, made.body.access], [200, 'private']);
    assert.deepEqual([await access(week), await access(day), await access(theirs)], ['private', 'private', 'public']);
    const back = await seed.actors.admin.post(`${pagesUrl}/${theirs.id}/restore`);
    assert.deepEqual([back.body.parent_id, back.body.access], [null, 'public']);
    const others = new Set(((await seed.actors.viewer.get(pagesUrl)).body as { id: string }[]).map((page) => page.id));
    assert.deepEqual([others.has(journal.id), others.has(week.id), others.has(day.id), others.has(theirs.id)], [false, false, false, true]);

    // Inside a private page a page cannot be made public; moved out it can.
    const publicInside = await seed.actors.member.patch(`${pagesUrl}/${day.id}`, { access: 'public' });
    assert.deepEqual([publicInside.status, publicInside.body.error], [409, PRIVATE_PARENT_PUBLIC_PAGE]);
    const out = await seed.actors.member.patch(`${pagesUrl}/${day.id}`, { parent_id: null, access: 'public' });
    assert.deepEqual([out.status, out.body.access, out.body.parent_id], [200, 'public', null]);
    // Moving a public page of one's own inside a private page makes it and its pages private.
    const notes = await newPage(seed.actors.member, { name: 'Notes' });
    const note = await newPage(seed.actors.member, { name: 'Note', parent_id: notes.id });
    const moved = await seed.actors.member.patch(`${pagesUrl}/${notes.id}`, { parent_id: journal.id });
    assert.deepEqual([moved.status, moved.body.access, await access(note)], [200, 'private', 'private']);
    // A page holding someone else's page cannot go inside: it would be hidden from them.
    const shared = await newPage(seed.actors.member, { name: 'Shared' });
    await newPage(seed.actors.admin, { name: 'Their part', parent_id: shared.id });
    const holding = await seed.actors.member.patch(`${pagesUrl}/${shared.id}`, { parent_id: journal.id });
    assert.deepEqual([holding.status, holding.body.error, await access(shared)], [409, PRIVATE_PARENT_OTHERS_PAGES, 'public']);
    assert.equal((await seed.actors.member.get(`${pagesUrl}/${shared.id}`)).body.parent_id, null);
    // A project admin makes someone's page private: answered, though it is then its owner's alone.
    const plan = await newPage(seed.actors.member, { name: 'Plan' });
    const step = await newPage(seed.actors.member, { name: 'Step', parent_id: plan.id });
    const byAdmin = await seed.actors.admin.patch(`${pagesUrl}/${plan.id}`, { access: 'private' });
    assert.deepEqual([byAdmin.status, byAdmin.body.access, await access(step)], [200, 'private', 'private']);
    assert.equal((await seed.actors.admin.get(`${pagesUrl}/${plan.id}`)).status, 404);
  });

  test('pages made before the rule: others\' pages inside a private page move to the top, the rest become private', async () => {
    const insert = async (name: string, access: string, owner: string, parent: string | null) =>
      (
        await server.db.one<{ id: string }>(
          `INSERT INTO pages (project_id, name, access, description_html, description_json, owned_by, parent_id) VALUES ($1, $2, $3, '', '{}', $4, $5) RETURNING id`,
          [seed.project.id, name, access, owner, parent],
        )
      ).id;
    const [member, admin] = [seed.users.member.id, seed.users.admin.id];
    const secret = await insert('Secret', 'private', member, null);
    const mine = await insert('Mine', 'public', member, secret);
    const deeper = await insert('Deeper', 'public', member, mine);
    const others = await insert('Others', 'public', admin, mine);
    const underOthers = await insert('Under others', 'public', admin, others);
    const open = await insert('Open', 'public', member, null);
    const openChild = await insert('Open child', 'public', admin, open);
    await server.db.exec(privatePageTrees.sql);
    const rows = new Map(
      (await server.db.query<{ id: string; access: string; parent_id: string | null }>('SELECT id, access, parent_id FROM pages WHERE id = ANY($1::uuid[])', [
        [mine, deeper, others, underOthers, openChild],
      ])).map((row) => [row.id, [row.access, row.parent_id]]),
    );
    assert.deepEqual(rows.get(mine), ['private', secret]);
    assert.deepEqual(rows.get(deeper), ['private', mine]);
    assert.deepEqual(rows.get(others), ['public', null], 'moved to the top, still seen by all');
    assert.deepEqual(rows.get(underOthers), ['public', others], 'goes with it');
    assert.deepEqual(rows.get(openChild), ['public', open], 'a public tree is left alone');
  });

  test('deleting a page moves its sub-pages up to its parent', async () => {
    const root = await newPage(seed.actors.member, { name: 'Root' });
    const doomed = await newPage(seed.actors.member, { name: 'Doomed', parent_id: root.id });
    const [first, second] = [await newPage(seed.actors.member, { parent_id: doomed.id }), await newPage(seed.actors.admin, { parent_id: doomed.id })];
    assert.equal((await seed.actors.member.delete(`${pagesUrl}/${doomed.id}`)).status, 204);
    const live = await listed(seed.actors.member);
    assert.deepEqual([live.get(first.id), live.get(second.id)], [root.id, root.id]);
    assert.equal((await seed.actors.member.delete(`${pagesUrl}/${root.id}`)).status, 204);
    assert.equal((await listed(seed.actors.member)).get(first.id), null);
  });
});

describe('PUT …/pages/:pageId/description', () => {
  test('authorization matrix on a public page: Members save', async () => {
    const page = await newPage(seed.actors.admin);
    let version = 1;
    await seed.expectMatrix('PUT', `${pagesUrl}/${page.id}/description`, (actor: Actor) => ({ description_html: `<p>${actor}</p>`, version: actor === 'admin' ? ++version : version }), {
      ...MANAGE_OWN,
      member: 200,
      admin: 200,
    });
  });

  test('saves normalised content, bumps the version and answers the ETag', async () => {
    const page = await newPage(seed.actors.member);
    const url = `${pagesUrl}/${page.id}/description`;
    const saved = await seed.actors.member.put(url, { description_html: '<h2>Goals</h2><ul><li><p>Ship</p></li></ul><img src="javascript:x">', version: 1 });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.version, 2);
    assert.equal(saved.headers.get('etag'), '"2"');
    assert.equal(saved.body.description_html, normaliseRichText({ html: '<h2>Goals</h2><ul><li><p>Ship</p></li></ul>' }).html);
    const read = await seed.actors.guest.get(url);
    assert.deepEqual(read.body, saved.body);
    assert.equal(read.headers.get('etag'), '"2"');
    const same = await seed.actors.member.put(url, { description_html: saved.body.description_html }, { headers: { 'if-match': '"2"' } });
    assert.equal(same.body.version, 2, 'an unchanged save keeps the version');
    const viaHeader = await seed.actors.member.put(url, { description_html: '<p>Next</p>' }, { headers: { 'if-match': 'W/"2"' } });
    assert.equal(viaHeader.body.version, 3);
    const stored = await server.db.one<{ description_json: { type: string } }>('SELECT description_json FROM pages WHERE id = $1', [page.id]);
    assert.equal(stored.description_json.type, 'doc');
  });

  test('a stale version is refused with 409 and the current content; nothing is lost', async () => {
    const page = await newPage(seed.actors.member, { description_html: '<p>First</p>' });
    const url = `${pagesUrl}/${page.id}/description`;
    const mine = await seed.actors.member.put(url, { description_html: '<p>Mine</p>', version: 1 });
    assert.equal(mine.body.version, 2);
    const stale = await seed.actors.admin.put(url, { description_html: '<p>Theirs</p>', version: 1 });
    assert.equal(stale.status, 409);
    assert.deepEqual(stale.body, {
      error: 'Someone else changed this page since you opened it. Your text was not saved: merge it with the current version and save again.',
      current: { description_html: '<p>Mine</p>', version: 2 },
    });
    assert.equal(stale.headers.get('etag'), '"2"');
    const staleHeader = await seed.actors.admin.put(url, { description_html: '<p>Theirs</p>' }, { headers: { 'if-match': '"1"' } });
    assert.equal(staleHeader.status, 409);
    assert.equal((await seed.actors.guest.get(url)).body.description_html, '<p>Mine</p>');
  });

  test('refuses a save without a version, with two different versions, or without content', async () => {
    const page = await newPage(seed.actors.member);
    const url = `${pagesUrl}/${page.id}/description`;
    const noVersion = await seed.actors.member.put(url, { description_html: '<p>x</p>' });
    assert.equal(noVersion.status, 428);
    assert.equal(noVersion.body.error, 'Say which version you edited: send version in the body or an If-Match header.');
    const differ = await seed.actors.member.put(url, { description_html: '<p>x</p>', version: 1 }, { headers: { 'if-match': '"2"' } });
    assert.equal(differ.status, 400);
    assert.equal(differ.body.error, 'The version in the body and the If-Match header differ.');
    const badHeader = await seed.actors.member.put(url, { description_html: '<p>x</p>' }, { headers: { 'if-match': '*' } });
    assert.equal(badHeader.status, 400);
    const missing = await seed.actors.member.put(url, { version: 1 });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error, 'Description html is required');
  });
});

describe('the pages feature toggle', () => {
  test('with pages turned off every page route answers 403 saying so', async () => {
    const page = await newPage(seed.actors.member);
    await seed.actors.admin.patch(seed.projectUrl, { page_view: false });
    try {
      const disabled = everyMember(403);
      const responses = await seed.expectMatrix('GET', pagesUrl, undefined, disabled);
      assert.equal(responses.admin.body.error, "Pages are disabled in this project. A project admin can turn them on in the project's features.");
      await seed.expectMatrix('GET', `${pagesUrl}/${page.id}/description`, undefined, disabled);
    } finally {
      await seed.actors.admin.patch(seed.projectUrl, { page_view: true });
    }
  });
});
