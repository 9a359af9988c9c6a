import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { Priority } from '../../../src/app/api/types.js';
import { paths } from '../../../src/app/router/paths.js';
import { PriorityIcon, STATE_GROUPS, StateIcon } from '../../../src/app/screens/issues/issue-icons.js';
import { PRIORITY_OPTIONS } from '../../../src/app/screens/issues/priorities.js';
import { ICON_SIZE } from '../../../src/app/ui/icon.js';
import { formatDay } from '../../../src/app/ui/dates.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { listedIssue, PROJECT_ID } from './fixtures.js';
import { nameOf } from './pickers.js';
import { cleanup, renderApp, renderScreen, until } from './render.js';
import { seededApi } from './seeded-api.js';

const sidebar = (root: HTMLElement) => root.querySelector<HTMLElement>('nav[aria-label="Workspace"]');
const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-issue-row')];

/** Issues carrying everything a row can show: priority, state group and name, labels, assignees, a target date. */
const richIssues = () => [
  listedIssue(3, {
    name: 'A title long enough to be cut short in its column of the list, so the full title must stay in the title attribute',
    state__group: 'started',
    state__name: 'In Progress',
    priority: 'urgent',
    target_date: '2026-12-01',
    label_ids: ['l1'],
    labels: [{ id: 'l1', name: 'Bug', color: '#b42318' }],
    assignee_ids: ['u1'],
    assignees: [{ id: 'u1', display_name: 'Ada', first_name: 'Ada', is_bot: false, avatar: null }],
  }),
  listedIssue(2, { state__group: 'backlog', state__name: 'Backlog', priority: 'low' }),
  listedIssue(1, { state__color: null }),
];

