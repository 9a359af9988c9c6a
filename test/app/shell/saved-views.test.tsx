import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { ISSUE_DISPLAY_PROPERTIES } from '../../../src/api-shapes/issue-display.js';
import type { SavedView, SavedViewQuery } from '../../../src/app/api/types.js';
import { EMPTY_STATES } from '../../../src/app/empty-states/index.js';
import { paths } from '../../../src/app/router/paths.js';
import { isolated } from '../../../src/app/ui/bidi.js';
import { TOAST_TITLES } from '../../../src/app/ui/toasts.js';
import { viewSearch } from '../../../src/app/screens/issues/issue-list-params.js';
import { VIEW_WORDS } from '../../../src/app/screens/views/view-words.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { OTHER_ID, PROJECT_ID, USER_ID, WORKSPACE_ID, project, workspace } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { addFilter, displayPopup, openDisplay } from './issue-toolbar-input.js';
import { closed, listbox, option } from './pickers.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi, type Scene } from './seeded-api.js';
import type { FakeApi, FakeRequest } from './fake-api.js';

const VIEWS = '/workspaces/:slug/views';
const VIEW = '/workspaces/:slug/views/:viewId';
const ISSUES = '/workspaces/:slug/projects/:projectId/issues';
const dialog = () => document.querySelector<HTMLElement>('.app-dialog[role="dialog"]');
const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-view-row')];
const heading = (root: ParentNode) => root.querySelector('h1')?.textContent;
/** The bar an open view shows once its list differs from what it saved. */
const changesBar = (root: ParentNode) => root.querySelector<HTMLElement>(`[role="group"][aria-label="${VIEW_WORDS.changes}"]`);
/** The toast of `kind` whose text holds `message`. */
const toast = (kind: keyof typeof TOAST_TITLES, message: string) =>
  [...document.querySelectorAll<HTMLElement>('.app-toast')].find((shown) => shown.textContent?.includes(TOAST_TITLES[kind]) && shown.textContent.includes(message)) ?? null;

/** Urgent and high issues on a board, by priority, showing only their keys. */
const BOARD: SavedViewQuery = { filters: { priority: 'urgent,high' }, order: 'priority', group_by: 'state', display: ['key'], layout: 'board' };
/** Urgent issues as a plain list with every property (the list's own defaults but the filter). */
const URGENT: SavedViewQuery = { filters: { priority: 'urgent' }, order: 'newest', group_by: 'none', display: [...ISSUE_DISPLAY_PROPERTIES], layout: 'list' };

function view(n: number, fields: Partial<SavedView> = {}): SavedView {
  return {
    id: `eeeeeeee-eeee-4eee-8eee-00000000000${n}`,
    workspace_id: WORKSPACE_ID,
    project_id: PROJECT_ID,
    owner_id: USER_ID,
    owner__display_name: 'Ada Lovelace',
    name: `View ${n}`,
    shared: false,
    query: BOARD,
    created_at: '2025-01-01T09:00:00.000Z',
    updated_at: '2025-01-01T09:00:00.000Z',
    ...fields,
  };
}

/** The seeded workspace with a views store behind the views routes, as the server keeps them. */
function viewsApi(kept: SavedView[] = [], scene?: (scene: Scene) => void): { api: FakeApi; views: SavedView[] } {
  const { api } = seededApi(scene);
  const views = [...kept];
  const find = (request: FakeRequest) => views.findIndex((candidate) => candidate.id === request.params.viewId);
  api
    .on('GET', VIEWS, () => views)
    .on('GET', VIEW, (request) => views[find(request)] ?? reply(404, { error: 'View not found.' }))
    .on('POST', VIEWS, (request) => {
      const saved = view(9 - views.length, request.body as Partial<SavedView>);
      views.push(saved);
      return reply(201, saved);
    })
    .on('PATCH', VIEW, (request) => {
      const at = find(request);
      views[at] = { ...views[at]!, ...(request.body as Partial<SavedView>) };
      return views[at];
    })
    .on('DELETE', VIEW, (request) => void views.splice(find(request), 1));
  return { api, views };
}

