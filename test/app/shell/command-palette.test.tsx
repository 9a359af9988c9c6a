import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { paths } from '../../../src/app/router/paths.js';
import { SEARCH_DEBOUNCE_MS } from '../../../src/app/ui/debounce.js';
import { THEME_MODE_KEY } from '../../../src/app/ui/theme.js';
import { LEAVE_EDITOR_KEYS, SEQUENCE_TIMEOUT_MS } from '../../../src/app/widgets/command-palette/shortcuts.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { focusReturnsTo } from '../../helpers/until.js';
import { listedIssue, PROJECT_ID } from './fixtures.js';
import { press, typeInto } from './input.js';
import { byText, cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { fakeClock, settled } from './timing.js';

/** The seeded workspace, with issue search answering by key prefix or title like the server. */
function searchableApi() {
  const seeded = seededApi((scene) => {
    scene.issues = [listedIssue(12, { name: 'Checkout fails' }), listedIssue(1, { name: 'Login page' }), listedIssue(10, { name: 'Fix WEB-1 links' })];
  });
  seeded.api.on('GET', '/workspaces/:slug/projects/:projectId/search-issues', (request) => {
    const search = (request.query.get('search') ?? '').toLowerCase();
    return seeded.scene.issues.filter((issue) => issue.name.toLowerCase().includes(search) || `web-${issue.sequence_id}`.startsWith(search));
  });
  return seeded;
}

const palette = () => document.querySelector<HTMLElement>('.app-palette');
const combobox = () => palette()!.querySelector<HTMLInputElement>('[role="combobox"]')!;
const options = () => [...palette()!.querySelectorAll<HTMLElement>('[role="option"]')];
const activeOption = () => document.getElementById(combobox().getAttribute('aria-activedescendant') ?? '');

async function openApp(url = '/acme/projects') {
  const { api } = searchableApi();
  const app = renderApp(url, { api });
  // The shell, not a sidebar link: on a phone the sidebar waits in its closed drawer.
  await until(() => app.container.querySelector('.app-shell #main'), 'the workspace layout');
  return app;
}

async function openPalette() {
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: 'k' });
  await sendKeys({ up: 'Control' });
  await until(() => palette() && document.activeElement === combobox(), 'the palette with focus in its combobox');
}

