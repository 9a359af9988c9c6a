import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { project, PROJECT_ID } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { pageDetail, PAGE_ID } from './page-fixtures.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { syncedEditor, textbox } from './shared-editors.js';

const PAGES_URL = paths.pages('acme', PROJECT_ID);
const tab = (name: string) => byText(document, '[role="tab"]', name);

describe('pages screen', () => {
  afterEach(cleanup);

  it('shows the empty state of each list: private, public and archived', async () => {
    const { api } = seededApi();
    const app = renderApp(PAGES_URL, { api });
    await until(() => app.container.querySelector('[data-empty-state="pages-public"]'), 'the public empty state');
    expect([...app.container.querySelectorAll('[role="tab"]')].map((element) => element.textContent)).to.deep.equal(['Private', 'Public', 'Archived']);
    await expectAccessible(app.container);
    await click(tab('Private'));
    await until(() => app.container.querySelector('[data-empty-state="pages-private"]'), 'the private empty state');
    await click(tab('Archived'));
    await until(() => app.container.querySelector('[data-empty-state="pages-archived"]'), 'the archived empty state');
    expect(api.sent('GET', '/workspaces/acme/projects/:projectId/pages').map((request) => request.query.get('type'))).to.include.members(['public', 'private', 'archived']);
    await expectAccessible(app.container);
  });

  it('lists pages as links to the page editor', async () => {
    const { api } = seededApi();
    api.on('GET', '/workspaces/:slug/projects/:projectId/pages', (request) => (request.query.get('type') === 'public' ? [pageDetail()] : []));
    const app = renderApp(PAGES_URL, { api });
    const link = await until(() => byText(app.container, 'a', 'Handbook'), 'the page link');
    expect(link.getAttribute('href')).to.equal(paths.page('acme', PROJECT_ID, PAGE_ID));
  });

  it('creates a page from the keyboard and opens it in the editor', async () => {
    const { api } = seededApi();
    api
      .on('POST', '/workspaces/:slug/projects/:projectId/pages', (request) => reply(201, pageDetail({ name: (request.body as { name: string }).name, description_html: '' })))
      .on('GET', '/workspaces/:slug/projects/:projectId/pages/:pageId', () => pageDetail({ name: 'Plans', description_html: '' }));
    const app = renderApp(PAGES_URL, { api });
    await until(() => app.container.querySelector('[data-empty-state="pages-public"]'), 'the pages');
    await click(button(app.container, 'Create page'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the dialog');
    await typeInto(field(dialog, 'Page name'), 'Plans');
    await press('Enter');
    await until(() => app.location() === paths.page('acme', PROJECT_ID, PAGE_ID), 'the page editor');
    expect(api.sent('POST', '/workspaces/acme/projects/:projectId/pages')[0]!.body).to.deep.equal({ name: 'Plans', access: 'public' });
    await until(() => field(app.container, 'Page title').value === 'Plans', 'the page title');
    // A page just made is written at once: its body has focus, and what is typed goes there.
    const body = await syncedEditor(app.container, 'Page content');
    await until(() => body.shadowRoot!.activeElement === textbox(body), 'focus in the page body', { saw: () => document.activeElement?.outerHTML.slice(0, 120) });
    await sendKeys({ type: 'First line' });
    await until(() => textbox(body).textContent === 'First line', 'the text typed into the body', { saw: () => textbox(body).textContent });
  });

  it('leaves focus alone when an existing page is opened', async () => {
    const { api } = seededApi();
    api
      .on('GET', '/workspaces/:slug/projects/:projectId/pages', (request) => (request.query.get('type') === 'public' ? [pageDetail()] : []))
      .on('GET', '/workspaces/:slug/projects/:projectId/pages/:pageId', () => pageDetail());
    const app = renderApp(PAGES_URL, { api });
    await click(await until(() => byText(app.container, 'a', 'Handbook'), 'the page link'));
    const body = await syncedEditor(app.container, 'Page content');
    await body.updateComplete;
    expect(body.shadowRoot!.activeElement).to.equal(null);
  });

  it('lists pages inside pages behind a disclosure, from the pointer and the keyboard, and adds a page inside another', async () => {
    const { api } = seededApi();
    const handbook = pageDetail();
    const onboarding = pageDetail({ id: 'a0000000-0000-4000-8000-000000000001', name: 'Onboarding', parent_id: handbook.id });
    const setup = pageDetail({ id: 'a0000000-0000-4000-8000-000000000002', name: 'Setup', parent_id: onboarding.id });
    const roadmap = pageDetail({ id: 'a0000000-0000-4000-8000-000000000003', name: 'Roadmap' });
    api
      .on('GET', '/workspaces/:slug/projects/:projectId/pages', (request) => (request.query.get('type') === 'public' ? [handbook, setup, roadmap, onboarding] : []))
      .on('POST', '/workspaces/:slug/projects/:projectId/pages', (request) => reply(201, pageDetail({ id: 'a0000000-0000-4000-8000-000000000009', ...(request.body as object) })));
    const app = renderApp(PAGES_URL, { api });
    const list = await until(() => app.container.querySelector('ul[aria-label="public pages"]'), 'the list');
    const shown = () => [...list.querySelectorAll('a')].filter((link) => link.checkVisibility()).map((link) => link.textContent);
    expect(shown()).to.deep.equal(['Handbook', 'Roadmap']);
    const toggle = (name: string) => button(list, `Pages in “${name}”`)!;
    expect(toggle('Handbook').getAttribute('aria-expanded')).to.equal('false');
    expect(list.querySelector('button[aria-label="Pages in “Roadmap”"]'), 'no disclosure without pages inside').to.equal(null);
    expect(byText(list, '.app-issue-key', '1 page')).to.not.equal(null);

    await click(toggle('Handbook'));
    expect(toggle('Handbook').getAttribute('aria-expanded')).to.equal('true');
    expect(shown()).to.deep.equal(['Handbook', 'Onboarding', 'Roadmap']);
    // From the keyboard: the next disclosure opens with Enter, and closes with Space.
    toggle('Onboarding').focus();
    await press('Enter');
    expect(shown()).to.deep.equal(['Handbook', 'Onboarding', 'Setup', 'Roadmap']);
    await expectAccessible(app.container);
    await press(' ');
    expect(shown()).to.deep.equal(['Handbook', 'Onboarding', 'Roadmap']);

    await click(button(list, 'Add a page in “Onboarding”')!);
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the dialog');
    expect(dialog.textContent).to.include('The new page goes in “Onboarding”.');
    await typeInto(field(dialog, 'Page name'), 'Laptops');
    await press('Enter');
    await until(() => app.location() === paths.page('acme', PROJECT_ID, 'a0000000-0000-4000-8000-000000000009'), 'the new page');
    expect(api.sent('POST', '/workspaces/acme/projects/:projectId/pages')[0]!.body).to.deep.equal({ name: 'Laptops', parent_id: onboarding.id });
  });

  it('keeps the tree as it was left when the list is shown again', async () => {
    const { api } = seededApi();
    const handbook = pageDetail();
    const onboarding = pageDetail({ id: 'a0000000-0000-4000-8000-000000000001', name: 'Onboarding', parent_id: handbook.id });
    api.on('GET', '/workspaces/:slug/projects/:projectId/pages', (request) => (request.query.get('type') === 'public' ? [handbook, onboarding] : []));
    const first = renderApp(PAGES_URL, { api });
    await click(await until(() => button(first.container, 'Pages in “Handbook”'), 'the disclosure'));
    await until(() => byText(first.container, 'a', 'Onboarding')?.checkVisibility(), 'Onboarding shown');
    cleanup();
    const again = renderApp(PAGES_URL, { api });
    const toggle = await until(() => button(again.container, 'Pages in “Handbook”'), 'the disclosure again');
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(byText(again.container, 'a', 'Onboarding')?.checkVisibility()).to.equal(true);
  });

  it('shows a page whose parent the list does not hold at the top, and offers no adding among archived pages', async () => {
    const { api } = seededApi();
    const orphan = pageDetail({ name: 'Kept', parent_id: 'a0000000-0000-4000-8000-0000000000ff', archived_at: '2025-01-03T10:00:00.000Z' });
    api.on('GET', '/workspaces/:slug/projects/:projectId/pages', (request) => (request.query.get('type') === 'archived' ? [orphan] : []));
    const app = renderApp(PAGES_URL, { api });
    await until(() => app.container.querySelector('[data-empty-state="pages-public"]'), 'the public list');
    await click(tab('Archived'));
    const list = await until(() => app.container.querySelector('ul[aria-label="archived pages"]'), 'the archived list');
    expect([...list.querySelectorAll('a')].map((link) => link.textContent)).to.deep.equal(['Kept']);
    expect(list.querySelector('button[aria-label^="Add a page"]')).to.equal(null);
  });

  it('does not let a viewer create pages', async () => {
    const { api } = seededApi((scene) => (scene.projects = [project(10)]));
    const app = renderApp(PAGES_URL, { api });
    await until(() => app.container.querySelector('[data-empty-state="pages-public"]'), 'the pages');
    expect(button(app.container, 'Create page')!.disabled).to.equal(true);
    expect(button(app.container, 'Create your first page')!.getAttribute('aria-disabled')).to.equal('true');
  });
});