describe('saved views', () => {
  afterEach(cleanup);

  it('saves the list as it is arranged, shared, and then titles it with the view’s name', async () => {
    const { api } = viewsApi();
    const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?layout=list`, { api });
    await until(() => app.container.querySelectorAll('.app-issue-row').length === 3, 'the issues');
    // Each change waits for the list to have rendered the one before (its request), as a user's next click would.
    const asked = (check: (query: URLSearchParams) => boolean, what: string) => until(() => api.sent('GET', ISSUES).some((request) => check(request.query)), what);
    await addFilter(app.container, 'Priority');
    await click(option(await listbox(), 'High'));
    await asked((query) => query.get('priority') === 'high', 'the filtered list');
    await press('Escape');
    await closed();
    const order = field<HTMLSelectElement>(await openDisplay(app.container), 'Order by');
    order.value = 'target_date';
    order.dispatchEvent(new Event('change', { bubbles: true }));
    await asked((query) => query.get('priority') === 'high' && query.get('order') === 'target_date', 'the list asked as arranged');
    await click(field(await openDisplay(app.container), 'Labels'));
    await until(() => app.location().includes('display=') && !field(displayPopup()!, 'Labels').checked, 'the labels hidden');
    await press('Escape');
    await until(() => !displayPopup(), 'the display options closed');
    // The layout stays the list: choosing Board would remember it for the project in this
    // browser's storage, which the app test files running beside this one share.
    await click(button(app.container, 'Save view'));
    const form = await until(() => dialog(), 'the dialog');
    await click(button(form, 'Save view'));
    await until(() => byText(form, '.app-field-error, [role="alert"]', 'View name is required.'), 'the missing name');
    await typeInto(field(form, 'View name'), 'High, soonest first');
    await click(field(form, 'Shared: everyone in the project'));
    await click(button(form, 'Save view'));
    await until(() => !dialog(), 'the dialog closed');
    expect(api.sent('POST', VIEWS)[0]!.body).to.deep.equal({
      name: 'High, soonest first',
      shared: true,
      project_id: PROJECT_ID,
      query: { filters: { priority: 'high' }, order: 'target_date', group_by: 'none', display: ['priority', 'key', 'assignees', 'target_date', 'estimate'], layout: 'list' },
    });
    await until(() => heading(app.container) === 'High, soonest first', 'the view’s name as the title');
    expect(app.location()).to.contain('view=eeeeeeee-eeee-4eee-8eee-000000000009');
  });

  it('opens a view from the Views screen as saved: its board, filters, order and properties', async () => {
    const { api } = viewsApi([view(1, { name: 'Urgent board', shared: true })]);
    const app = renderApp(paths.views('acme', PROJECT_ID), { api });
    const [row] = await until(() => (rows(app.container).length === 1 ? rows(app.container) : null), 'the view listed');
    expect(row!.textContent).to.contain('Shared');
    await click(byText(row!, 'a', 'Urgent board'));
    await until(() => heading(app.container) === 'Urgent board', 'the view’s name as the title');
    await until(() => app.container.querySelector('.app-page-header p')?.textContent === `A saved view of ${isolated('Website')}’s issues`, 'the project named under it');
    await until(() => app.container.querySelector('.app-board'), 'the board');
    const asked = api.sent('GET', ISSUES).at(-1)!.query;
    expect([asked.get('priority'), asked.get('order')]).to.deep.equal(['urgent,high', 'priority']);
    const display = await openDisplay(app.container);
    expect(field<HTMLSelectElement>(display, 'Order by').value).to.equal('priority');
    expect(field(display, 'Labels').checked).to.equal(false);
    expect(field(display, 'Key').checked).to.equal(true);
    await press('Escape');
    await until(() => !displayPopup(), 'the display options closed');
    await until(() => app.container.querySelector('.app-board-column .app-issue-key'), 'a card with its key');
    expect(app.container.querySelector('.app-board-priority')).to.equal(null);
  });

  it('renames and deletes a view after asking; another’s shared view cannot be changed', async () => {
    const { api, views } = viewsApi([view(1, { name: 'Mine' }), view(2, { name: 'Theirs', shared: true, owner_id: OTHER_ID, owner__display_name: 'Grace' })]);
    const app = renderApp(paths.views('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 2, 'the views');
    expect(button(app.container, 'Rename view Theirs')!.disabled).to.equal(false, 'an admin may change it');
    await click(button(app.container, 'Rename view Mine'));
    const form = await until(() => dialog(), 'the rename dialog');
    const name = field(form, 'View name');
    name.select();
    await typeInto(name, 'Renamed');
    await click(button(form, 'Rename'));
    await until(() => byText(app.container, '.app-view-open', 'Renamed'), 'the new name listed');
    expect(api.sent('PATCH', VIEW)[0]!.body).to.deep.equal({ name: 'Renamed' });
    await click(button(app.container, 'Delete view Renamed'));
    const confirm = await until(() => dialog(), 'the confirmation');
    expect(confirm.textContent).to.contain('The view Renamed will be deleted');
    await click(button(confirm, 'Delete'));
    await until(() => rows(app.container).length === 1, 'one view left');
    expect(views.map((kept) => kept.name)).to.deep.equal(['Theirs']);
  });

  it('after a deletion, focus goes to the next view’s Delete button, and to the heading once none is left', async () => {
    const { api } = viewsApi([view(1, { name: 'First' }), view(2, { name: 'Second' })]);
    const app = renderApp(paths.views('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 2, 'the views');
    for (const [name, next] of [['First', () => button(app.container, 'Delete view Second')], ['Second', () => byText(app.container, 'h1', 'Views')]] as const) {
      await click(button(app.container, `Delete view ${name}`));
      await click(button(await until(() => dialog(), 'the confirmation'), 'Delete'));
      await until(() => !dialog(), 'the confirmation closed');
      await until(() => document.activeElement === next(), `focus after deleting ${name}`, { saw: () => document.activeElement });
    }
    expect(app.container.querySelector(`[data-empty-state="views"]`)).to.not.equal(null);
  });

  it('shows the spec’s empty state without views, and a failure with a retry; axe-clean in both themes at phone width', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      for (const themeMode of ['light', 'dark'] as const) {
        const { api } = viewsApi([view(1, { name: 'A view with a long name that has to wrap on a phone screen' })]);
        const app = renderApp(paths.views('acme', PROJECT_ID), { api, themeMode });
        await until(() => rows(app.container).length === 1, 'the view');
        await expectAccessible(app.container);
        cleanup();
      }
      const { api } = viewsApi();
      const empty = renderApp(paths.views('acme', PROJECT_ID), { api, themeMode: 'dark' });
      await until(() => byText(empty.container, 'h2, h3', EMPTY_STATES.views.title), 'the empty state');
      await expectAccessible(empty.container);
      cleanup();
      let fail = true;
      const failing = viewsApi().api.on('GET', VIEWS, () => (fail ? reply(503, { error: 'The server is busy.' }) : []));
      const app = renderApp(paths.views('acme', PROJECT_ID), { api: failing });
      const alert = await until(() => app.container.querySelector('[role="alert"]'), 'the failure');
      expect(alert.textContent).to.contain('The server is busy.');
      fail = false;
      await click(button(alert as HTMLElement, 'Try again'));
      await until(() => byText(app.container, 'h2, h3', EMPTY_STATES.views.title), 'the empty state after the retry');
    } finally {
      await setViewport({ width: 1280, height: 800 });
    }
  });

  describe('changing a saved view', () => {
    const opened = (saved: SavedView) => `${paths.projectIssues('acme', PROJECT_ID)}${viewSearch(saved.query, saved.id)}`;
    /** Opens `saved` as its list and waits for its saved filter's chip. */
    async function openView(saved: SavedView, api: FakeApi) {
      const app = renderApp(opened(saved), { api });
      await until(() => heading(app.container) === saved.name, 'the view’s name as the title');
      await until(() => button(app.container, 'Remove priority filter'), 'the saved priority filter');
      expect(changesBar(app.container), 'the list is as saved').to.equal(null);
      return app;
    }

    it('saves the changed filters into the view, with Enter on Save changes', async () => {
      const mine = view(1, { name: 'Urgent', query: URGENT });
      const { api, views } = viewsApi([mine]);
      const app = await openView(mine, api);
      await click(button(app.container, 'Remove priority filter'));
      const bar = await until(() => changesBar(app.container), 'the unsaved changes');
      expect(bar.textContent).to.contain(VIEW_WORDS.changed);
      button(bar, VIEW_WORDS.saveChanges)!.focus();
      await press('Enter');
      await until(() => toast('success', VIEW_WORDS.updated('Urgent')), 'the confirmation');
      expect(api.sent('PATCH', VIEW).map((request) => request.body)).to.deep.equal([{ query: { ...URGENT, filters: {} } }]);
      expect(views[0]!.query.filters).to.deep.equal({});
      await until(() => !changesBar(app.container), 'the bar gone: the list is the view again');
      expect(heading(app.container)).to.equal('Urgent');
    });

    it('resets the list to the view’s saved filters', async () => {
      const mine = view(1, { name: 'Urgent', query: URGENT });
      const { api } = viewsApi([mine]);
      const app = await openView(mine, api);
      await click(button(app.container, 'Remove priority filter'));
      await until(() => api.sent('GET', ISSUES).some((request) => !request.query.get('priority')), 'the unfiltered list');
      await click(button(await until(() => changesBar(app.container), 'the unsaved changes'), VIEW_WORDS.reset));
      await until(() => !changesBar(app.container), 'the bar gone');
      await until(() => button(app.container, 'Remove priority filter'), 'the saved filter back');
      expect(new URLSearchParams(app.location().split('?')[1]).get('priority')).to.equal('urgent');
      expect(api.sent('PATCH', VIEW)).to.have.length(0);
    });

    it('shows the server’s refusal to save, keeping the changes; someone else’s view cannot be saved by a member', async () => {
      const mine = view(1, { name: 'Urgent', query: URGENT });
      const { api, views } = viewsApi([mine]);
      api.on('PATCH', VIEW, () => reply(403, { error: 'Only the view’s owner or an admin can change it.' }));
      const app = await openView(mine, api);
      await click(button(app.container, 'Remove priority filter'));
      await click(button(await until(() => changesBar(app.container), 'the unsaved changes'), VIEW_WORDS.saveChanges));
      await until(() => toast('error', 'Only the view’s owner or an admin can change it.'), 'the refusal');
      expect(changesBar(app.container), 'the changes stay, to save as a new view or reset').to.not.equal(null);
      expect(views[0]!.query).to.deep.equal(URGENT);
      cleanup();

      const theirs = view(2, { name: 'Theirs', query: URGENT, shared: true, owner_id: OTHER_ID, owner__display_name: 'Grace' });
      const member = viewsApi([theirs], (scene) => {
        scene.workspace = workspace(15);
        scene.projects = [project(15)];
      }).api;
      const other = await openView(theirs, member);
      await click(button(other.container, 'Remove priority filter'));
      const bar = await until(() => changesBar(other.container), 'the unsaved changes');
      expect(button(bar, VIEW_WORDS.saveChanges)!.disabled).to.equal(true);
      expect(button(bar, VIEW_WORDS.saveChanges)!.title).to.equal(VIEW_WORDS.notYours);
      expect(button(bar, VIEW_WORDS.reset)!.disabled).to.equal(false);
    });

    it('keeps Reset and Save changes on screen at phone width, axe-clean', async () => {
      await setViewport({ width: 390, height: 844 });
      try {
        const mine = view(1, { name: 'Urgent', query: URGENT });
        const { api } = viewsApi([mine]);
        const app = renderApp(opened(mine), { api });
        await until(() => heading(app.container) === 'Urgent', 'the view’s name as the title');
        await until(() => app.container.querySelectorAll('.app-issue-row').length > 0, 'the issues');
        // A phone's filters sit behind "Filters and display". (Not the layout: choosing Board would be
        // remembered in the storage the app test files share.)
        await click(byText(app.container, 'button', 'Filters and display'));
        await click(await until(() => button(app.container, 'Remove priority filter'), 'the saved filter'));
        const bar = await until(() => changesBar(app.container), 'the unsaved changes');
        for (const name of [VIEW_WORDS.reset, VIEW_WORDS.saveChanges]) {
          const box = button(bar, name)!.getBoundingClientRect();
          expect(box.left >= 0 && box.right <= 390 && box.height >= 44, `${name} within the screen, a 44 px target`).to.equal(true);
        }
        await expectAccessible(app.container);
        await click(button(bar, VIEW_WORDS.reset));
        await until(() => !changesBar(app.container), 'the bar gone');
      } finally {
        await setViewport({ width: 1280, height: 800 });
      }
    });
  });

  it('shares a view and makes it private again from the Views list, by mouse and key, telling each; a refusal shows', async () => {
    const { api, views } = viewsApi([view(1, { name: 'Mine' }), view(2, { name: 'Theirs', shared: true, owner_id: OTHER_ID, owner__display_name: 'Grace' })]);
    const app = renderApp(paths.views('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 2, 'the views');
    const row = () => byText(app.container, '.app-view-row', 'Mine')!;
    expect(row().textContent).to.contain('Private');
    await click(button(app.container, VIEW_WORDS.makeShared('Mine')));
    await until(() => toast('success', VIEW_WORDS.nowShared('Mine')), 'the shared confirmation');
    await until(() => row().textContent?.includes('Shared'), 'the row says shared');
    expect(views[0]!.shared).to.equal(true);
    const makePrivate = await until(() => button(app.container, VIEW_WORDS.makePrivate('Mine')), 'the button turned');
    expect(document.activeElement, 'focus stays on the button').to.equal(makePrivate);
    await press('Enter');
    await until(() => toast('success', VIEW_WORDS.nowPrivate('Mine')), 'the private confirmation');
    await until(() => row().textContent?.includes('Private'), 'the row says private');
    expect(api.sent('PATCH', VIEW).map((request) => request.body)).to.deep.equal([{ shared: true }, { shared: false }]);

    api.on('PATCH', VIEW, () => reply(403, { error: 'Only the view’s owner or an admin can change it.' }));
    await click(button(app.container, VIEW_WORDS.makePrivate('Theirs')));
    await until(() => toast('error', 'Only the view’s owner or an admin can change it.'), 'the refusal');
    expect(byText(app.container, '.app-view-row', 'Theirs')!.textContent).to.contain('Shared');
    expect(views[1]!.shared).to.equal(true);
  });

  it('does not offer to share another’s view to a member', async () => {
    const { api } = viewsApi([view(2, { name: 'Theirs', shared: true, owner_id: OTHER_ID, owner__display_name: 'Grace' })], (scene) => {
      scene.workspace = workspace(15);
      scene.projects = [project(15)];
    });
    const app = renderApp(paths.views('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 1, 'the view');
    const toggle = button(app.container, VIEW_WORDS.makePrivate('Theirs'))!;
    expect([toggle.disabled, toggle.title]).to.deep.equal([true, VIEW_WORDS.notYours]);
  });
});