describe('command palette', () => {
  afterEach(() => {
    cleanup();
    localStorage.removeItem(THEME_MODE_KEY);
  });

  it('opens with Ctrl+K as a combobox over grouped suggestions, and Escape closes it giving focus back', async () => {
    const app = await openApp();
    const opener = byText(app.container, 'nav a', 'All projects')!;
    opener.focus();
    await openPalette();
    const input = combobox();
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
    expect(listbox.getAttribute('role')).to.equal('listbox');
    expect([...listbox.querySelectorAll('.app-palette-heading')].map((h) => h.textContent)).to.include.members(['Actions', 'Navigation']);
    expect(activeOption()!.getAttribute('aria-selected')).to.equal('true');
    const first = activeOption();
    await press('ArrowDown');
    expect(activeOption()).not.to.equal(first);
    expect(activeOption()!.getAttribute('aria-selected')).to.equal('true');
    await press('Escape');
    await until(() => !palette(), 'the palette to close');
    await focusReturnsTo(opener, 'the button that opened it');
  });

  it('puts the issue whose key is typed first, and Enter opens it', async () => {
    const app = await openApp();
    await openPalette();
    await typeInto(combobox(), 'WEB-1');
    await until(() => options()[0]?.textContent?.includes('WEB-1') && !options()[0]?.textContent?.includes('WEB-12'), 'WEB-1 first');
    expect(options()[0].textContent).to.contain('Login page');
    expect(app.api.sent('GET', '/workspaces/acme/projects/:projectId/search-issues').length).to.be.at.least(1);
    await press('Enter');
    await until(() => app.location() === paths.issue('acme', PROJECT_ID, listedIssue(1).id), 'the issue address');
    await until(() => !palette(), 'the palette to close');
  });

  it('debounces the issue search and shows No results when nothing matches', async () => {
    // Time stands still while the query is typed, however slowly a busy machine delivers the keys.
    const clock = fakeClock();
    const app = await openApp();
    await openPalette();
    await typeInto(combobox(), 'zzzq');
    await settled();
    expect(app.api.sent('GET', '/workspaces/acme/projects/:projectId/search-issues'), 'nothing searched while typing').to.deep.equal([]);
    clock.tick(SEARCH_DEBOUNCE_MS);
    await until(() => byText(palette()!, '[role="status"]', 'No results'), 'No results');
    const searches = app.api.sent('GET', '/workspaces/acme/projects/:projectId/search-issues').map((request) => request.query.get('search'));
    expect(searches).to.deep.equal(['zzzq']);
    expect(combobox().getAttribute('aria-expanded')).to.equal('false');
  });

  it('finds a project by name and Enter goes to it', async () => {
    const app = await openApp('/acme/notifications');
    await openPalette();
    await typeInto(combobox(), 'Websi');
    await until(() => activeOption()?.textContent?.includes('Website'), 'the project first');
    await press('Enter');
    await until(() => app.location() === paths.projectIssues('acme', PROJECT_ID), 'the project address');
  });

  it('finds the switch-theme action and switches the theme', async () => {
    await openApp();
    await openPalette();
    await typeInto(combobox(), 'theme');
    await until(() => options().some((option) => option.textContent === 'Switch theme: Dark'), 'the theme actions');
    await typeInto(combobox(), ' dark');
    await until(() => activeOption()?.textContent === 'Switch theme: Dark', 'the dark theme action first');
    await until(() => byText(palette()!, '[role="status"]', '1 result'), 'one result, in the singular');
    await press('Enter');
    await until(() => document.documentElement.dataset.theme === 'dark', 'the dark theme');
  });

  for (const themeMode of ['light', 'dark'] as const) {
    it(`passes axe while open in the ${themeMode} theme`, async () => {
      const { api } = searchableApi();
      const app = renderApp('/acme/projects', { api, themeMode });
      // The shell, not a sidebar link: on a phone the sidebar waits in its closed drawer.
  await until(() => app.container.querySelector('.app-shell #main'), 'the workspace layout');
      await openPalette();
      await typeInto(combobox(), 'web');
      await until(() => options().some((option) => option.textContent?.includes('WEB-12')), 'issue results');
      await expectAccessible(palette()!);
    });
  }

  it('opens create issue with C outside a field, but typing c in a field only types', async () => {
    const app = await openApp(paths.projectIssues('acme', PROJECT_ID));
    await until(() => byText(app.container, 'h1', 'Issues') ?? app.container.querySelector('main h1'), 'the issues screen');
    const search = document.createElement('input');
    search.setAttribute('aria-label', 'Scratch');
    app.container.querySelector('main')!.append(search);
    await typeInto(search, 'c');
    expect(search.value).to.equal('c');
    expect(document.querySelector('[role="dialog"]')).to.equal(null);
    search.blur();
    search.remove();
    (document.getElementById('main') as HTMLElement).focus();
    await sendKeys({ press: 'c' });
    await until(() => byText(document.body, '[role="dialog"] h2', 'Create issue'), 'the create issue dialog');
  });

  it('fits a 390 px wide phone screen', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      await openApp();
      await openPalette();
      await typeInto(combobox(), 'web');
      await until(() => options().some((option) => option.textContent?.includes('WEB-12')), 'issue results');
      const box = palette()!.getBoundingClientRect();
      expect(box.left).to.be.at.least(0);
      expect(window.innerWidth).to.equal(390);
      expect(box.right).to.be.at.most(390);
      expect(palette()!.scrollWidth).to.be.at.most(palette()!.clientWidth);
      for (const option of options()) expect(option.getBoundingClientRect().right).to.be.at.most(window.innerWidth);
    } finally {
      await setViewport({ width: 1280, height: 800 });
    }
  });

  it('goes to projects with G then P, and lists the shortcuts with ?', async () => {
    // Time stands still between the keys, however slowly a busy machine delivers them.
    fakeClock();
    const app = await openApp(paths.projectIssues('acme', PROJECT_ID));
    (document.getElementById('main') as HTMLElement).focus();
    await sendKeys({ press: 'g' });
    await sendKeys({ press: 'p' });
    await until(() => app.location() === paths.projects('acme'), 'the projects address');
    await sendKeys({ press: '?' });
    const help = await until(() => byText(document.body, '[role="dialog"]', 'Keyboard shortcuts'), 'the shortcuts help');
    expect(help.textContent).to.contain('Create an issue');
    expect(help.textContent, 'the way out of a text editor').to.contain(LEAVE_EDITOR_KEYS.label);
    await expectAccessible(help);
  });

  it('takes the second key of a "go to" shortcut only within a second of G', async () => {
    const clock = fakeClock();
    const issues = paths.projectIssues('acme', PROJECT_ID);
    const app = await openApp(issues);
    // Where the router is going: a screen's code loads before its address is the router's.
    const destination = () => (app.router.state.navigation.location ?? app.router.state.location).pathname;
    (document.getElementById('main') as HTMLElement).focus();
    await sendKeys({ press: 'g' });
    clock.tick(SEQUENCE_TIMEOUT_MS);
    await sendKeys({ press: 'p' });
    await settled();
    expect(destination(), 'P a second after G').to.equal(issues);
    await sendKeys({ press: 'g' });
    clock.tick(SEQUENCE_TIMEOUT_MS - 1);
    await sendKeys({ press: 'p' });
    await until(() => app.location() === paths.projects('acme'), 'the projects address', { saw: app.location });
  });
});
