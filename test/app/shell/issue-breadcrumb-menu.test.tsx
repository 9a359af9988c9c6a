import { expect } from '@open-wc/testing';
import { branchName } from '../../../src/app/screens/issue-detail/branch-name.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { menuEntries, openMenu } from './action-menus.js';
import { ISSUE_ID, issueDetail, OTHER_ID, project, PROJECT_ID, workspace } from './fixtures.js';
import { click, press } from './input.js';
import { button, byText, cleanup, until } from './render.js';
import { atBothSizes, ISSUE_URL, openIssuePage } from './issue-page.js';
import { isolated } from '../../../src/app/ui/bidi.js';

const ISSUE = '/workspaces/:slug/projects/:projectId/issues/:issueId';
const LONG_WORKSPACE = 'Acme Corporation International Research and Development Division';
const LONG_PROJECT = 'Website redesign for the spring launch and everything that comes after it';

const breadcrumb = (root: ParentNode) => root.querySelector<HTMLElement>('nav[aria-label="Breadcrumb"]')!;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

/** Replaces the clipboard's writeText for the test, keeping what is written. */
function fakeClipboard(): { written: string[]; restore: () => void } {
  const written: string[] = [];
  Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async (text: string) => void written.push(text) });
  return { written, restore: () => delete (navigator.clipboard as unknown as Record<string, unknown>).writeText };
}

describe('issue page: breadcrumb', () => {
  afterEach(cleanup);

  it('is an ordered list: the workspace to its home, the project to its issues, the key as the current page', async () => {
    const { app } = await openIssuePage();
    const nav = breadcrumb(app.container);
    expect(app.container.querySelector('.app-issue-page')!.firstElementChild).to.equal(nav);
    const items = [...nav.querySelectorAll('ol > li')];
    expect(items.map((item) => item.textContent)).to.deep.equal(['Acme', 'Website', 'WEB-7']);
    expect(items.map((item) => item.querySelector('a')?.getAttribute('href') ?? null)).to.deep.equal([paths.workspace('acme'), paths.projectIssues('acme', PROJECT_ID), null]);
    expect(items[2]!.querySelector('[aria-current="page"]')!.textContent).to.equal('WEB-7');
    // The key is said once: not again above the title.
    expect(app.container.querySelector('.app-issue-meta')!.textContent).not.to.contain('WEB-7');
    await click(items[1]!.querySelector('a'));
    await until(() => app.location() === paths.projectIssues('acme', PROJECT_ID), "the project's issues");
  });

  it('keeps long names on one line with an ellipsis, so the title stays near the top on a phone', async () => {
    const { app } = await openIssuePage({
      change: (scene) => {
        scene.workspace = workspace(20, { name: LONG_WORKSPACE });
        scene.projects = [project(20, { name: LONG_PROJECT })];
      },
    });
    await until(() => breadcrumb(app.container).textContent?.includes(LONG_PROJECT), 'the long names');
    await atBothSizes(async ({ width }) => {
      const nav = breadcrumb(app.container);
      const links = [...nav.querySelectorAll<HTMLElement>('a')];
      const lineHeight = parseFloat(getComputedStyle(nav).lineHeight) || 20;
      expect(nav.getBoundingClientRect().height, 'one line').to.be.below(lineHeight * 1.6);
      expect(links.map((link) => getComputedStyle(link).textOverflow)).to.deep.equal(['ellipsis', 'ellipsis']);
      if (width < 500) expect(links.some((link) => link.scrollWidth > link.clientWidth), 'a name cut short').to.equal(true);
      expect(nav.querySelector('[aria-current="page"]')!.getBoundingClientRect().right, 'the key shown whole').to.be.at.most(nav.getBoundingClientRect().right + 0.5);
      const title = app.container.querySelector('h1')!.getBoundingClientRect();
      expect(title.top - nav.getBoundingClientRect().bottom, 'the title right under it').to.be.below(48);
      expect(document.documentElement.scrollWidth, 'no sideways scrolling').to.be.at.most(width);
    });
  });
});