describe('design system', () => {
  afterEach(cleanup);

  it('gives each state group its icon, in the state colour, named "State: …"', () => {
    const expected = { backlog: 'circle-dashed', unstarted: 'circle', started: 'circle-dot', completed: 'circle-check', cancelled: 'circle-x' };
    const app = renderScreen(
      '/',
      <ul>
        {STATE_GROUPS.map((group) => (
          <li key={group}>
            <StateIcon group={group} color="#2454c5" />
          </li>
        ))}
      </ul>,
      '/',
    );
    const icons = [...app.container.querySelectorAll<HTMLElement>('.app-state-icon')];
    expect(icons.map((icon) => icon.getAttribute('aria-label'))).to.deep.equal([
      'State: Backlog',
      'State: Unstarted',
      'State: Started',
      'State: Completed',
      'State: Cancelled',
    ]);
    icons.forEach((icon, index) => {
      const svg = icon.querySelector('svg')!;
      expect(icon.getAttribute('role')).to.equal('img');
      expect(svg.classList.contains(`lucide-${Object.values(expected)[index]}`), STATE_GROUPS[index]).to.equal(true);
      expect(svg.getAttribute('aria-hidden')).to.equal('true');
      expect(getComputedStyle(svg).stroke).to.equal('rgb(36, 84, 197)');
    });
  });

  it('names a state by its own name when known, and leaves an unknown group unnamed', () => {
    const app = renderScreen(
      '/',
      <p>
        <StateIcon group="started" color="#f59e0b" name="In Progress" />
        <StateIcon group={null} color={null} />
      </p>,
      '/',
    );
    const [named, unknown] = [...app.container.querySelectorAll('.app-state-icon')];
    expect(named!.getAttribute('aria-label')).to.equal('State: In Progress');
    expect(unknown!.hasAttribute('aria-label')).to.equal(false);
    expect(unknown!.hasAttribute('role')).to.equal(false);
  });

  it('gives each priority its icon, named "Priority: …"', () => {
    const expected: Record<Priority, string> = { urgent: 'Urgent', high: 'High', medium: 'Medium', low: 'Low', none: 'None' };
    const priorities = PRIORITY_OPTIONS.map((option) => option.value);
    expect(priorities).to.deep.equal(['urgent', 'high', 'medium', 'low', 'none']);
    const app = renderScreen('/', <p>{priorities.map((priority) => <PriorityIcon key={priority} priority={priority} />)}</p>, '/');
    const icons = [...app.container.querySelectorAll<HTMLElement>('.app-priority-icon')];
    expect(icons.map((icon) => icon.getAttribute('aria-label'))).to.deep.equal(priorities.map((priority) => `Priority: ${expected[priority]}`));
    // One drawing of priorities everywhere: the glyph the pickers show, bars filled up to the level.
    expect(icons.map((icon) => icon.querySelector('svg.app-priority-glyph')?.getAttribute('data-priority'))).to.deep.equal(priorities);
    expect(icons.map((icon) => icon.querySelectorAll('rect[opacity="1"]').length)).to.deep.equal([0, 3, 2, 1, 0]);
  });

  it('puts an icon hidden from assistive technology on every sidebar entry, the text staying the name', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => sidebar(app.container)?.textContent?.includes('Website'), 'the sidebar');
    const links = [...sidebar(app.container)!.querySelectorAll<HTMLElement>('a.app-sidebar-link')];
    expect(links.length).to.be.at.least(16);
    for (const link of links) {
      const svg = link.querySelector('svg');
      expect(svg, link.textContent!).to.not.equal(null);
      expect(svg!.getAttribute('aria-hidden'), link.textContent!).to.equal('true');
      expect(svg!.getAttribute('width')).to.equal(String(ICON_SIZE.normal));
      expect(link.textContent!.trim()).to.not.equal('');
    }
    const texts = links.map((link) => link.textContent);
    expect(texts).to.include.members(['Home', 'Analytics', 'Notifications', 'Drafts', 'All projects', 'Issues', 'Cycles', 'Modules', 'Views', 'Pages', 'Inbox', 'Archives', 'Settings']);
  });

  describe('on a wide screen (1440×900)', () => {
    beforeEach(() => setViewport({ width: 1440, height: 900 }));
    afterEach(() => setViewport({ width: 800, height: 600 }));

    it('lines up the issue list columns row to row, the title taking the rest with the full title in its title', async () => {
      const { api } = seededApi((scene) => (scene.issues = richIssues()));
      const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
      await until(() => rows(app.container).length === 3, 'the issues');
      const [first, second, third] = rows(app.container);
      const left = (row: HTMLElement, selector: string) => row.querySelector(selector)!.getBoundingClientRect().left;
      for (const selector of ['.app-issue-key', 'a', '.app-issue-labels', '.app-issue-assignees', '.app-issue-date']) {
        expect(left(second!, selector), selector).to.equal(left(first!, selector));
        expect(left(third!, selector), selector).to.equal(left(first!, selector));
      }
      // One line per row: the properties beside the title.
      const box = (selector: string) => first!.querySelector(selector)!.getBoundingClientRect();
      expect(box('.app-issue-date').top).to.be.below(box('a').bottom);
      const title = first!.querySelector('a')!;
      expect(title.getAttribute('title')).to.equal(richIssues()[0]!.name);
      expect(title.scrollWidth).to.be.greaterThan(title.clientWidth);
      // A member changes the properties in place: each of the row's pickers is named by the field and its value, as a viewer's icons are.
      const pickers = [...first!.querySelectorAll('.app-picker-button')];
      expect(pickers.map(nameOf)).to.deep.equal(['State: In Progress', 'Priority: Urgent', 'Labels: Bug', 'Assignees: Ada', `Target date: ${formatDay(richIssues()[0]!.target_date!)}`]);
    });
  });

  // Beside the sidebar the list is 470-740 px wide here: the columns would leave a title no room.
  for (const [width, height] of [
    [800, 600],
    [1024, 768],
  ] as const) {
    it(`gives each title a line of its own at ${width}×${height}, with labels, assignees and date under it, nothing wider than the list`, async () => {
      await setViewport({ width, height });
      try {
        const { api } = seededApi((scene) => (scene.issues = richIssues()));
        const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
        await until(() => rows(app.container).length === 3, 'the issues');
        const list = app.container.querySelector<HTMLElement>('.app-issue-list')!;
        const [first] = rows(app.container);
        const box = (selector: string) => first!.querySelector(selector)!.getBoundingClientRect();
        const listBox = list.getBoundingClientRect();
        expect(box('.app-issue-title-cell').right, 'the title runs to the end of the row').to.be.above(listBox.right - 40);
        expect(box('a').width, 'a title has room').to.be.above(listBox.width / 2);
        expect(box('a').height, 'a long title wraps rather than being cut').to.be.above(30);
        for (const selector of ['.app-issue-labels', '.app-issue-assignees', '.app-issue-date']) {
          expect(box(selector).top, `${selector} under the title`).to.be.at.least(box('a').bottom);
          expect(box(selector).left, `${selector} in the row`).to.be.at.least(box('a').left - 1);
          expect(box(selector).right, `${selector} in the row`).to.be.at.most(listBox.right);
        }
        expect(list.scrollWidth, 'nothing wider than the list').to.be.at.most(list.clientWidth);
        await expectAccessible(app.container);
      } finally {
        await setViewport({ width: 800, height: 600 });
      }
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe on the issue list and the sidebar in the ${theme} theme`, async () => {
      const { api } = seededApi((scene) => (scene.issues = richIssues()));
      const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api, themeMode: theme });
      await until(() => rows(app.container).length === 3 && sidebar(app.container)?.textContent?.includes('Website'), 'the issues and sidebar');
      expect(document.documentElement.dataset.theme).to.equal(theme);
      await expectAccessible(app.container.querySelector('.app-issue-list')!);
      await expectAccessible(app.container.querySelector('.app-sidebar')!);
      await expectAccessible(app.container);
    });
  }
});
