import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { commentDraftKey, intakeDraftKey } from '../../../src/app/editor/text-drafts.js';
import { paths } from '../../../src/app/router/paths.js';
import { SIDEBAR_HIDDEN_KEY } from '../../../src/app/layout/sidebar-state.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { OTHER_ID, project, PROJECT_ID, USER_ID, workspace } from './fixtures.js';
import { click } from './input.js';
import { button, byText, cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

const SECOND_PROJECT = '77777777-7777-4777-8777-777777777777';

describe('workspace layout', () => {
  afterEach(() => {
    cleanup();
    localStorage.removeItem(SIDEBAR_HIDDEN_KEY);
  });

  const sidebar = (root: HTMLElement) => root.querySelector<HTMLElement>('nav[aria-label="Workspace"]');

  it('shows the sidebar (switcher, sections, projects, settings) and the header', async () => {
    const { api } = seededApi((scene) => scene.projects.push(project(20, { id: SECOND_PROJECT, identifier: 'APP', name: 'App' })));
    const app = renderApp('/acme/projects', { api });
    await until(() => sidebar(app.container)?.textContent?.includes('Website'), 'the sidebar with projects');
    const nav = sidebar(app.container)!;
    const links = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    expect(links).to.include.members(['Home', 'Analytics', 'Notifications', 'Drafts', 'All issues', 'Assigned', 'Created', 'Subscribed', 'All projects', 'Settings']);
    expect(nav.querySelector('a[aria-current="page"]')!.textContent).to.equal('All projects');
    expect(app.container.querySelector('.app-switcher')!.textContent).to.contain('Acme (switch workspace)');
    expect(app.container.querySelector('.app-header')!.textContent).to.contain('Ada');
    await expectAccessible(app.container);
  });

  it("opens a project's sections from the sidebar, the current project already open", async () => {
    const { api } = seededApi((scene) => scene.projects.push(project(20, { id: SECOND_PROJECT, identifier: 'APP', name: 'App' })));
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => sidebar(app.container)?.textContent?.includes('App'), 'the sidebar');
    const website = byText(app.container, 'button.app-sidebar-toggle', 'Website')!;
    expect(website.getAttribute('aria-expanded')).to.equal('true');
    const appToggle = byText(app.container, 'button.app-sidebar-toggle', 'App')!;
    expect(appToggle.getAttribute('aria-expanded')).to.equal('false');
    await click(appToggle);
    expect(appToggle.getAttribute('aria-expanded')).to.equal('true');
    const sections = [...document.getElementById(appToggle.getAttribute('aria-controls')!)!.querySelectorAll('a')].map((a) => a.textContent);
    expect(sections).to.deep.equal(['Issues', 'Cycles', 'Modules', 'Views', 'Pages', 'Inbox', 'Archives', 'Settings']);
    await click(byText(document.getElementById(appToggle.getAttribute('aria-controls')!)!, 'a', 'Cycles'));
    await until(() => app.location() === paths.cycles('acme', SECOND_PROJECT), 'the cycles address');
  });

  it("lists only the sections whose feature is on in the project's sidebar entry", async () => {
    const { api } = seededApi((scene) => (scene.projects = [project(20, { inbox_view: false, cycle_view: false, page_view: false })]));
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => sidebar(app.container)?.textContent?.includes('Website'), 'the sidebar');
    const website = byText(app.container, 'button.app-sidebar-toggle', 'Website')!;
    const sections = [...document.getElementById(website.getAttribute('aria-controls')!)!.querySelectorAll('a')].map((a) => a.textContent);
    expect(sections).to.deep.equal(['Issues', 'Modules', 'Views', 'Archives', 'Settings']);
  });

  it('moves between sidebar entries with the arrow keys, Home and End', async () => {
    const { api } = seededApi();
    const app = renderApp('/acme/projects', { api });
    await until(() => sidebar(app.container)?.textContent?.includes('Website'), 'the sidebar');
    const home = byText(sidebar(app.container)!, 'a', 'Home')!;
    home.focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(document.activeElement!.textContent).to.equal('Analytics');
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowUp' });
    expect(document.activeElement!.textContent).to.equal('Settings');
    await sendKeys({ press: 'Home' });
    expect(document.activeElement!.textContent).to.equal('Home');
    await sendKeys({ press: 'End' });
    expect(document.activeElement!.textContent).to.equal('Settings');
    await sendKeys({ press: 'Enter' });
    await until(() => app.location() === '/acme/settings', 'the settings address');
  });

  it('hides and shows the sidebar, and remembers it', async () => {
    const { api } = seededApi();
    const app = renderApp('/acme/projects', { api });
    await until(() => sidebar(app.container), 'the sidebar');
    const toggle = button(app.container, 'Hide sidebar')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    await click(toggle);
    await until(() => !sidebar(app.container), 'the sidebar to hide');
    expect(button(app.container, 'Show sidebar')!.getAttribute('aria-expanded')).to.equal('false');
    expect(localStorage.getItem(SIDEBAR_HIDDEN_KEY)).to.equal('true');
    cleanup();
    const again = renderApp('/acme/projects', { api });
    await until(() => button(again.container, 'Show sidebar'), 'the hidden sidebar');
    await click(button(again.container, 'Show sidebar'));
    await until(() => sidebar(again.container), 'the sidebar');
  });

  it('switches workspaces from the switcher menu', async () => {
    const { api } = seededApi();
    api.on('GET', '/workspaces', () => [workspace(), workspace(15, { id: 'b', slug: 'beta', name: 'Beta' })]);
    const app = renderApp('/acme/projects', { api });
    await until(() => app.container.querySelector('.app-switcher'), 'the switcher');
    await click(app.container.querySelector('.app-switcher'));
    const menu = await until(() => document.querySelector('[role="menu"]'), 'the workspace menu');
    const items = [...menu.querySelectorAll('[role="menuitemradio"]')];
    expect(items.map((item) => item.textContent)).to.deep.equal(['AAcme', 'BBeta']);
    // The current workspace's check mark is an icon, hidden from assistive technology.
    expect(items.map((item) => item.querySelectorAll('svg[aria-hidden="true"]').length)).to.deep.equal([1, 0]);
    expect(items[0]!.getAttribute('aria-checked')).to.equal('true');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await until(() => app.location() === '/beta', 'the other workspace');
  });

  it('signs out from the account menu', async () => {
    const { api, scene } = seededApi();
    api.on('POST', '/auth/sign-out', () => {
      scene.signedIn = false;
      return undefined;
    });
    // Words left unsent: Ada's are forgotten with her session, another person's stay theirs.
    const draft = JSON.stringify({ html: '<p>unposted</p>', at: Date.now() });
    const adas = [commentDraftKey(USER_ID, 'issue-a'), commentDraftKey(USER_ID, 'issue-b', 'comment-c'), intakeDraftKey(USER_ID, PROJECT_ID)];
    const others = commentDraftKey(OTHER_ID, 'issue-a');
    for (const key of [...adas, others]) localStorage.setItem(key, draft);
    const app = renderApp('/acme/projects', { api });
    await until(() => button(app.container, 'Account: Ada'), 'the account menu');
    await click(button(app.container, 'Account: Ada'));
    const signOut = await until(() => byText(document, '[role="menuitem"]', 'Sign out'), 'the sign-out item');
    await click(signOut);
    await until(() => app.location() === '/accounts/sign-in', 'the sign-in screen');
    expect(api.sent('POST', '/auth/sign-out')).to.have.length(1);
    expect(adas.map((key) => localStorage.getItem(key))).to.deep.equal([null, null, null]);
    expect(localStorage.getItem(others)).to.equal(draft);
    localStorage.removeItem(others);
  });

  it('skips to the content with the skip link', async () => {
    const { api } = seededApi();
    const app = renderApp('/acme/projects', { api });
    await until(() => sidebar(app.container), 'the layout');
    const skip = app.container.querySelector<HTMLAnchorElement>('.app-skip-link')!;
    skip.focus();
    await sendKeys({ press: 'Enter' });
    expect(document.activeElement!.id).to.equal('main');
  });
});
