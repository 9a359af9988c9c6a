import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { paths } from '../../../src/app/router/paths.js';
import { CollabWords } from '../../../src/app/editor/collab-status.js';
import { OUTLINE_DELAY_MS } from '../../../src/app/screens/page-editor/page-body.js';
import { pageRenamedMeanwhile } from '../../../src/api-shapes/issue-rename.js';
import { LIVE_REFRESH_MS } from '../../../src/app/layout/use-live-updates.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { chooseFromMenu, menuEntries, openActionMenu } from './action-menus.js';
import { OTHER_ID, project, PROJECT_ID } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { pageDetail, PAGE_ID } from './page-fixtures.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { statusOf, syncedEditor, textbox } from './shared-editors.js';
import { advance, fakeClock } from './timing.js';
import { isolated } from '../../../src/app/ui/bidi.js';

const PAGE_URL = paths.page('acme', PROJECT_ID, PAGE_ID);
const contents = (root: ParentNode) => [...root.querySelectorAll('nav[aria-label="Contents"] button')].map((entry) => entry.textContent);

async function openPage(change?: Parameters<typeof seededApi>[0], page = pageDetail(), routes?: (api: ReturnType<typeof seededApi>['api']) => void) {
  const seeded = seededApi(change);
  seeded.api.on('GET', '/workspaces/:slug/projects/:projectId/pages/:pageId', () => page);
  routes?.(seeded.api);
  // The page's shared document starts from its stored content, as on the server.
  seeded.api.collab.content = (name) => (name === `page:${page.id}` ? page.description_html : null);
  const app = renderApp(PAGE_URL, { api: seeded.api });
  const editor = await syncedEditor(app.container, 'Page content');
  return { ...seeded, app, editor };
}

