import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { LiveEvent } from '../../../src/app/api/live.js';
import type { Activity } from '../../../src/app/api/types.js';
import { queryKeys } from '../../../src/app/api/query-keys.js';
import { liveQueryKeys } from '../../../src/app/layout/use-live-updates.js';
import { paths } from '../../../src/app/router/paths.js';
import { RECENT_ACTIVITY_PAGE_SIZE } from '../../../src/app/screens/home/recent-activity.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { activityPages, activityRow } from './activity-fixtures.js';
import { listedIssue, OTHER_ID, PROJECT_ID, USER_ID, WORKSPACE_ID } from './fixtures.js';
import { click } from './input.js';
import { button, byText, cleanup, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

const ACTIVITIES = '/workspaces/:slug/activities';

/** The dashboard over a workspace whose activity is `rows` (newest first). */
async function openHome(rows: Activity[]) {
  const { api } = seededApi();
  api.on('GET', ACTIVITIES, activityPages(() => rows));
  const app = renderApp(paths.workspace('acme'), { api });
  const section = await until(() => app.container.querySelector<HTMLElement>('section.app-recent-activity'), 'the recent activity');
  return { app, api, section };
}

/** The sentences of the feed, as read. */
const sentences = (section: HTMLElement) => [...section.querySelectorAll('ol[aria-label="Recent activity"] > li')].map((item) => item.textContent);

describe('Recent activity on the workspace home', () => {
  afterEach(cleanup);

  it('shows what happened lately in my projects, newest first, each sentence linking its issue', async () => {
    const rows = [activityRow(1), activityRow(2, { field: 'issue', verb: 'created', old_value: null, new_value: 'Issue number 2', actor: { id: USER_ID, display_name: 'Ada' } as Activity['actor'] })];
    const { app, api, section } = await openHome(rows);
    expect(section.querySelector('h2')!.textContent).to.equal('Recent activity');
    await until(() => sentences(section).length === 2, 'the sentences');
    expect(sentences(section)).to.deep.equal(['Grace set the priority of WEB-1 Issue number 1 to High. 1 hour ago', 'Ada created WEB-2 Issue number 2. 2 hours ago']);
    const [sent] = api.sent('GET', ACTIVITIES);
    expect([...sent!.query]).to.deep.equal([['limit', String(RECENT_ACTIVITY_PAGE_SIZE)]]);
    // Between "My issues" and the projects.
    expect([...app.container.querySelectorAll('.app-content h2')].map((heading) => heading.textContent)).to.deep.equal(['My issues', 'Recent activity', 'Your projects']);
    await expectAccessible(section);
    await click(byText(section, 'a', 'WEB-1 Issue number 1'));
    await until(() => app.location() === paths.issue('acme', PROJECT_ID, listedIssue(1).id), 'the issue page');
  });

  it('reads more on demand, after the last row shown', async () => {
    const rows = Array.from({ length: RECENT_ACTIVITY_PAGE_SIZE + 3 }, (_, i) => activityRow(i + 1));
    const { api, section } = await openHome(rows);
    await until(() => sentences(section).length === RECENT_ACTIVITY_PAGE_SIZE, 'the first page');
    await click(button(section, 'Show more activity'));
    await until(() => sentences(section).length === RECENT_ACTIVITY_PAGE_SIZE + 3, 'the rest');
    expect(button(section, 'Show more activity'), 'nothing more to read').to.equal(null);
    expect(api.sent('GET', ACTIVITIES).at(-1)!.query.get('before')).to.equal(rows[RECENT_ACTIVITY_PAGE_SIZE - 1]!.id);
    expect(sentences(section).at(-1)).to.contain(`WEB-${RECENT_ACTIVITY_PAGE_SIZE + 3} `);
  });

  it('says so when nothing happened yet', async () => {
    const { section } = await openHome([]);
    await until(() => byText(section, 'p', 'Nothing has happened in your projects yet.'), 'the note');
    expect(section.querySelector('ol')).to.equal(null);
  });

  it("shows the server's error with a way to try again", async () => {
    const { api } = seededApi();
    let failing = true;
    api.on('GET', ACTIVITIES, (request) => (failing ? reply(500, { error: 'The activity could not be read.' }) : activityPages(() => [activityRow(1)])(request)));
    const app = renderApp(paths.workspace('acme'), { api });
    const alert = await until(() => byText(app.container, '.app-recent-activity [role="alert"]', 'The activity could not be read.'), 'the failure');
    await expectAccessible(alert);
    failing = false;
    await click(button(alert, 'Try again'));
    const section = app.container.querySelector<HTMLElement>('.app-recent-activity')!;
    await until(() => sentences(section).length === 1, 'the activity, read again');
  });

  it('fits a phone and stays readable in the dark theme', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      const { api } = seededApi();
      api.on('GET', ACTIVITIES, activityPages(() => [activityRow(1), activityRow(2, { field: 'name', old_value: 'A name far too long to fit on one line of a phone', new_value: 'Issue number 2' })]));
      const app = renderApp(paths.workspace('acme'), { api, themeMode: 'dark' });
      const section = await until(() => app.container.querySelector<HTMLElement>('section.app-recent-activity'), 'the recent activity');
      await until(() => sentences(section).length === 2, 'the sentences');
      expect(document.documentElement.scrollWidth, 'no sideways scrolling').to.be.at.most(390);
      await expectAccessible(section);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it("is read again when the live stream tells of an issue's change or a comment", () => {
    const activity = JSON.stringify(queryKeys.activity('acme'));
    const told = (event: LiveEvent['event'], issueId: string | null) => ({ workspace_id: WORKSPACE_ID, event, action: 'updated', project_id: PROJECT_ID, id: 'x', issue_id: issueId, actor_id: OTHER_ID }) as const;
    const keys = (event: LiveEvent) => liveQueryKeys('acme', event).map((key) => JSON.stringify(key));
    expect(keys(told('issue', null))).to.include(activity);
    expect(keys(told('comment', listedIssue(1).id))).to.include(activity);
  });
});
