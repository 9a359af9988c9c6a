import { expect } from '@open-wc/testing';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { project, PROJECT_ID } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { pageDetail, PAGE_ID } from './page-fixtures.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

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
  });

  it('does not let a viewer create pages', async () => {
    const { api } = seededApi((scene) => (scene.projects = [project(10)]));
    const app = renderApp(PAGES_URL, { api });
    await until(() => app.container.querySelector('[data-empty-state="pages-public"]'), 'the pages');
    expect(button(app.container, 'Create page')!.disabled).to.equal(true);
    expect(button(app.container, 'Create your first page')!.getAttribute('aria-disabled')).to.equal('true');
  });
});
