import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { Notification, NotificationUpdateBody } from '../../../src/app/api/types.js';
import { LIVE_REFRESH_MS } from '../../../src/app/layout/use-live-updates.js';
import { paths } from '../../../src/app/router/paths.js';
import { NOTIFICATION_WORDS } from '../../../src/app/screens/notifications/notification-words.js';
import { UNREAD_POLL_MS } from '../../../src/app/screens/notifications/use-unread-count.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import type { FakeApi, FakeRequest } from './fake-api.js';
import { ISSUE_ID, OTHER_ID, PROJECT_ID, USER_ID } from './fixtures.js';
import { click, press } from './input.js';
import { button, byText, cleanup, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { advance, fakeClock, settled } from './timing.js';

const URL = paths.notifications('acme');

let next = 0;
function notification(overrides: Partial<Notification> = {}): Notification {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    kind: 'assigned',
    issue_id: ISSUE_ID,
    project_id: PROJECT_ID,
    issue_key: 'WEB-3',
    issue_name: 'Fix the header',
    actor: { id: OTHER_ID, display_name: 'Grace', first_name: 'Grace', is_bot: false, avatar: null },
    detail: null,
    read_at: null,
    snoozed_till: null,
    archived_at: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** A fake API whose notifications live in `held`, listed and changed as the server does (tabs aside), with the unread count's ETag. */
function notificationsApi(held: Notification[]): FakeApi {
  const { api } = seededApi();
  const awake = (n: Notification) => n.archived_at === null && (n.snoozed_till === null || Date.parse(n.snoozed_till) <= Date.now());
  const listed = (query: URLSearchParams) =>
    held.filter((n) => {
      if (query.get('archived') === 'true') return n.archived_at !== null;
      if (query.get('snoozed') === 'true') return n.archived_at === null && !awake(n);
      return awake(n) && (query.get('unread') !== 'true' || n.read_at === null);
    });
  const unread = () => held.filter((n) => n.read_at === null && awake(n)).length;
  const etag = () => `W/"${unread()}-${held.map((n) => `${n.id}${n.read_at}${n.snoozed_till}${n.archived_at}`).join()}"`;
  api
    .on('GET', '/workspaces/:slug/notifications', (request) => {
      const rows = listed(request.query);
      return reply(200, rows, { 'x-total-count': String(rows.length) });
    })
    .on('GET', '/workspaces/:slug/notifications/unread-count', (request) =>
      request.headers.get('if-none-match') === etag() ? reply(304, undefined, { etag: etag() }) : reply(200, { unread: unread() }, { etag: etag() }),
    )
    .on('PATCH', '/workspaces/:slug/notifications/:id', (request) => {
      const found = held.find((n) => n.id === request.params.id);
      if (!found) return reply(404, { error: 'Notification not found.' });
      const body = request.body as NotificationUpdateBody;
      if (body.snoozed_till && Date.parse(body.snoozed_till) <= Date.now()) return reply(400, { error: 'A notification can only be snoozed until a time in the future.' });
      if (body.read !== undefined) found.read_at = body.read ? new Date().toISOString() : null;
      if (body.archived !== undefined) found.archived_at = body.archived ? new Date().toISOString() : null;
      if (body.snoozed_till !== undefined) found.snoozed_till = body.snoozed_till;
      return found;
    })
    .on('POST', '/workspaces/:slug/notifications/mark-all-read', (request) => {
      const rows = listed(request.query).filter((n) => n.read_at === null);
      for (const n of rows) n.read_at = new Date().toISOString();
      return { updated: rows.length };
    });
  return api;
}

const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-notification-row')];
const rowOf = (root: ParentNode, id: string) => root.querySelector<HTMLElement>(`[data-notification="${id}"]`);
const patches = (api: FakeApi): FakeRequest[] => api.sent('PATCH', '/workspaces/:slug/notifications/:id');
const badge = (root: ParentNode) => root.querySelector<HTMLElement>('.app-sidebar-count');

describe('notifications screen', () => {
  afterEach(cleanup);

  it('lists who did what on which issue, unread ones marked, axe-clean in both themes', async () => {
    const held = [
      notification({ kind: 'commented', issue_key: 'WEB-7', issue_name: 'Pricing page' }),
      notification({ kind: 'state_changed', detail: 'In Progress', read_at: new Date().toISOString() }),
      notification({ kind: 'mentioned_in_comment', actor: null }),
      // A reminder nobody sent: the issue passed its target day still open.
      notification({ kind: 'overdue', actor: null, detail: '2026-06-14', read_at: new Date().toISOString() }),
    ];
    for (const themeMode of ['light', 'dark'] as const) {
      const app = renderApp(URL, { api: notificationsApi(held), themeMode });
      await until(() => rows(app.container).length === 4 || null, 'four rows');
      expect(rows(app.container).map((row) => row.querySelector('.app-notification-what')!.textContent)).to.deep.equal([
        'Unread: Grace commented',
        'Grace moved it to In Progress',
        'Unread: Someone mentioned you in a comment',
        'Overdue (target date Jun 14, 2026)',
      ]);
      expect(rows(app.container)[0]!.querySelector('.app-notification-issue')!.textContent).to.equal('WEB-7 Pricing page');
      expect(rows(app.container).map((row) => row.hasAttribute('data-unread'))).to.deep.equal([true, false, true, false]);
      await until(() => badge(app.container)?.textContent === `2, ${NOTIFICATION_WORDS.unreadCount(2)}` || null, 'the sidebar count');
      await expectAccessible(document.body);
      cleanup();
    }
  });

  it('asks for each tab and filter and shows their empty states', async () => {
    const api = notificationsApi([]);
    const app = renderApp(URL, { api });
    await until(() => app.container.querySelector('[data-empty-state="notifications-my-issues"]'), 'the my issues empty state');
    await click(byText(app.container, '[role="tab"]', 'Created'));
    await until(() => app.container.querySelector('[data-empty-state="notifications-created"]'), 'the created empty state');
    const filter = app.container.querySelector<HTMLSelectElement>('#notifications-filter')!;
    filter.value = 'archived';
    filter.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => app.container.querySelector('[data-empty-state="notifications-archived"]'), 'the archived empty state');
    const queries = api.sent('GET', '/workspaces/:slug/notifications').map((request) => Object.fromEntries(request.query));
    expect(queries).to.deep.include({ tab: 'my-issues', limit: '50', offset: '0' });
    expect(queries).to.deep.include({ tab: 'created', archived: 'true', limit: '50', offset: '0' });
  });

  it('opens the issue from a row, and the notification becomes read', async () => {
    const held = [notification()];
    const api = notificationsApi(held);
    const app = renderApp(URL, { api });
    const link = await until(() => rowOf(app.container, held[0]!.id)?.querySelector<HTMLAnchorElement>('a'), 'the row link');
    link.focus();
    await press('Enter');
    await until(() => app.location() === paths.issue('acme', PROJECT_ID, ISSUE_ID) || null, 'the issue page');
    await until(() => patches(api).length === 1 || null, 'the read mark');
    expect(patches(api)[0]!.body).to.deep.equal({ read: true });
    expect(held[0]!.read_at).to.not.equal(null);
  });

  it('marks read and unread, and archives, from the keyboard', async () => {
    const held = [notification(), notification({ issue_key: 'WEB-9' })];
    const api = notificationsApi(held);
    const app = renderApp(URL, { api });
    await until(() => rows(app.container).length === 2 || null, 'the rows');
    button(app.container, 'Mark as read: WEB-3')!.focus();
    await press('Enter');
    await until(() => (rowOf(app.container, held[0]!.id) && !rowOf(app.container, held[0]!.id)!.hasAttribute('data-unread')) || null, 'the row read');
    await until(() => badge(app.container)?.textContent?.startsWith('1,') || null, 'one unread left');
    button(app.container, 'Mark as unread: WEB-3')!.focus();
    await press('Enter');
    await until(() => rowOf(app.container, held[0]!.id)?.hasAttribute('data-unread') || null, 'the row unread again');
    button(app.container, 'Archive: WEB-9')!.focus();
    await press('Enter');
    await until(() => (rows(app.container).length === 1 && !rowOf(app.container, held[1]!.id)) || null, 'the archived row gone');
    expect(patches(api).map((request) => request.body)).to.deep.equal([{ read: true }, { read: false }, { archived: true }]);
  });

  it('snoozes until a day chosen in a dialog, and shows the server’s refusal there', async () => {
    const held = [notification()];
    const api = notificationsApi(held);
    const app = renderApp(URL, { api });
    await until(() => rows(app.container).length === 1 || null, 'the row');
    await click(button(app.container, 'Snooze: WEB-3'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the snooze dialog');
    const day = dialog.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect(day.min).to.equal(day.value, 'tomorrow is the first day offered and the one chosen');
    // A refusal (here: the server's clock says the day has begun) stays in the dialog.
    api.on('PATCH', '/workspaces/:slug/notifications/:id', () => reply(400, { error: 'A notification can only be snoozed until a time in the future.' }));
    await click(button(dialog, 'Snooze'));
    await until(() => byText(dialog, '[role="alert"]', 'A notification can only be snoozed until a time in the future.'), 'the refusal');
    expect(held[0]!.snoozed_till).to.equal(null);
    api.on('PATCH', '/workspaces/:slug/notifications/:id', (request) => {
      held[0]!.snoozed_till = (request.body as NotificationUpdateBody).snoozed_till!;
      return held[0];
    });
    await click(button(dialog, 'Snooze'));
    await until(() => !document.querySelector('[role="dialog"]') || null, 'the dialog closed');
    const [year, month, date] = day.value.split('-').map(Number);
    expect(patches(api).at(-1)!.body).to.deep.equal({ snoozed_till: new Date(year!, month! - 1, date!).toISOString() });
    await until(() => app.container.querySelector('[data-empty-state="notifications-my-issues"]'), 'the snoozed row gone');
  });

  it('keeps focus in the list when a row leaves it: archived, or snoozed from its dialog', async () => {
    const held = [notification({ issue_key: 'WEB-1' }), notification({ issue_key: 'WEB-2' }), notification({ issue_key: 'WEB-3' })];
    const api = notificationsApi(held);
    const app = renderApp(URL, { api });
    await until(() => rows(app.container).length === 3 || null, 'the rows');
    const about = (words: string, key: string) => `${words}: ${key}`;
    // Archived from the keyboard: the next row's Archive button takes focus.
    button(app.container, about(NOTIFICATION_WORDS.archive, 'WEB-1'))!.focus();
    await press('Enter');
    await until(() => rows(app.container).length === 2 || null, 'the archived row gone');
    await until(() => document.activeElement === button(app.container, about(NOTIFICATION_WORDS.archive, 'WEB-2')), 'focus on the next row’s Archive', {
      saw: () => document.activeElement,
    });
    // Snoozed from its dialog: the row leaves once the dialog has given focus back, which goes to the next row.
    await click(button(app.container, about(NOTIFICATION_WORDS.snooze, 'WEB-2')));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the snooze dialog');
    await click(button(dialog, NOTIFICATION_WORDS.snooze));
    await until(() => rows(app.container).length === 1 || null, 'the snoozed row gone');
    await until(() => document.activeElement === button(app.container, about(NOTIFICATION_WORDS.snooze, 'WEB-3')), 'focus on the next row’s Snooze', {
      saw: () => document.activeElement,
    });
    // The last row archived: the list goes, and the screen's heading has focus.
    await press('Tab');
    expect(document.activeElement).to.equal(button(app.container, about(NOTIFICATION_WORDS.archive, 'WEB-3')));
    await press('Enter');
    await until(() => app.container.querySelector('[data-empty-state="notifications-my-issues"]'), 'the empty state');
    await until(() => document.activeElement === byText(app.container, 'h1', NOTIFICATION_WORDS.title), 'focus on the heading', { saw: () => document.activeElement });
  });

  it('shows loading, then the server’s error with a way to try again', async () => {
    const api = notificationsApi([notification()]);
    let failing = true;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.on('GET', '/workspaces/:slug/notifications', async () => {
      await held;
      return failing ? reply(500, { error: 'The server is having a moment.' }) : reply(200, [notification()], { 'x-total-count': '1' });
    });
    const app = renderApp(URL, { api });
    await until(() => byText(app.container, '[role="status"]', NOTIFICATION_WORDS.loading), 'the loading state');
    release();
    const alert = await until(() => byText(app.container, '[role="alert"]', 'The server is having a moment.'), 'the error');
    failing = false;
    await click(button(alert, NOTIFICATION_WORDS.retry));
    await until(() => rows(app.container).length === 1 || null, 'the row after trying again');
  });

  it('marks everything in the tab read', async () => {
    const held = [notification(), notification()];
    const api = notificationsApi(held);
    const app = renderApp(URL, { api });
    await until(() => rows(app.container).length === 2 || null, 'the rows');
    await click(button(app.container, NOTIFICATION_WORDS.markAllRead));
    await until(() => rows(app.container).every((row) => !row.hasAttribute('data-unread')) || null, 'every row read');
    expect(Object.fromEntries(api.sent('POST', '/workspaces/:slug/notifications/mark-all-read')[0]!.query)).to.deep.equal({ tab: 'my-issues' });
    await until(() => !badge(app.container) || null, 'no count left');
  });

  for (const width of [768, 900, 1280]) {
    it(`keeps the words readable beside the actions at ${width} px, the actions going under them when they do not fit`, async () => {
      await setViewport({ width, height: 900 });
      try {
        const app = renderApp(URL, { api: notificationsApi([notification()]) });
        await until(() => rows(app.container).length === 1 || null, 'the row');
        const row = rows(app.container)[0]!;
        const words = row.querySelector('.app-notification-open')!.getBoundingClientRect();
        // Before: at tablet widths the actions kept their one line and squeezed the words to a letter a line (31 px).
        expect(words.width, 'the words').to.be.at.least(Math.min(320, row.getBoundingClientRect().width / 2));
        expect(row.getBoundingClientRect().height, 'a row of a line or two, not a column of letters').to.be.below(200);
        expect(document.documentElement.scrollWidth).to.be.at.most(width);
      } finally {
        await setViewport({ width: 800, height: 600 });
      }
    });
  }

  it('fits a phone: rows and their actions wrap inside 390 px', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      const app = renderApp(URL, { api: notificationsApi([notification({ issue_name: 'A rather long issue name that must wrap on a small screen' })]) });
      await until(() => rows(app.container).length === 1 || null, 'the row');
      const row = rows(app.container)[0]!;
      expect(row.getBoundingClientRect().right).to.be.at.most(390);
      for (const action of row.querySelectorAll('button')) expect(action.getBoundingClientRect().right).to.be.at.most(390);
      expect(document.documentElement.scrollWidth).to.be.at.most(390);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });
});

describe('the sidebar’s unread count', () => {
  afterEach(cleanup);

  /** The projects screen on a fake clock, with one unread notification in `held` and the sidebar's count drawn. */
  async function oneUnread() {
    const clock = fakeClock();
    const held = [notification()];
    const api = notificationsApi(held);
    const app = renderApp('/acme/projects', { api });
    await until(() => badge(app.container)?.dataset.unreadCount === '1' || null, 'one unread');
    return { clock, held, api, app };
  }

  it('rises without a reload when the poll finds news, asking with the last ETag', async () => {
    const { clock, held, api, app } = await oneUnread();
    const polls = () => api.sent('GET', '/workspaces/:slug/notifications/unread-count');
    const first = polls().length;
    await advance(clock, UNREAD_POLL_MS);
    await until(() => polls().length > first || null, 'the next poll');
    expect(polls().at(-1)!.headers.get('if-none-match')).to.match(/^W\//);
    await settled();
    expect(badge(app.container)!.dataset.unreadCount).to.equal('1', 'a 304 keeps the count');
    held.push(notification({ kind: 'mentioned' }));
    await advance(clock, UNREAD_POLL_MS - 1);
    expect(badge(app.container)!.dataset.unreadCount).to.equal('1', 'not before the interval');
    await advance(clock, 1);
    await until(() => badge(app.container)?.dataset.unreadCount === '2' || null, 'two unread');
    expect(byText(app.container, 'a', 'Notifications')!.textContent).to.equal(`Notifications2, ${NOTIFICATION_WORDS.unreadCount(2)}`);
  });

  it('rises as soon as the live stream tells the reader of a notification (an overdue reminder), not at the next poll', async () => {
    const { clock, held, api, app } = await oneUnread();
    await until(() => api.live.open.size === 1 || null, 'the live stream open');
    held.push(notification({ kind: 'overdue', actor: null }));
    api.live.tell('acme', { event: 'notification', action: 'created', project_id: PROJECT_ID, id: USER_ID, issue_id: ISSUE_ID, actor_id: null });
    // The stream's changes are gathered for LIVE_REFRESH_MS; the next poll is UNREAD_POLL_MS away.
    await advance(clock, LIVE_REFRESH_MS);
    await until(() => badge(app.container)?.dataset.unreadCount === '2' || null, 'two unread', { saw: () => badge(app.container)?.dataset.unreadCount });
  });
});