describe('issue page: the "Issue actions" menu', () => {
  afterEach(cleanup);

  it('opens from the keyboard, moves with the arrows and closes with Escape, focus back on its button; Subscribe stays a button', async () => {
    const { app } = await openIssuePage();
    expect(button(app.container, 'Unsubscribe')).to.not.equal(null);
    const menuButton = button(app.container, 'Issue actions')!;
    expect(menuButton.getAttribute('aria-haspopup')).to.equal('menu');
    menuButton.focus();
    await press('Enter');
    const menu = await openMenu();
    expect(menuEntries(menu)).to.deep.equal(['Copy link', 'Copy branch name', 'Make a copy', 'Archive', 'Delete issue']);
    await until(() => document.activeElement?.textContent === 'Copy link', 'focus on the first entry');
    await press('ArrowDown');
    expect(document.activeElement!.textContent).to.equal('Copy branch name');
    await press('ArrowDown');
    expect(document.activeElement!.textContent).to.equal('Make a copy');
    await press('ArrowDown');
    expect(document.activeElement!.textContent).to.equal('Archive');
    await press('ArrowDown');
    expect(document.activeElement!.textContent).to.equal('Delete issue');
    await press('Escape');
    await until(() => !document.querySelector('[role="menu"]'), 'the menu closed');
    await until(() => document.activeElement === menuButton, 'focus back on the menu button');
  });

  /** Chooses the menu's entry `steps` below its first with the keyboard, and answers what went on the clipboard. */
  async function copyThroughMenu(steps: number): Promise<string[]> {
    const clipboard = fakeClipboard();
    try {
      const { app } = await openIssuePage();
      button(app.container, 'Issue actions')!.focus();
      await press('Enter');
      await openMenu();
      await until(() => document.activeElement?.textContent === 'Copy link', 'focus on Copy link');
      for (let step = 0; step < steps; step++) await press('ArrowDown');
      await press('Enter');
      await until(() => byText(document.body, '[role="status"], li', 'Copied to clipboard'), 'the toast');
      return clipboard.written;
    } finally {
      clipboard.restore();
    }
  }

  it('copies the issue\'s link to the clipboard and says "Copied to clipboard"', async () => {
    expect(await copyThroughMenu(0)).to.deep.equal([new URL(ISSUE_URL, window.location.href).href]);
  });

  it('copies a git branch name for the issue: its key and title in lower case, as the GitHub integration reads keys', async () => {
    expect(await copyThroughMenu(1)).to.deep.equal(['web-7-fix-the-header']);
    expect(branchName('WEB-12', 'Crème brûlée: “fix” the log-in form!')).to.equal('web-12-creme-brulee-fix-the-log-in-form');
    expect(branchName('WEB-3', '???')).to.equal('web-3');
    const long = branchName('WEB-3', 'A rather long title that goes on and on about what should be done here');
    expect(long).to.equal('web-3-a-rather-long-title-that-goes-on-and-on-about-what');
    expect(long.length).to.be.at.most(60);
  });

  it('makes a copy through the menu, opens it and says which issue it copies', async () => {
    const copy = issueDetail({ id: OTHER_ID, sequence_id: 8, key: 'WEB-8', name: 'Fix the header (copy)' });
    const { app, api } = await openIssuePage();
    api.on('POST', `${ISSUE}/copy`, () => copy).on('GET', ISSUE, (request) => (request.params.issueId === OTHER_ID ? copy : issueDetail()));
    await click(button(app.container, 'Issue actions'));
    await openMenu();
    await click(byText(document.body, '[role="menuitem"]', 'Make a copy'));
    await until(() => app.location() === paths.issue('acme', PROJECT_ID, OTHER_ID), "the copy's page");
    await until(() => app.container.querySelector('h1')?.textContent === 'Fix the header (copy)', "the copy's title");
    await until(() => byText(document.body, '.app-toast', 'Issue WEB-8 created as a copy of WEB-7.'), 'the toast');
    expect(api.sent('POST', `${ISSUE}/copy`).map((request) => request.params.issueId)).to.deep.equal([ISSUE_ID]);
  });

  it('deletes with the keyboard after confirmation through the menu, and goes back to the issues', async () => {
    const { app, api } = await openIssuePage();
    api.on('DELETE', ISSUE, () => undefined);
    const menuButton = button(app.container, 'Issue actions')!;
    menuButton.focus();
    await press('Enter');
    await openMenu();
    await until(() => document.activeElement?.textContent === 'Copy link', 'focus in the menu');
    await press('End');
    expect(document.activeElement!.textContent).to.equal('Delete issue');
    await press('Enter');
    const confirmation = await until(() => dialog(), 'the confirmation');
    expect(confirmation.textContent).to.contain(`Delete WEB-7 "${isolated('Fix the header')}"?`);
    await until(() => confirmation.contains(document.activeElement), 'focus in the confirmation');
    await press('Escape');
    await until(() => !dialog(), 'the confirmation closed');
    await until(() => document.activeElement === menuButton, 'focus back on the menu button');
    expect(api.sent('DELETE', ISSUE)).to.have.length(0);

    await press('Enter');
    await openMenu();
    await until(() => document.activeElement?.textContent === 'Copy link', 'focus in the menu');
    await press('End');
    await press('Enter');
    const again = await until(() => dialog(), 'the confirmation again');
    const confirm = button(again, 'Delete')!;
    confirm.focus();
    await press('Enter');
    await until(() => app.location() === paths.projectIssues('acme', PROJECT_ID), 'the issue list');
    expect(api.sent('DELETE', ISSUE).map((request) => request.params.issueId)).to.deep.equal([ISSUE_ID]);
  });

  for (const themeMode of ['light', 'dark'] as const) {
    it(`passes axe in the ${themeMode} theme at desktop and phone sizes, the menu open too`, async () => {
      const { app } = await openIssuePage({ themeMode });
      await atBothSizes(async () => {
        await expectAccessible(app.container);
        await click(button(app.container, 'Issue actions'));
        await expectAccessible(await openMenu());
        await press('Escape');
        await until(() => !document.querySelector('[role="menu"]'), 'the menu closed');
      });
    });
  }
});
