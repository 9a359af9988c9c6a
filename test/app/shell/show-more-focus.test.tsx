import { expect } from '@open-wc/testing';
import { paths } from '../../../src/app/router/paths.js';
import { RECENT_ACTIVITY_PAGE_SIZE } from '../../../src/app/screens/home/recent-activity.js';
import { ISSUE_PAGE_SIZE } from '../../../src/app/screens/issues/use-issue-pages.js';
import { nextFrame } from '../../helpers/editor.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { activityPages, activityRow } from './activity-fixtures.js';
import { gate } from './fake-api.js';
import { listedIssue, OTHER_ID } from './fixtures.js';
import { press } from './input.js';
import { button, byText, cleanup, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

const TAB_ISSUES = '/workspaces/:slug/issues';
const ACTIVITIES = '/workspaces/:slug/activities';

/** What has focus, for a failure message. */
const focused = () => document.activeElement;

/** The list item of `list` that holds `text`. */
const rowWith = (list: ParentNode, text: string) => byText(list, 'li', text);

describe('Show more keeps keyboard focus', () => {
  afterEach(cleanup);

  it("on a profile's assigned issues: stays on the button while the page loads, then goes to the first issue it brought", async () => {
    const assigned = Array.from({ length: ISSUE_PAGE_SIZE + 7 }, (_, i) => listedIssue(i + 1));
    const held = gate();
    const { api } = seededApi();
    api.on('GET', TAB_ISSUES, async (request) => {
      const offset = Number(request.query.get('offset') ?? 0);
      if (offset > 0) await held.opened;
      return reply(200, assigned.slice(offset, offset + Number(request.query.get('limit'))), { 'x-total-count': String(assigned.length) });
    });
    const app = renderApp(paths.userProfile('acme', OTHER_ID, 'assigned'), { api });
    const list = await until(() => app.container.querySelector<HTMLElement>('ul[aria-label="Assigned issues of Grace"]'), 'the assigned issues');
    await until(() => list.querySelectorAll(':scope > li').length === ISSUE_PAGE_SIZE, 'the first page');
    expect(byText(app.container, 'p', `Showing ${ISSUE_PAGE_SIZE} of ${assigned.length} issues.`), 'the total').to.exist;

    const more = button(app.container, 'Show more issues')!;
    more.focus();
    await press('Enter');
    await until(() => more.getAttribute('aria-busy') === 'true', 'the button busy');
    // A rendered frame later: where a browser leaves focus once a focused control can no longer hold it.
    await nextFrame();
    expect(document.activeElement, 'focus stays on the button while the page loads').to.equal(more);
    expect(more.getAttribute('aria-disabled')).to.equal('true');
    // A second Enter while it loads asks for nothing more.
    await press('Enter');
    expect(document.activeElement).to.equal(more);

    held.open();
    await until(() => list.querySelectorAll(':scope > li').length === assigned.length, 'the last page');
    const first = rowWith(list, `Issue number ${ISSUE_PAGE_SIZE + 1}`)!;
    await until(() => first.contains(document.activeElement), 'focus on the first issue of the new page', { saw: focused });
    expect(button(app.container, 'Show more issues'), 'nothing more to read').to.equal(null);
    expect(api.sent('GET', TAB_ISSUES).filter((request) => request.query.get('offset') === String(ISSUE_PAGE_SIZE))).to.have.length(1);
    await expectAccessible(app.container);
  });

  it('in Recent activity: stays on the button after a page with more to come, then goes to the first row of the last page', async () => {
    const rows = Array.from({ length: RECENT_ACTIVITY_PAGE_SIZE * 2 + 3 }, (_, i) => activityRow(i + 1));
    let held = gate();
    const { api } = seededApi();
    const pages = activityPages(() => rows);
    api.on('GET', ACTIVITIES, async (request) => {
      if (request.query.get('before')) await held.opened;
      return pages(request);
    });
    const app = renderApp(paths.workspace('acme'), { api });
    const feed = await until(() => app.container.querySelector<HTMLElement>('ol[aria-label="Recent activity"]'), 'the recent activity');
    const shown = () => feed.querySelectorAll(':scope > li').length;
    await until(() => shown() === RECENT_ACTIVITY_PAGE_SIZE, 'the first page');

    const more = button(app.container, 'Show more activity')!;
    more.focus();
    await press('Enter');
    await until(() => more.getAttribute('aria-busy') === 'true', 'the button busy');
    await nextFrame();
    expect(document.activeElement, 'focus stays on the button while the page loads').to.equal(more);
    held.open();
    await until(() => shown() === RECENT_ACTIVITY_PAGE_SIZE * 2 && !more.hasAttribute('aria-busy'), 'the second page');
    expect(document.activeElement, 'more to read: focus stays on the button').to.equal(more);

    held = gate();
    await press('Enter');
    await until(() => more.getAttribute('aria-busy') === 'true', 'the button busy again');
    await nextFrame();
    expect(document.activeElement).to.equal(more);
    held.open();
    await until(() => shown() === rows.length, 'the last page');
    const first = rowWith(feed, `WEB-${RECENT_ACTIVITY_PAGE_SIZE * 2 + 1} `)!;
    await until(() => first.contains(document.activeElement), 'focus on the first row of the last page', { saw: focused });
    expect(document.activeElement!.closest('h1, h2'), 'not a heading').to.equal(null);
  });
});