describe('page editor screen', () => {
  afterEach(cleanup);

  it('shows the title, the body with block dragging on, and a table of contents of its headings', async () => {
    const { app, editor } = await openPage();
    expect((app.container.querySelector('#page-title') as HTMLInputElement).value).to.equal('Handbook');
    expect(editor.hasAttribute('drag-drop')).to.equal(true);
    await until(() => contents(app.container).length === 4, 'the contents');
    expect(contents(app.container)).to.deep.equal(['Intro', 'Setup', 'Usage', 'Details']);
    await expectAccessible(app.container);
  });

  it('lists a heading with a mention and a line break as one line, the mention by its label', async () => {
    const mention = '<span data-type="mention" data-id="u1" data-label="Ada">@Ada</span>';
    const { app } = await openPage(undefined, pageDetail({ description_html: `<h1>Ask ${mention}<br>about setup</h1><p>Words.</p><h2>Usage</h2>` }));
    await until(() => contents(app.container).length === 2, 'the contents', { saw: () => contents(app.container) });
    expect(contents(app.container)).to.deep.equal(['Ask @Ada about setup', 'Usage']);
  });

  it('jumps to the Nth heading of a level through the element', async () => {
    const { app, editor } = await openPage();
    const calls: Array<[number, number]> = [];
    const original = editor.scrollToHeading.bind(editor);
    editor.scrollToHeading = (level, sequence) => {
      calls.push([level, sequence]);
      return original(level, sequence);
    };
    await until(() => contents(app.container).length === 4, 'the contents');
    await click(byText(app.container, 'nav[aria-label="Contents"] button', 'Usage'));
    await click(byText(app.container, 'nav[aria-label="Contents"] button', 'Details'));
    expect(calls).to.deep.equal([
      [2, 2],
      [3, 1],
    ]);
  });

  it('follows the headings as anyone types: the outline is read again once changes pause', async () => {
    const clock = fakeClock();
    const { app, editor } = await openPage();
    await until(() => contents(app.container).length === 4, 'the contents');
    textbox(editor).focus();
    // The caret starts in the first heading.
    await sendKeys({ press: 'End' });
    await sendKeys({ type: 'duction' });
    // The outline is read again once typing pauses, not on every keystroke.
    await advance(clock, OUTLINE_DELAY_MS - 1);
    expect(contents(app.container)[0]).to.equal('Intro');
    clock.tick(1);
    await until(() => contents(app.container)[0] === 'Introduction', 'the renamed heading', { saw: () => contents(app.container) });
    await until(() => statusOf(app.container) === CollabWords.saved, '"Saved"', { saw: () => statusOf(app.container) });
  });

  it('uploads images through the file assets', async () => {
    const { api, editor } = await openPage();
    api.on('POST', '/workspaces/:slug/file-assets', () => reply(201, { id: 'a1', asset: '/api/workspaces/file-assets/w/a1' }));
    const url = await editor.uploadFile!(new File(['x'], 'x.png', { type: 'image/png' }), { signal: new AbortController().signal, onProgress: () => {} });
    expect(url).to.equal('/api/workspaces/file-assets/w/a1');
    const form = api.sent('POST', '/workspaces/acme/file-assets')[0]!.body as FormData;
    expect(JSON.parse(String(form.get('attributes')))).to.deep.equal({ entity_name: 'PAGE_DESCRIPTION', entity_identifier: PAGE_ID });
  });

  it('changes access, archives, restores and deletes the page', async () => {
    let page = pageDetail();
    const { app, api } = await openPage(undefined, page);
    api
      .on('GET', '/workspaces/:slug/projects/:projectId/pages/:pageId', () => page)
      .on('PATCH', '/workspaces/:slug/projects/:projectId/pages/:pageId', (request) => (page = { ...page, ...(request.body as object) }))
      .on('POST', '/workspaces/:slug/projects/:projectId/pages/:pageId/archive', () => (page = { ...page, archived_at: '2025-02-01T00:00:00.000Z' }))
      .on('POST', '/workspaces/:slug/projects/:projectId/pages/:pageId/restore', () => (page = { ...page, archived_at: null }))
      .on('DELETE', '/workspaces/:slug/projects/:projectId/pages/:pageId', () => undefined);
    expect(menuEntries(await openActionMenu(app.container, 'Page actions'))).to.deep.equal(['Move page', 'Make private', 'Archive page', 'Delete page']);
    await press('Escape');
    await chooseFromMenu(app.container, 'Page actions', 'Make private');
    await until(() => app.container.textContent?.includes('Private: only you can see this page.'), 'the private page');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/pages/:pageId')[0]!.body).to.deep.equal({ access: 'private' });
    await chooseFromMenu(app.container, 'Page actions', 'Archive page');
    await until(() => button(app.container, 'Restore page'), 'the archived page');
    expect(menuEntries(await openActionMenu(app.container, 'Page actions')), 'an archived page is restored or deleted').to.deep.equal(['Delete page']);
    await press('Escape');
    await until(() => app.container.querySelector('rich-editor[aria-label="Page content"]')?.hasAttribute('readonly'), 'a read-only body');
    await until(() => statusOf(app.container) === CollabWords.readOnly, '"Read-only" on the archived page');
    await click(button(app.container, 'Restore page'));
    await until(() => !button(app.container, 'Restore page'), 'the restored page');
    await chooseFromMenu(app.container, 'Page actions', 'Delete page');
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the confirmation');
    await expectAccessible(dialog);
    await click(button(dialog, 'Delete'));
    await until(() => app.location() === paths.pages('acme', PROJECT_ID), 'the pages list');
    expect(api.sent('DELETE', '/workspaces/acme/projects/:projectId/pages/:pageId')).to.have.length(1);
  });

  it('shows the pages it is in and the pages in it, adds a page inside, and moves it into another page', async () => {
    const handbook = pageDetail({ id: 'a0000000-0000-4000-8000-000000000001', name: 'Handbook' });
    const roadmap = pageDetail({ id: 'a0000000-0000-4000-8000-000000000003', name: 'Roadmap' });
    let page = pageDetail({ name: 'Onboarding', parent_id: handbook.id });
    const setup = pageDetail({ id: 'a0000000-0000-4000-8000-000000000002', name: 'Setup', parent_id: PAGE_ID });
    const { app, api } = await openPage(undefined, page, (routes) => routes.on('GET', '/workspaces/:slug/projects/:projectId/pages', () => [roadmap, page, setup, handbook]));
    api
      .on('GET', '/workspaces/:slug/projects/:projectId/pages/:pageId', () => page)
      .on('PATCH', '/workspaces/:slug/projects/:projectId/pages/:pageId', (request) => {
        const { parent_id: parent } = request.body as { parent_id: string | null };
        if (parent === setup.id) return reply(400, { error: 'A page cannot be put under itself or one of its sub-pages.' });
        return (page = { ...page, parent_id: parent });
      })
      .on('POST', '/workspaces/:slug/projects/:projectId/pages', (request) => reply(201, pageDetail({ id: 'a0000000-0000-4000-8000-000000000009', ...(request.body as object) })));
    const links = (label: string) =>
      [...app.container.querySelectorAll('nav')]
        .filter((nav) => (nav.getAttribute('aria-label') ?? document.getElementById(nav.getAttribute('aria-labelledby') ?? '')?.textContent) === label)
        .flatMap((nav) => [...nav.querySelectorAll('a')].map((link) => link.textContent));
    await until(() => links('Breadcrumb').length === 2, 'the pages above', { saw: () => links('Breadcrumb') });
    expect(links('Breadcrumb')).to.deep.equal(['Pages', 'Handbook']);
    expect(links('Pages in this page')).to.deep.equal(['Setup']);
    await expectAccessible(app.container);

    await chooseFromMenu(app.container, 'Page actions', 'Move page');
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the dialog');
    const select = await until(() => dialog.querySelector('select'), 'the places');
    // Any page but itself and those in it, indented as the tree is; it starts where the page is.
    expect([...select.options].map((option) => option.textContent!.trim())).to.deep.equal(['Pages (the top)', 'Roadmap', 'Handbook']);
    expect(select.value).to.equal(handbook.id);
    expect(button(dialog, 'Move page')!.disabled, 'nothing to move yet').to.equal(true);
    select.focus();
    await press('ArrowUp');
    await until(() => select.value === roadmap.id, 'Roadmap chosen', { saw: () => select.value });
    await expectAccessible(dialog);
    await click(button(dialog, 'Move page'));
    await until(() => byText(document.body, '.app-toast', 'Page moved.'), 'the toast');
    await until(() => links('Breadcrumb').join() === 'Pages,Roadmap', 'the new place', { saw: () => links('Breadcrumb') });
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/pages/:pageId').map((request) => request.body)).to.deep.equal([{ parent_id: roadmap.id }]);

    await click(button(app.container, 'Add a page inside'));
    const create = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the create dialog');
    expect(create.textContent).to.include(`The new page goes in “${isolated('Onboarding')}”.`);
    await typeInto(field(create, 'Page name'), 'Laptops');
    await press('Enter');
    await until(() => app.location() === paths.page('acme', PROJECT_ID, 'a0000000-0000-4000-8000-000000000009'), 'the new page');
    expect(api.sent('POST', '/workspaces/acme/projects/:projectId/pages')[0]!.body).to.deep.equal({ name: 'Laptops', parent_id: PAGE_ID });
  });

  it("says when someone renamed the page meanwhile, keeps the typed title, and follows others' renames when nothing was typed", async () => {
    const clock = fakeClock();
    let page = pageDetail({ name: 'Plans' });
    const { app, api } = await openPage(undefined, page, (routes) =>
      routes
        .on('GET', '/workspaces/:slug/projects/:projectId/pages/:pageId', () => page)
        .on('PATCH', '/workspaces/:slug/projects/:projectId/pages/:pageId', (request) => {
          const { name, name_base: base } = request.body as { name: string; name_base: string };
          if (base !== page.name) return reply(409, { error: pageRenamedMeanwhile(page.name), current: { name: page.name } });
          return (page = { ...page, name });
        }),
    );
    const title = field(app.container, 'Page title');
    // Grace renames it while nothing is typed here: the field follows, told by the live stream.
    await until(() => api.live.open.size === 1, 'the live stream open');
    page = { ...page, name: 'Plans for Q2' };
    api.live.tell('acme', { event: 'page', action: 'updated', project_id: PROJECT_ID, id: PAGE_ID, actor_id: OTHER_ID });
    await advance(clock, LIVE_REFRESH_MS);
    await until(() => title.value === 'Plans for Q2', 'her title followed', { saw: () => title.value });

    // Now typed here while she renames it again, unheard: the save is refused and said, the typed title kept.
    title.focus();
    title.select();
    await sendKeys({ type: 'Our plans' });
    page = { ...page, name: 'Plans for Q3' };
    await press('Enter');
    const sentence = pageRenamedMeanwhile('Plans for Q3');
    await until(() => byText(app.container, '[role="alert"]', sentence), 'the word of her rename');
    expect(title.value).to.equal('Our plans');
    // Leaving the field keeps hers; Enter saves over it, knowingly.
    await press('Tab');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/pages/:pageId')).to.have.length(1);
    title.focus();
    await press('Enter');
    await until(() => page.name === 'Our plans', 'saved over hers');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/pages/:pageId').map((request) => (request.body as { name_base: string }).name_base)).to.deep.equal([
      'Plans for Q2',
      'Plans for Q3',
    ]);
    await until(() => !byText(app.container, '[role="alert"]', sentence), 'the word gone');
  });

  it("keeps the server's refusal of a move in the dialog", async () => {
    const setup = pageDetail({ id: 'a0000000-0000-4000-8000-000000000002', name: 'Setup' });
    const { app, api } = await openPage(undefined, undefined, (routes) => routes.on('GET', '/workspaces/:slug/projects/:projectId/pages', () => [pageDetail(), setup]));
    api
      .on('PATCH', '/workspaces/:slug/projects/:projectId/pages/:pageId', () => reply(409, { error: 'The parent page is archived: restore it to add pages under it.' }));
    await chooseFromMenu(app.container, 'Page actions', 'Move page');
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the dialog');
    const select = await until(() => dialog.querySelector('select'), 'the places');
    select.focus();
    await press('ArrowDown');
    await until(() => select.value === setup.id, 'Setup chosen');
    await click(button(dialog, 'Move page'));
    await until(() => byText(dialog, '[role="alert"]', 'The parent page is archived: restore it to add pages under it.'), 'the refusal');
    expect(document.querySelector('[role="dialog"]')).to.equal(dialog);
  });

  it("gives a viewer a read-only page without managing buttons, and someone else's page no managing buttons", async () => {
    const viewer = await openPage((scene) => (scene.projects = [project(10)]));
    expect(viewer.editor.hasAttribute('readonly')).to.equal(true);
    expect(button(viewer.app.container, 'Page actions')).to.equal(null);
    expect(button(viewer.app.container, 'Add a page inside')).to.equal(null);
    expect(statusOf(viewer.app.container)).to.equal(CollabWords.readOnly);
    cleanup();
    const member = await openPage((scene) => (scene.projects = [project(15)]), pageDetail({ owned_by: OTHER_ID }));
    expect(member.editor.hasAttribute('readonly')).to.equal(false);
    expect(button(member.app.container, 'Page actions')).to.equal(null);
    expect(button(member.app.container, 'Add a page inside'), 'any member adds pages').to.not.equal(null);
  });
});
