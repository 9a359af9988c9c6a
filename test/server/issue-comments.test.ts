import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { everyMember, membersAndAdmins, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let issueUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  const issue = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Discussed' });
  issueUrl = `${seed.projectUrl}/issues/${issue.body.id}`;
});
after(() => server.close());

async function newComment(actor: Actor = 'member', html = `<p>Comment ${randomUUID().slice(0, 6)}</p>`) {
  const response = await seed.actors[actor].post(`${issueUrl}/comments`, { comment_html: html });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

async function commentActivities() {
  const rows = (await seed.actors.guest.get(`${issueUrl}/activities`)).body as Record<string, unknown>[];
  return rows.filter((row) => row.field === 'comment').map((row) => [row.verb, row.old_value, row.new_value, row.old_identifier, row.new_identifier]);
}

describe('POST …/issues/:issueId/comments', () => {
  test('stores the comment normalised through the editor schema, with its author, and records it', async () => {
    const response = await seed.actors.member.post(`${issueUrl}/comments`, {
      comment_html: '<p>Looks <strong>good</strong><img src="javascript:alert(1)" onerror="alert(1)"><script>alert(2)</script></p><p></p>',
    });
    assert.equal(response.status, 201, response.text);
    const comment = response.body;
    assert.deepEqual(Object.keys(comment).sort(), ['actor', 'comment_html', 'created_at', 'id', 'issue_id', 'reactions', 'updated_at']);
    assert.deepEqual(comment.reactions, []);
    assert.equal(comment.comment_html, '<p>Looks <strong>good</strong></p>');
    assert.deepEqual(comment.actor, { id: seed.users.member.id, display_name: 'member', first_name: '', is_bot: false, avatar: null });
    const row = await server.db.one<{ comment_json: { type: string } }>('SELECT comment_json FROM issue_comments WHERE id = $1', [comment.id]);
    assert.equal(row.comment_json.type, 'doc');
    assert.deepEqual((await commentActivities()).at(-1), ['created', null, '<p>Looks <strong>good</strong></p>', null, comment.id]);
  });

  test('an image or a mention alone is not empty', async () => {
    assert.match((await newComment('member', '<img src="/api/assets/a.png">')).comment_html, /<img/);
    const mention = await newComment('member', '<p><span data-type="mention" data-id="1" data-label="Bob">@Bob</span></p>');
    assert.match(mention.comment_html, /data-label="Bob"/);
  });

  test('refuses an empty comment and bad input', async () => {
    const cases: [unknown, string][] = [
      [{ comment_html: '' }, 'The comment cannot be empty.'],
      [{ comment_html: '<p></p><p>   </p>' }, 'The comment cannot be empty.'],
      [{ comment_html: '<script>alert(1)</script>' }, 'The comment cannot be empty.'],
      [{ comment_html: '<p><br></p>' }, 'The comment cannot be empty.'],
      [{}, 'Comment html is required'],
      [{ comment_html: 5 }, 'Comment html must be text'],
      [{ comment_html: '<p>x</p>', actor_id: seed.users.admin.id }, 'Body has an unknown field "actor_id"'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post(`${issueUrl}/comments`, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
    assert.equal((await seed.actors.member.post(`${seed.projectUrl}/issues/${randomUUID()}/comments`, { comment_html: '<p>x</p>' })).status, 404);
  });

  test('authorization matrix: Member and up', async () => {
    await seed.expectMatrix('POST', `${issueUrl}/comments`, (actor: Actor) => ({ comment_html: `<p>by ${actor}</p>` }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 201,
      admin: 201,
    });
  });
});

describe('GET …/issues/:issueId/comments', () => {
  test('lists oldest first; authorization matrix: everyone in the project', async () => {
    const comment = await newComment();
    const responses = await seed.expectMatrix('GET', `${issueUrl}/comments`, undefined, everyMember(200));
    assert.equal(responses.guest.body.at(-1).id, comment.id);
  });
});

describe('PATCH …/issues/:issueId/comments/:commentId', () => {
  test('the author edits it (normalised) and the feed records old and new', async () => {
    const comment = await newComment('member', '<p>before</p>');
    const response = await seed.actors.member.patch(`${issueUrl}/comments/${comment.id}`, { comment_html: '<p>after<script>x</script></p>' });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.comment_html, '<p>after</p>');
    assert.deepEqual((await commentActivities()).at(-1), ['updated', '<p>before</p>', '<p>after</p>', comment.id, comment.id]);
    const empty = await seed.actors.member.patch(`${issueUrl}/comments/${comment.id}`, { comment_html: '<p> </p>' });
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.body, { error: 'The comment cannot be empty.' });
    assert.equal((await seed.actors.member.patch(`${issueUrl}/comments/${randomUUID()}`, { comment_html: '<p>x</p>' })).status, 404);
  });

  test('updated_at moves when the words change, and only then: the app marks a comment edited by it', async () => {
    const comment = await newComment('member', '<p>first words</p>');
    assert.equal(comment.updated_at, comment.created_at);
    // As when the author's account is deleted (actor_id set to null): not an edit.
    await server.db.query('UPDATE issue_comments SET actor_id = NULL WHERE id = $1', [comment.id]);
    const listed = () => seed.actors.guest.get(`${issueUrl}/comments`).then((response) => (response.body as Array<{ id: string; created_at: string; updated_at: string }>).find((one) => one.id === comment.id)!);
    assert.equal((await listed()).updated_at, comment.created_at);
    const edited = await seed.actors.admin.patch(`${issueUrl}/comments/${comment.id}`, { comment_html: '<p>other words</p>' });
    assert.equal(edited.status, 200, edited.text);
    assert.notEqual(edited.body.updated_at, edited.body.created_at);
    assert.equal((await listed()).updated_at, edited.body.updated_at);
  });

  test('authorization matrix: the author (a member) or an admin; another member may not', async () => {
    const comment = await newComment('member');
    await seed.expectMatrix('PATCH', `${issueUrl}/comments/${comment.id}`, (actor: Actor) => ({ comment_html: `<p>edited by ${actor}</p>` }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 200,
      admin: 200,
    });
    const byAdmin = await newComment('admin');
    const refused = await seed.actors.member.patch(`${issueUrl}/comments/${byAdmin.id}`, { comment_html: '<p>not mine</p>' });
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { error: 'Only the author of a comment or an admin can change or delete it.' });
  });
});

describe('DELETE …/issues/:issueId/comments/:commentId', () => {
  test('removes the comment and records it', async () => {
    const comment = await newComment('member', '<p>bye</p>');
    assert.equal((await seed.actors.member.delete(`${issueUrl}/comments/${comment.id}`)).status, 204);
    const list = (await seed.actors.guest.get(`${issueUrl}/comments`)).body;
    assert.ok(!list.some((item: { id: string }) => item.id === comment.id));
    assert.deepEqual((await commentActivities()).at(-1), ['deleted', '<p>bye</p>', null, comment.id, null]);
  });

  test('authorization matrix: the author or an admin', async () => {
    const byMember = await newComment('member');
    await seed.expectMatrix('DELETE', `${issueUrl}/comments/${byMember.id}`, undefined, { anonymous: 401, nonMember: 404, guest: 403, viewer: 403, member: 204, admin: 404 });
    const another = await newComment('member');
    assert.equal((await seed.actors.admin.delete(`${issueUrl}/comments/${another.id}`)).status, 204);
    const byAdmin = await newComment('admin');
    assert.equal((await seed.actors.member.delete(`${issueUrl}/comments/${byAdmin.id}`)).status, 403);
  });
});

describe('PUT and DELETE …/comments/:commentId/reactions/:reaction', () => {
  test('members react, each once per reaction, and take it back; the comment lists who reacted, in the order reactions came', async () => {
    const comment = await newComment('member');
    const url = (reaction: string) => `${issueUrl}/comments/${comment.id}/reactions/${reaction}`;
    const first = await seed.actors.admin.put(url('rocket'));
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.body.reactions, [{ reaction: 'rocket', user_ids: [seed.users.admin.id] }]);
    await seed.actors.member.put(url('thumbs_up'));
    await seed.actors.member.put(url('rocket'));
    const twice = await seed.actors.member.put(url('rocket'));
    assert.deepEqual(twice.body.reactions, [
      { reaction: 'rocket', user_ids: [seed.users.admin.id, seed.users.member.id] },
      { reaction: 'thumbs_up', user_ids: [seed.users.member.id] },
    ]);
    const listed = (await seed.actors.guest.get(`${issueUrl}/comments`)).body.find((each: { id: string }) => each.id === comment.id);
    assert.deepEqual(listed.reactions, twice.body.reactions);
    const taken = await seed.actors.admin.delete(url('rocket'));
    assert.equal(taken.status, 200);
    assert.deepEqual(taken.body.reactions, [
      { reaction: 'thumbs_up', user_ids: [seed.users.member.id] },
      { reaction: 'rocket', user_ids: [seed.users.member.id] },
    ]);
    assert.equal((await seed.actors.admin.delete(url('rocket'))).status, 200, 'taking back what is not there changes nothing');
    // Not the feed's: no activity for a reaction.
    assert.equal((await commentActivities()).filter((row) => row[4] === comment.id || row[3] === comment.id).length, 1);
  });

  test('refuses an unknown reaction or comment, an archived issue, and those who may not comment', async () => {
    const comment = await newComment('member');
    const unknown = await seed.actors.member.put(`${issueUrl}/comments/${comment.id}/reactions/party`);
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error, /thumbs_up, thumbs_down, laugh, hooray, confused, heart, rocket, eyes/);
    const missing = await seed.actors.member.put(`${issueUrl}/comments/${randomUUID()}/reactions/eyes`);
    assert.deepEqual([missing.status, missing.body.error], [404, 'Comment not found.']);
    const url = `${issueUrl}/comments/${comment.id}/reactions/eyes`;
    await seed.expectMatrix('PUT', url, undefined, membersAndAdmins(200));
    await seed.expectMatrix('DELETE', url, undefined, membersAndAdmins(200));
    const other = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Shelved' });
    const shelvedComment = (await seed.actors.member.post(`${seed.projectUrl}/issues/${other.body.id}/comments`, { comment_html: '<p>Old</p>' })).body;
    await seed.actors.member.post(`${seed.projectUrl}/issues/${other.body.id}/archive`);
    const archived = await seed.actors.member.put(`${seed.projectUrl}/issues/${other.body.id}/comments/${shelvedComment.id}/reactions/eyes`);
    assert.equal(archived.status, 409);
    // A comment of another issue is not this issue's.
    const elsewhere = await seed.actors.member.put(`${issueUrl}/comments/${shelvedComment.id}/reactions/eyes`);
    assert.equal(elsewhere.status, 404);
  });
});
