// Others' changes shown without a reload: the workspace's live stream (faked in the page, see
// fake-live.ts) tells what changed, and the screens that show it ask the API again, gathered for
// LIVE_REFRESH_MS on the SDK's clock.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { issueRenamedMeanwhile } from '../../../src/api-shapes/issue-rename.js';
import { LIVE_REFRESH_MS } from '../../../src/app/layout/use-live-updates.js';
import { paths } from '../../../src/app/router/paths.js';
import { activityPages, activityRow } from './activity-fixtures.js';
import { ISSUE_ID, members, OTHER_ID, project, PROJECT_ID, USER_ID } from './fixtures.js';
import { click, press } from './input.js';
import { byText, cleanup, field, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { editorNamed, textbox } from './shared-editors.js';
import { advance, fakeClock, settled } from './timing.js';

const ISSUE_URL = paths.issue('acme', PROJECT_ID, ISSUE_ID);
const COMMENTS = '/workspaces/:slug/projects/:projectId/issues/:issueId/comments';
const LABEL = 'bbbbbbbb-bbbb-4bbb-8bbb-000000000001';
const grace = { id: OTHER_ID, display_name: 'Grace', first_name: 'Grace', is_bot: false, avatar: null };

describe('live updates', () => {
  afterEach(cleanup);

  it("shows another person's rename and comment on the open issue, gathered into one refresh, without a reload", async () => {
    const clock = fakeClock();
    const { api, scene } = seededApi();
    const comments: unknown[] = [];
    api.on('GET', COMMENTS, () => comments);
    const app = renderApp(ISSUE_URL, { api });
    const heading = () => app.container.querySelector('h1')?.textContent;
    await until(() => heading() === 'Fix the header', 'the issue');
    await until(() => api.live.open.size === 1, 'the live stream open');
    const [stream] = [...api.live.open];
    expect(stream!.url).to.equal('/api/workspaces/acme/events');

    // Grace renames it and comments (the server tells two changes, by ids).
    scene.issue = { ...scene.issue, name: 'Fix the header on phones' };
    comments.push({ id: 'c9', issue_id: ISSUE_ID, comment_html: '<p>Phones too.</p>', actor: grace, reactions: [], created_at: '2025-01-02T11:00:00.000Z', updated_at: '2025-01-02T11:00:00.000Z' });
    const asked = () => api.sent('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId').length;
    const before = asked();
    api.live.tell('acme', { event: 'issue', project_id: PROJECT_ID, id: ISSUE_ID, actor_id: OTHER_ID });
    api.live.tell('acme', { event: 'comment', action: 'created', project_id: PROJECT_ID, id: 'c9', issue_id: ISSUE_ID, actor_id: OTHER_ID });
    await advance(clock, LIVE_REFRESH_MS - 1);
    expect(asked(), 'gathered until the refresh').to.equal(before);
    expect(heading()).to.equal('Fix the header');
    await advance(clock, 1);
    await until(() => heading() === 'Fix the header on phones', 'the new title', { saw: heading });
    const comment = await until(() => editorNamed(app.container, 'Comment by Grace'), 'the new comment');
    await comment.updateComplete;
    expect(textbox(comment).textContent).to.equal('Phones too.');
    expect(asked() - before, 'one refresh for both changes').to.equal(1);
  });

  it("tells someone editing the title of another person's rename as it arrives, and Escape keeps theirs", async () => {
    const clock = fakeClock();
    const { api, scene } = seededApi();
    const app = renderApp(ISSUE_URL, { api });
    await until(() => app.container.querySelector('h1')?.textContent === 'Fix the header', 'the issue');
    await until(() => api.live.open.size === 1, 'the live stream open');
    await click(app.container.querySelector<HTMLButtonElement>('h1 button')!);
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ' now' });
    scene.issue = { ...scene.issue, name: 'Fix the header on phones' };
    api.live.tell('acme', { event: 'issue', project_id: PROJECT_ID, id: ISSUE_ID, actor_id: OTHER_ID });
    await advance(clock, LIVE_REFRESH_MS);
    const sentence = issueRenamedMeanwhile('Fix the header on phones');
    await until(() => app.container.querySelector('[role="alert"]')?.textContent === sentence, 'the word of her rename', {
      saw: () => app.container.querySelector('[role="alert"]')?.textContent,
    });
    expect(field(app.container, 'Title').value, 'the typed title kept').to.equal('Fix the header now');
    expect(api.sent('PATCH', '/workspaces/:slug/projects/:projectId/issues/:issueId')).to.have.length(0);
    await press('Escape');
    await until(() => app.container.querySelector('h1')?.textContent === 'Fix the header on phones', 'her title kept');
    expect(api.sent('PATCH', '/workspaces/:slug/projects/:projectId/issues/:issueId')).to.have.length(0);
  });

  it("asks for the favorites again when one of them changed, and not for another's change", async () => {
    const clock = fakeClock();
    const { api, scene } = seededApi();
    let favoriteName = 'Fix the header';
    api.on('GET', '/workspaces/:slug/favorites', () => [
      { id: 'f1', kind: 'issue', entity_id: ISSUE_ID, project_id: PROJECT_ID, name: favoriteName, key: 'WEB-7', created_at: '2025-01-02T10:00:00.000Z' },
    ]);
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    const sidebar = () => app.container.querySelector('aside.app-sidebar')?.textContent ?? '';
    await until(() => sidebar().includes('WEB-7 Fix the header'), 'the favorite');
    await until(() => app.container.textContent?.includes(scene.issues[0]!.name) ?? false, 'the list');
    await until(() => api.live.open.size === 1, 'the live stream open');
    const asked = () => api.sent('GET', '/workspaces/:slug/favorites').length;
    const before = asked();
    api.live.tell('acme', { event: 'issue', project_id: PROJECT_ID, id: scene.issues[1]!.id, actor_id: OTHER_ID });
    await advance(clock, LIVE_REFRESH_MS);
    await settled();
    expect(asked(), 'another issue: the favorites stay').to.equal(before);
    favoriteName = 'Fix the header on phones';
    api.live.tell('acme', { event: 'issue', project_id: PROJECT_ID, id: ISSUE_ID, actor_id: OTHER_ID });
    await advance(clock, LIVE_REFRESH_MS);
    await until(() => sidebar().includes('WEB-7 Fix the header on phones'), 'the new name in the sidebar', { saw: sidebar });
  });

  it('shows on the members screen someone who joined through an invitation, and the invitation gone', async () => {
    const clock = fakeClock();
    const { api } = seededApi();
    const people = [...members];
    let invitations = [
      { id: 'i1', email: 'newcomer@example.test', role: 15, invited_by: 'Ada', created_at: '2026-12-03T08:00:00.000Z', expires_at: '2026-12-10T08:00:00.000Z' },
    ];
    api.on('GET', '/workspaces/:slug/members', () => people).on('GET', '/workspaces/:slug/invitations', () => invitations);
    const app = renderApp(paths.settings('acme', 'members'), { api });
    const pending = () => app.container.querySelector('table[aria-labelledby="pending-invitations"]');
    await until(() => pending()?.textContent?.includes('newcomer@example.test'), 'the pending invitation');
    await until(() => api.live.open.size === 1, 'the live stream open');
    // The newcomer accepts: the server tells the workspace's screens by the person's id.
    const newcomer = { id: 'cccccccc-cccc-4ccc-8ccc-000000000009', display_name: 'Nia', first_name: 'Nia', is_bot: false, avatar: null, role: 15 as const };
    people.push(newcomer);
    invitations = [];
    api.live.tell('acme', { event: 'member', action: 'created', project_id: null, id: newcomer.id, actor_id: newcomer.id });
    await advance(clock, LIVE_REFRESH_MS);
    await until(() => byText(app.container, 'tbody tr', 'Nia') !== null && pending() === null, 'Nia listed and no invitation pending', {
      saw: () => app.container.textContent,
    });
  });

  it("lists a project the reader was just added to, and leaves the sidebar alone for someone else's", async () => {
    const clock = fakeClock();
    const { api, scene } = seededApi();
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    const sidebar = () => app.container.querySelector('aside.app-sidebar')?.textContent ?? '';
    await until(() => sidebar().includes('Website'), 'the sidebar');
    await until(() => api.live.open.size === 1, 'the live stream open');
    const research = project(15, { id: '88888888-8888-4888-8888-888888888888', identifier: 'RES', name: 'Research' });
    scene.projects = [...scene.projects, research];
    const listed = () => api.sent('GET', '/workspaces/:slug/projects').length;
    const before = listed();
    api.live.tell('acme', { event: 'member', action: 'created', project_id: research.id, id: OTHER_ID, actor_id: OTHER_ID });
    await advance(clock, LIVE_REFRESH_MS);
    await settled();
    expect(listed(), "another person's membership").to.equal(before);
    api.live.tell('acme', { event: 'member', action: 'created', project_id: research.id, id: USER_ID, actor_id: OTHER_ID });
    await advance(clock, LIVE_REFRESH_MS);
    await until(() => sidebar().includes('Research'), 'the new project in the sidebar', { saw: sidebar });
  });

  it("reads the dashboard's activity and issues again once the reader joined one project and left another", async () => {
    const clock = fakeClock();
    const { api, scene } = seededApi();
    const mobile = project(15, { id: '77777777-7777-4777-8777-777777777777', identifier: 'MOB', name: 'Mobile' });
    let rows = [activityRow(1)];
    api.on('GET', '/workspaces/:slug/activities', activityPages(() => rows));
    const app = renderApp(paths.workspace('acme'), { api });
    const feed = () => app.container.querySelector('ol[aria-label="Recent activity"]')?.textContent ?? '';
    await until(() => feed().includes('WEB-1'), 'the activity of WEB', { saw: feed });
    await until(() => api.live.open.size === 1, 'the live stream open');
    const asked = (path: string) => api.sent('GET', path).length;
    const issuesBefore = asked('/workspaces/:slug/issues');
    // Added to Mobile and removed from Web by an admin: the server now answers Mobile's rows alone.
    scene.projects = [mobile];
    rows = [activityRow(1, { project: mobile.id, project_detail: { identifier: 'MOB' }, issue_detail: { name: 'Ship the app', sequence_id: 4 } })];
    api.live.tell('acme', { event: 'member', action: 'created', project_id: mobile.id, id: USER_ID, actor_id: OTHER_ID });
    api.live.tell('acme', { event: 'member', action: 'deleted', project_id: PROJECT_ID, id: USER_ID, actor_id: OTHER_ID });
    await advance(clock, LIVE_REFRESH_MS);
    await until(() => feed().includes('MOB-4 Ship the app') && !feed().includes('WEB-1'), "Mobile's activity alone", { saw: feed });
    expect(asked('/workspaces/:slug/issues'), 'the issue tabs asked again').to.be.above(issuesBefore);
  });

  it('leaves what another project shows alone, and refreshes everything once the stream was dropped and is back', async () => {
    const clock = fakeClock();
    const { api, scene } = seededApi();
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => app.container.textContent?.includes(scene.issues[0]!.name) ?? false, 'the list');
    await until(() => api.live.open.size === 1, 'the live stream open');
    const listed = () => api.sent('GET', '/workspaces/:slug/projects/:projectId/issues').length;
    const before = listed();

    api.live.tell('acme', { event: 'issue', project_id: '99999999-9999-4999-8999-999999999999', id: 'elsewhere' });
    await advance(clock, LIVE_REFRESH_MS);
    await settled();
    expect(listed(), 'another project').to.equal(before);

    // Renamed while the stream was down: nothing said it, the reconnection refreshes it.
    scene.issues = [{ ...scene.issues[0]!, name: 'Renamed while offline' }, ...scene.issues.slice(1)];
    api.live.reconnect('acme');
    await advance(clock, LIVE_REFRESH_MS);
    await until(() => app.container.textContent?.includes('Renamed while offline') ?? false, 'the list refreshed');
  });

  it("shows a label another person renamed on the open list, and leaves it alone for another project's label", async () => {
    const clock = fakeClock();
    const { api, scene } = seededApi();
    const label = (name: string) => ({ id: LABEL, name, color: '#dc2626' });
    scene.issues = [{ ...scene.issues[0]!, label_ids: [LABEL], labels: [label('Bug')] }, ...scene.issues.slice(1)];
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    const shows = (text: string) => app.container.textContent?.includes(text) ?? false;
    await until(() => shows('Bug'), 'the row with its label');
    await until(() => api.live.open.size === 1, 'the live stream open');
    scene.issues = [{ ...scene.issues[0]!, labels: [label('Defect')] }, ...scene.issues.slice(1)];
    const listed = () => api.sent('GET', '/workspaces/:slug/projects/:projectId/issues').length;
    const before = listed();
    api.live.tell('acme', { event: 'label', project_id: '99999999-9999-4999-8999-999999999999', id: 'elsewhere' });
    await advance(clock, LIVE_REFRESH_MS);
    await settled();
    expect(listed(), 'another project').to.equal(before);
    api.live.tell('acme', { event: 'label', project_id: PROJECT_ID, id: LABEL, actor_id: OTHER_ID });
    await advance(clock, LIVE_REFRESH_MS);
    await until(() => shows('Defect') && !shows('Bug'), 'the renamed label', { saw: () => app.container.textContent });
  });

  it("asks nothing again of a deleted issue's own page (it would answer 404)", async () => {
    const clock = fakeClock();
    const { api } = seededApi();
    const app = renderApp(ISSUE_URL, { api });
    await until(() => app.container.querySelector('h1')?.textContent === 'Fix the header', 'the issue');
    await until(() => api.live.open.size === 1, 'the live stream open');
    const askedOfIssue = () => api.requests.filter((request) => request.path.includes(ISSUE_ID)).length;
    const before = askedOfIssue();
    api.live.tell('acme', { event: 'issue', action: 'deleted', project_id: PROJECT_ID, id: ISSUE_ID });
    await advance(clock, LIVE_REFRESH_MS);
    await settled();
    expect(askedOfIssue(), 'nothing of the deleted issue').to.equal(before);
  });

  it('holds no stream while the tab is hidden, and refreshes what it shows once shown again', async () => {
    const clock = fakeClock();
    const { api, scene } = seededApi();
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => app.container.textContent?.includes(scene.issues[0]!.name) ?? false, 'the list');
    await until(() => api.live.open.size === 1, 'the live stream open');
    const visibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      visibility('hidden');
      expect(api.live.open.size, 'closed while hidden').to.equal(0);
      scene.issues = [{ ...scene.issues[0]!, name: 'Renamed while hidden' }, ...scene.issues.slice(1)];
      visibility('visible');
      expect(api.live.open.size, 'open again').to.equal(1);
      await advance(clock, LIVE_REFRESH_MS);
      await until(() => app.container.textContent?.includes('Renamed while hidden') ?? false, 'the list refreshed');
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });

  it('closes the stream with the workspace, and opens none for a workspace that is not there', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => api.live.open.size === 1, 'the live stream open');
    app.unmount();
    expect(api.live.open.size).to.equal(0);

    const missing = renderApp(paths.projectIssues('nowhere', PROJECT_ID), { api });
    await until(() => missing.container.textContent?.includes('not found') || missing.container.textContent?.includes('Not found') || false, 'the missing workspace');
    await settled();
    expect(api.live.open.size).to.equal(0);
  });
});
