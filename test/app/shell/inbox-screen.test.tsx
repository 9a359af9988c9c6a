import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { IntakeUpdateBody } from '../../../src/api-shapes/intake.js';
import type { IntakeIssue } from '../../../src/app/api/types.js';
import { intakeDraftKey } from '../../../src/app/editor/text-drafts.js';
import { paths } from '../../../src/app/router/paths.js';
import { INBOX_WORDS } from '../../../src/app/screens/inbox/inbox-words.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import type { FakeApi } from './fake-api.js';
import { listedIssue, OTHER_ID, project, PROJECT_ID, USER_ID } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi, type Scene } from './seeded-api.js';
import { editorNamed, textbox } from './shared-editors.js';

const URL = paths.inbox('acme', PROJECT_ID);
const INTAKE = '/workspaces/:slug/projects/:projectId/intake-issues';

let next = 0;
function intake(overrides: Partial<IntakeIssue> = {}): IntakeIssue {
  next += 1;
  const id = String(next).padStart(12, '0');
  return {
    id: `bbbbbbbb-bbbb-4bbb-8bbb-${id}`,
    issue_id: `cccccccc-cccc-4ccc-8ccc-${id}`,
    project_id: PROJECT_ID,
    sequence_id: 40 + next,
    key: `WEB-${40 + next}`,
    name: `Request ${next}`,
    description_html: `<p>Details of request ${next}</p>`,
    status: 'pending',
    snoozed_till: null,
    duplicate_of: null,
    duplicate_of__key: null,
    created_by: { id: OTHER_ID, display_name: 'Grace', first_name: 'Grace', is_bot: false, avatar: null },
    created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    updated_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    ...overrides,
  };
}

const OPEN = (item: IntakeIssue) => item.status === 'pending' || (item.status === 'snoozed' && Date.parse(item.snoozed_till!) <= Date.now());

/** A fake API whose inbox holds `held`, listed by tab and decided as the server does. */
function inboxApi(held: IntakeIssue[], change: (scene: Scene) => void = () => {}): FakeApi {
  const { api } = seededApi(change);
  api
    .on('GET', INTAKE, (request) => held.filter((item) => (request.query.get('tab') === 'closed' ? ['accepted', 'declined', 'duplicate'].includes(item.status) : OPEN(item))))
    .on('GET', `${INTAKE}/:id/activities`, () => [])
    .on('POST', INTAKE, (request) => {
      const body = request.body as { name: string; description_html?: string };
      const filed = intake({ name: body.name, description_html: body.description_html ?? '<p></p>', created_by: { id: USER_ID, display_name: 'Ada', first_name: 'Ada', is_bot: false, avatar: null } });
      held.unshift(filed);
      return reply(201, filed);
    })
    .on('PATCH', `${INTAKE}/:id`, (request) => {
      const found = held.find((item) => item.id === request.params.id)!;
      const body = request.body as IntakeUpdateBody;
      Object.assign(found, { status: body.status, snoozed_till: body.snoozed_till ?? null, duplicate_of: body.duplicate_of ?? null, updated_at: new Date().toISOString() });
      if (body.duplicate_of) found.duplicate_of__key = 'WEB-3';
      return found;
    })
    .on('GET', '/workspaces/:slug/projects/:projectId/search-issues', () => [listedIssue(3), listedIssue(2)]);
  return api;
}

const items = (root: ParentNode) => [...root.querySelectorAll<HTMLButtonElement>('.app-inbox-item')];
const current = (root: ParentNode) => root.querySelector<HTMLButtonElement>('.app-inbox-item[aria-current="true"]');
const detailTitle = (root: ParentNode) => root.querySelector('.app-inbox-detail h2')?.textContent ?? null;
const decisions = (api: FakeApi) => api.sent('PATCH', `${INTAKE}/:id`).map((request) => request.body);

describe('inbox screen', () => {
  afterEach(cleanup);

  it('lists the open requests beside the newest one: title, description, who filed it, when; axe-clean in both themes', async () => {
    for (const themeMode of ['light', 'dark'] as const) {
      const held = [intake({ name: 'Dark mode please' }), intake()];
      const app = renderApp(URL, { api: inboxApi(held), themeMode });
      await until(() => items(app.container).length === 2 || null, 'two requests');
      expect(app.container.querySelector('ul.app-inbox-list')!.getAttribute('aria-label')).to.equal('Open requests');
      expect(detailTitle(app.container)).to.equal('Dark mode please');
      const detail = app.container.querySelector<HTMLElement>('.app-inbox-detail')!;
      expect(detail.textContent).to.include(held[0]!.key).and.include('Pending').and.include('3 hours ago');
      // As drawn: the words and the name on one line, with their space.
      expect(detail.innerText).to.include('Filed by Grace');
      const description = await until(() => editorNamed(detail, INBOX_WORDS.description), 'the description');
      await until(() => textbox(description)?.textContent === held[0]!.description_html.replace(/<[^>]+>/g, '') || null, 'the description text');
      expect(description.hasAttribute('readonly') || (description as unknown as { readOnly: boolean }).readOnly).to.equal(true);
      const painted = (element: Element) => getComputedStyle(element).backgroundColor;
      expect(painted(description), `the description on the card's own ground (${themeMode})`).to.equal(painted(detail));
      await expectAccessible(document.body);
      cleanup();
    }
  });

  it('moves between requests with the arrow keys and shows each one', async () => {
    const held = [intake({ name: 'First' }), intake({ name: 'Second' }), intake({ name: 'Third' })];
    const app = renderApp(URL, { api: inboxApi(held) });
    await until(() => items(app.container).length === 3 || null, 'the requests');
    items(app.container)[0]!.focus();
    await press('ArrowDown');
    await until(() => detailTitle(app.container) === 'Second' || null, 'the second request');
    expect(document.activeElement).to.equal(current(app.container));
    await press('End');
    await until(() => detailTitle(app.container) === 'Third' || null, 'the last request');
    await press('ArrowUp');
    await until(() => detailTitle(app.container) === 'Second' || null, 'back to the second');
    await click(items(app.container)[0]!);
    await until(() => detailTitle(app.container) === 'First' || null, 'the clicked request');
  });

  it('accepts and declines: the request leaves the open tab for the closed one', async () => {
    const held = [intake({ name: 'Accept me' }), intake({ name: 'Decline me' })];
    const api = inboxApi(held);
    const app = renderApp(URL, { api });
    await until(() => detailTitle(app.container) === 'Accept me' || null, 'the first request');
    await click(button(app.container, INBOX_WORDS.accept));
    await until(() => (items(app.container).length === 1 && detailTitle(app.container) === 'Decline me') || null, 'the accepted one gone from open');
    await until(() => byText(document.body, '.app-toast', `${held[0]!.key} accepted`), 'the toast');
    // The pressed button went with the request: focus is on the request shown now, not lost to the page.
    await until(() => document.activeElement === items(app.container)[0] || null, 'focus on the request shown now', { saw: () => document.activeElement?.outerHTML.slice(0, 80) });
    await click(button(app.container, INBOX_WORDS.decline));
    await until(() => app.container.querySelector('[data-empty-state="inbox-open"]'), 'the open empty state');
    await until(() => document.activeElement?.getAttribute('role') === 'tabpanel' || null, 'focus on the tab, none left', { saw: () => document.activeElement?.outerHTML.slice(0, 80) });
    expect(decisions(api)).to.deep.equal([{ status: 'accepted' }, { status: 'declined' }]);
    await click(byText(app.container, '[role="tab"]', 'Closed'));
    await until(() => items(app.container).length === 2 || null, 'both on the closed tab');
    expect(app.container.querySelector('ul.app-inbox-list')!.getAttribute('aria-label')).to.equal('Closed requests');
    await click(items(app.container).find((item) => item.textContent!.includes('Accept me'))!);
    const open = await until(() => byText(app.container, '.app-inbox-detail a', `${INBOX_WORDS.openIssue} ${held[0]!.key}`), 'the link to the issue');
    expect(open.getAttribute('href')).to.equal(paths.issue('acme', PROJECT_ID, held[0]!.issue_id));
    expect(button(app.container, INBOX_WORDS.accept), 'an accepted request is decided for good').to.equal(null);
  });

  it('counts the open requests beside the sidebar\'s Inbox entry, and the count follows each decision', async () => {
    const held = [intake({ name: 'Accept me' }), intake({ name: 'Decline me' }), intake({ status: 'declined' })];
    const app = renderApp(URL, { api: inboxApi(held) });
    const count = () => app.container.querySelector<HTMLElement>('[aria-label="Sidebar"] .app-sidebar-link[href$="/inbox"] .app-sidebar-count');
    await until(() => count()?.textContent === '2, 2 open requests' || null, 'the count of two', { saw: () => count()?.textContent });
    expect(count()!.querySelector('[aria-hidden="true"]')!.textContent).to.equal('2');
    await until(() => detailTitle(app.container) === 'Accept me' || null, 'the first request');
    await click(button(app.container, INBOX_WORDS.accept));
    await until(() => count()?.textContent === '1, 1 open request' || null, 'the count of one', { saw: () => count()?.textContent });
    await click(button(app.container, INBOX_WORDS.decline));
    await until(() => app.container.querySelector('[data-empty-state="inbox-open"]'), 'the open empty state');
    await until(() => count() === null || null, 'no count with none open', { saw: () => count()?.textContent });
  });

  it('snoozes until a day, and marks as a duplicate of one issue chosen in the picker', async () => {
    const held = [intake({ name: 'Snooze me' }), intake({ name: 'Duplicate me' })];
    const api = inboxApi(held);
    const app = renderApp(URL, { api });
    await until(() => detailTitle(app.container) === 'Snooze me' || null, 'the first request');
    await click(button(app.container, INBOX_WORDS.snooze));
    const snooze = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the snooze dialog');
    expect(snooze.textContent).to.include(INBOX_WORDS.snoozeTitle);
    const day = snooze.querySelector<HTMLInputElement>('input[type="date"]')!.value;
    await click(button(snooze, 'Snooze'));
    await until(() => (!document.querySelector('[role="dialog"]') && detailTitle(app.container) === 'Duplicate me') || null, 'the snoozed request gone');
    await until(() => document.activeElement === items(app.container)[0] || null, 'focus on the request shown now', { saw: () => document.activeElement?.outerHTML.slice(0, 80) });
    const [year, month, date] = day.split('-').map(Number);
    expect(decisions(api)[0]).to.deep.equal({ status: 'snoozed', snoozed_till: new Date(year!, month! - 1, date!).toISOString() });

    await click(button(app.container, INBOX_WORDS.duplicate));
    const picker = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the issue picker');
    expect(picker.querySelector('[role="switch"]'), 'the duplicate is of this project only').to.equal(null);
    await click(await until(() => byText(picker, 'label', 'WEB-2'), 'a result'));
    await click(byText(picker, 'label', 'WEB-3'));
    expect(picker.querySelectorAll('input[type="checkbox"]:checked')).to.have.length(1, 'one issue at most');
    await click(button(picker, INBOX_WORDS.duplicate));
    await until(() => app.container.querySelector('[data-empty-state="inbox-open"]'), 'the open empty state');
    await until(() => document.activeElement?.getAttribute('role') === 'tabpanel' || null, 'focus on the tab, none left', { saw: () => document.activeElement?.outerHTML.slice(0, 80) });
    expect(decisions(api)[1]).to.deep.equal({ status: 'duplicate', duplicate_of: listedIssue(3).id });
    await click(byText(app.container, '[role="tab"]', 'Closed'));
    await until(() => byText(app.container, '.app-inbox-detail', 'Duplicate of WEB-3'), 'the duplicate on the closed tab');
  });

  it('lets a guest file a request but decide nothing', async () => {
    const held = [intake({ name: 'Mine' })];
    const api = inboxApi(held, (scene) => (scene.projects = [project(5)]));
    const app = renderApp(URL, { api });
    await until(() => detailTitle(app.container) === 'Mine' || null, 'the request');
    for (const action of [INBOX_WORDS.accept, INBOX_WORDS.decline, INBOX_WORDS.snooze, INBOX_WORDS.duplicate]) expect(button(app.container, action)).to.equal(null);
    await click(button(app.container, INBOX_WORDS.newIntake));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the new request dialog');
    await click(button(dialog, INBOX_WORDS.create));
    await until(() => byText(dialog, '[role="alert"], .app-field-error, p', INBOX_WORDS.nameRequired), 'the title message');
    expect(api.sent('POST', INTAKE)).to.have.length(0);
    await typeInto(field(dialog, INBOX_WORDS.name), 'Export to PDF');
    await click(button(dialog, INBOX_WORDS.create));
    await until(() => !document.querySelector('[role="dialog"]') || null, 'the dialog closed');
    expect(api.sent('POST', INTAKE)[0]!.body).to.deep.equal({ name: 'Export to PDF' });
    await until(() => detailTitle(app.container) === 'Export to PDF' || null, 'the new request shown');
    expect(current(app.container)!.textContent).to.include('Export to PDF');
  });

  it('keeps a request left unfiled for the next opening of the dialog, a reload too, and forgets it once filed', async () => {
    const kept = intakeDraftKey(USER_ID, PROJECT_ID);
    localStorage.removeItem(kept);
    const api = inboxApi([intake({ name: 'Older' })]);
    let app = renderApp(URL, { api });
    await until(() => detailTitle(app.container) === 'Older' || null, 'the inbox');
    const open = async () => {
      await click(button(app.container, INBOX_WORDS.newIntake));
      const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the new request dialog');
      const description = await until(() => editorNamed(dialog, INBOX_WORDS.description), 'the description editor');
      await description.updateComplete;
      return { dialog, description };
    };
    const first = await open();
    await typeInto(field(first.dialog, INBOX_WORDS.name), 'Dark PDFs');
    textbox(first.description).focus();
    await sendKeys({ type: 'Exports ignore the theme' });
    await until(() => JSON.parse(localStorage.getItem(kept) ?? '{}').html === '<p>Exports ignore the theme</p>' || null, 'the request kept');
    await click(button(first.dialog, INBOX_WORDS.cancel));
    await until(() => !document.querySelector('[role="dialog"]') || null, 'the dialog closed');

    // Opened again after a reload: a new app on the same browser.
    cleanup();
    app = renderApp(URL, { api });
    await until(() => detailTitle(app.container) === 'Older' || null, 'the inbox again');
    const second = await open();
    expect(field(second.dialog, INBOX_WORDS.name)!.value).to.equal('Dark PDFs');
    expect(second.description.getHTML()).to.equal('<p>Exports ignore the theme</p>');
    await click(button(second.dialog, INBOX_WORDS.create));
    await until(() => !document.querySelector('[role="dialog"]') || null, 'the request filed');
    expect(api.sent('POST', INTAKE)[0]!.body).to.deep.equal({ name: 'Dark PDFs', description_html: '<p>Exports ignore the theme</p>' });
    expect(localStorage.getItem(kept)).to.equal(null);
    const third = await open();
    expect(field(third.dialog, INBOX_WORDS.name)!.value).to.equal('');
    expect(third.description.getHTML()).to.equal('');
  });

  it('shows each tab’s empty state, loading, and the server’s error with a way to try again', async () => {
    const api = inboxApi([]);
    let failing = true;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.on('GET', INTAKE, async () => {
      await held;
      return failing ? reply(500, { error: 'The server is having a moment.' }) : [];
    });
    const app = renderApp(URL, { api });
    await until(() => byText(app.container, '[role="status"]', INBOX_WORDS.loading), 'the loading state');
    release();
    const alert = await until(() => byText(app.container, '[role="alert"]', 'The server is having a moment.'), 'the error');
    failing = false;
    await click(button(alert, INBOX_WORDS.tryAgain));
    await until(() => app.container.querySelector('[data-empty-state="inbox-open"]'), 'the open empty state');
    await click(byText(app.container, '[role="tab"]', 'Closed'));
    await until(() => app.container.querySelector('[data-empty-state="inbox-closed"]'), 'the closed empty state');
    await expectAccessible(app.container);
  });

  it('with the inbox turned off, shows its notice, no new-request button and no sidebar entry', async () => {
    const app = renderApp(URL, { api: inboxApi([intake()], (scene) => (scene.projects = [project(20, { inbox_view: false })])) });
    await until(() => app.container.querySelector('[data-empty-state="disabled-inbox"]'), 'the disabled notice');
    expect(button(app.container, INBOX_WORDS.newIntake)).to.equal(null);
    expect(byText(app.container, 'nav a', /^Inbox$/)).to.equal(null);
    expect(app.api.sent('GET', INTAKE)).to.have.length(0);
  });

  it('fits a phone: the list above the request, nothing wider than 390 px', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      const app = renderApp(URL, { api: inboxApi([intake({ name: 'A rather long request title that has to wrap on a small phone screen' }), intake()]) });
      await until(() => items(app.container).length === 2 || null, 'the requests');
      const list = app.container.querySelector('.app-inbox-list')!.getBoundingClientRect();
      const detail = app.container.querySelector('.app-inbox-detail')!.getBoundingClientRect();
      expect(detail.top).to.be.at.least(list.bottom);
      for (const box of [list, detail]) expect(box.right).to.be.at.most(390);
      for (const action of app.container.querySelectorAll('.app-inbox-actions button')) expect(action.getBoundingClientRect().right).to.be.at.most(390);
      expect(document.documentElement.scrollWidth).to.be.at.most(390);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });
});
