import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { sharedDocumentName } from '../../../src/app/api/collab.js';
import { CollabWords } from '../../../src/app/editor/collab-status.js';
import { PRESENCE_SHOWN } from '../../../src/app/editor/presence-list.js';
import { paths } from '../../../src/app/router/paths.js';
import type { RichEditorElement } from '../../../src/react/index.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { chooseFromMenu } from './action-menus.js';
import { chooseMenuItem, click } from './input.js';
import { issueDetail, ISSUE_ID, listedIssue, members, OTHER_ID, PROJECT_ID, USER_ID } from './fixtures.js';
import { pageDetail, PAGE_ID } from './page-fixtures.js';
import { byText, cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';
import {
  colleagueCaretAt,
  colleagueSynced,
  colleagueText,
  colleagueTypes,
  editorNamed,
  presentNames,
  statusOf,
  syncedEditor,
  textbox,
  unloadPrevented,
} from './shared-editors.js';

const ISSUE_URL = paths.issue('acme', PROJECT_ID, ISSUE_ID);
const ISSUE_DOC = sharedDocumentName.issueDescription(ISSUE_ID);
const PAGE_DOC = sharedDocumentName.page(PAGE_ID);
const ISSUE = '/workspaces/:slug/projects/:projectId/issues/:issueId';

/** Makes the fake server hold the next change it would store until `release()`; `stored` says when it has. */
function holdNextStore(api: ReturnType<typeof seededApi>['api']): { release: () => void; readonly stored: boolean } {
  const store = api.collab.store;
  const append = store.append.bind(store);
  let release: () => void = () => {};
  const held = { release: () => release(), stored: false };
  store.append = (name, updates) => {
    store.append = append;
    return new Promise<void>((resolve) => (release = resolve)).then(async () => {
      const seq = await append(name, updates);
      held.stored = true;
      return seq;
    });
  };
  return held;
}

/** Types "!" into `editor` while the fake server holds the change: the status says "Saving…" until `release()`. */
async function typeWhileHeld(api: ReturnType<typeof seededApi>['api'], root: HTMLElement, editor: RichEditorElement) {
  const held = holdNextStore(api);
  await typeAtEnd(editor, '!');
  await until(() => statusOf(root) === CollabWords.saving, '"Saving…"', { saw: () => statusOf(root) });
  return held;
}

/** Answers `method path` with `answer`, noting for each request whether the held change was stored by then. */
function askedAfterStored(api: ReturnType<typeof seededApi>['api'], method: string, path: string, held: { readonly stored: boolean }, answer: () => unknown): boolean[] {
  const asked: boolean[] = [];
  api.on(method, path, () => {
    asked.push(held.stored);
    return answer();
  });
  return asked;
}

/** The action says it is under way (`note`) and has sent nothing yet (a request is counted as it is sent). */
async function expectWaitingFor(root: ParentNode, note: string, sent: () => unknown[]) {
  await until(() => byText(root, '.app-note', note), `"${note}"`);
  expect(sent(), 'nothing asked of the server while the change is on its way').to.deep.equal([]);
}

/** The page's screen over the seeded fake API, its shared document starting from the page's content. */
function pageScreen() {
  const seeded = seededApi();
  const page = pageDetail();
  seeded.api.on('GET', '/workspaces/:slug/projects/:projectId/pages/:pageId', () => page);
  seeded.api.collab.content = (name) => (name === PAGE_DOC ? page.description_html : null);
  const app = renderApp(paths.page('acme', PROJECT_ID, PAGE_ID), { api: seeded.api });
  return { seeded, page, app };
}

/** The issue's screen over the seeded fake API (changed by `setup` before it renders). */
async function issueScreen(setup: (api: ReturnType<typeof seededApi>['api']) => void = () => {}) {
  const seeded = seededApi();
  setup(seeded.api);
  const app = renderApp(ISSUE_URL, { api: seeded.api });
  return { ...seeded, app };
}

/**
 * Types `text` at the end of the editor's first block, once the editor has read the End (a busy
 * full run once typed "!" at the start of the description here; a wait that gives up says where
 * the caret was).
 */
async function typeAtEnd(editor: RichEditorElement, text: string) {
  const focused = editor.editorView!;
  textbox(editor).focus();
  await sendKeys({ press: 'End' });
  const { state } = editor.editorView!;
  const end = state.doc.firstChild!.nodeSize - 1;
  // What a wait that gives up saw: the caret, and whether the view End went to is still the editor's and has focus.
  const saw = () => ({
    selection: editor.editorView!.state.selection.toJSON(),
    sameView: editor.editorView === focused,
    focused: editor.editorView!.hasFocus(),
    active: (editor.shadowRoot?.activeElement ?? document.activeElement)?.localName,
  });
  await until(() => editor.editorView!.state.selection.head === end, 'the caret at the end of the first block', { saw });
  await sendKeys({ type: text });
}

/** Nothing asks the user about a conflict or a lost change. */
function expectNoQuestion(root: ParentNode) {
  expect(document.querySelector('[role="dialog"], [role="alertdialog"]'), 'no dialog').to.equal(null);
  // Live regions wait empty on the page (the attachments' problems); none may say anything.
  const said = [...root.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent?.trim()).filter(Boolean);
  expect(said, 'no alert').to.deep.equal([]);
}

describe('descriptions and pages edited together', () => {
  afterEach(cleanup);

  it("shows a colleague's typing, their avatar and their named caret, sends the user's own, and says Saved once the server stored it", async () => {
    const { api, app } = await issueScreen();
    const description = await syncedEditor(app.container, 'Description');
    expect(statusOf(app.container), 'nothing to say before a change').to.equal('');
    expect(presentNames(app.container)).to.deep.equal([]);

    const grace = api.collab.colleague(ISSUE_DOC, OTHER_ID);
    await colleagueSynced(grace);
    await until(() => presentNames(app.container).join() === 'Grace', 'Grace among those present', { saw: () => presentNames(app.container) });
    expect(app.container.querySelector('ul[aria-label="Also here"] li')!.getAttribute('title')).to.equal('Grace');

    colleagueTypes(grace, ' Hers.');
    await until(() => textbox(description).textContent === 'The header overlaps the menu. Hers.', "Grace's words", { saw: () => textbox(description).textContent });
    colleagueCaretAt(grace, 3);
    const caret = await until(() => description.shadowRoot!.querySelector('.collab-caret-label'), "Grace's caret");
    expect(caret.textContent).to.contain('Grace');

    await typeAtEnd(description, ' Mine.');
    await until(() => colleagueText(grace).includes('Hers. Mine.'), 'the user’s words at Grace’s', { saw: () => colleagueText(grace) });
    await until(() => statusOf(app.container) === CollabWords.saved, '"Saved"', { saw: () => statusOf(app.container) });
    // (The text shown holds Grace's caret with her name, which is not part of the document.)
    expect(description.getHTML()).to.equal('<p>The header overlaps the menu. Hers. Mine.</p>');
    expectNoQuestion(app.container);
    // The description is no longer saved over the REST API: the shared document is the one way in.
    expect(api.sent('PUT', '/workspaces/:slug/projects/:projectId/issues/:issueId/description').map((request) => request.path)).to.deep.equal([]);
    await expectAccessible(app.container);
  });

  it('shows one avatar per person however many tabs they have, never the user themself, and counts those past the first faces', async () => {
    const { api, app } = await issueScreen();
    await syncedEditor(app.container, 'Description');
    // The user in another tab is not someone else.
    await colleagueSynced(api.collab.colleague(ISSUE_DOC, USER_ID));
    await colleagueSynced(api.collab.colleague(ISSUE_DOC, OTHER_ID));
    await colleagueSynced(api.collab.colleague(ISSUE_DOC, OTHER_ID));
    await until(() => presentNames(app.container).join() === 'Grace', 'Grace once', { saw: () => presentNames(app.container) });
    // More people than faces: the rest are counted, and named for screen readers and on hover.
    const extra = ['Hedy', 'Alan', 'Edsger', 'Barbara', 'Ken'].map((name, i) => ({ id: `9999999${i}-9999-4999-8999-999999999999`, name }));
    const access = api.collab.access;
    api.collab.access = (name, token) => {
      const person = extra.find((candidate) => candidate.id === token);
      return person ? { user: person, readOnly: false } : access(name, token);
    };
    for (const person of extra) await colleagueSynced(api.collab.colleague(ISSUE_DOC, person.id));
    // Each person's presence arrives after their sync: the list is complete once the last one is counted.
    const more = () => app.container.querySelector('.app-presence-more');
    await until(() => more()?.textContent === '+2and 2 more: Barbara, Ken', 'the counted rest', { saw: () => presentNames(app.container) });
    expect(presentNames(app.container)).to.have.length(PRESENCE_SHOWN + 1);
    expect(more()!.getAttribute('title')).to.equal('Barbara, Ken');
    await expectAccessible(app.container);
  });

  it('says "Connecting…" and takes no typing until the document has arrived', async () => {
    const { api, app } = await issueScreen((fake) => (fake.collab.online = false));
    const description = await until(() => editorNamed(app.container, 'Description'), 'the description editor');
    await until(() => statusOf(app.container) === CollabWords.connecting, '"Connecting…"', { saw: () => statusOf(app.container) });
    expect(app.container.querySelector('.app-editor-box')!.getAttribute('aria-busy')).to.equal('true');
    await description.updateComplete;
    expect(textbox(description).getAttribute('contenteditable')).to.equal('false');
    expect(textbox(description).textContent, 'the value is never a seed').to.equal('');
    api.collab.reconnect();
    await syncedEditor(app.container, 'Description');
    expect(textbox(description).textContent).to.equal('The header overlaps the menu.');
    expect(textbox(description).getAttribute('contenteditable')).to.equal('true');
    expect(app.container.querySelector('.app-editor-box')!.getAttribute('aria-busy')).to.equal('false');
  });

  it('keeps editing offline, counts the changes waiting, has the browser ask before closing, and sends them when back', async () => {
    const { api, app } = await issueScreen();
    const description = await syncedEditor(app.container, 'Description');
    const grace = api.collab.colleague(ISSUE_DOC, OTHER_ID);
    await colleagueSynced(grace);
    api.collab.disconnect();
    await until(() => statusOf(app.container) === CollabWords.reconnecting, '"Offline: reconnecting…"', { saw: () => statusOf(app.container) });
    expect(app.container.querySelector('.app-editor-status')!.getAttribute('data-tone')).to.equal('warning');
    await typeAtEnd(description, '1');
    await until(() => statusOf(app.container) === CollabWords.waiting(1), '"Offline: 1 change waiting"', { saw: () => statusOf(app.container) });
    expect(CollabWords.waiting(1)).to.equal('Offline: 1 change waiting');
    await sendKeys({ type: '2' });
    await until(() => statusOf(app.container) === 'Offline: 2 changes waiting', '"Offline: 2 changes waiting"', { saw: () => statusOf(app.container) });
    expect(unloadPrevented(), 'the browser asks before closing with changes waiting').to.equal(true);
    api.collab.reconnect();
    await until(() => statusOf(app.container) === CollabWords.saved, '"Saved" once back', { saw: () => statusOf(app.container) });
    expect(unloadPrevented()).to.equal(false);
    await until(() => colleagueText(grace).endsWith('menu.12'), 'the changes at Grace’s', { saw: () => colleagueText(grace) });
    expectNoQuestion(app.container);
  });

  it('leaves at once with changes still waiting, asks nothing, and stores them when the connection is back', async () => {
    const { api, app } = await issueScreen();
    const description = await syncedEditor(app.container, 'Description');
    const grace = api.collab.colleague(ISSUE_DOC, OTHER_ID);
    await colleagueSynced(grace);
    await until(() => presentNames(app.container).length === 1, 'Grace present');
    await until(() => [...grace.awareness.getStates().values()].some((state) => (state as { user?: { id?: string } }).user?.id === USER_ID), 'the user present for Grace');
    api.collab.disconnect();
    await typeAtEnd(description, '!');
    await until(() => statusOf(app.container) === CollabWords.waiting(1), 'the change waiting');
    const list = paths.projectIssues('acme', PROJECT_ID);
    void app.router.navigate(list);
    await until(() => app.location() === list && !editorNamed(app.container, 'Description'), 'the issue list');
    expectNoQuestion(app.container);
    expect(unloadPrevented(), 'the browser still asks while the change waits').to.equal(true);
    api.collab.reconnect();
    await until(() => colleagueText(grace).endsWith('menu.!'), 'the change stored and at Grace’s', { saw: () => colleagueText(grace) });
    await until(() => !unloadPrevented(), 'nothing left to ask about');
    // The user is no longer present anywhere once they left.
    await until(() => ![...grace.awareness.getStates().values()].some((state) => (state as { user?: { id?: string } }).user?.id === USER_ID), 'the user gone for Grace');
  });

  it('makes a copy of the issue only once the server has stored the words typed a moment before', async () => {
    const { api, app } = await issueScreen();
    const description = await syncedEditor(app.container, 'Description');
    const held = await typeWhileHeld(api, app.container, description);
    const copied = askedAfterStored(api, 'POST', `${ISSUE}/copy`, held, () => issueDetail({ id: OTHER_ID, sequence_id: 8, key: 'WEB-8', name: 'Fix the header (copy)' }));
    await chooseFromMenu(app.container, 'Issue actions', 'Make a copy');
    await expectWaitingFor(app.container, 'Making a copy…', () => api.sent('POST', `${ISSUE}/copy`));
    held.release();
    await until(() => copied.length === 1, 'the copy asked for');
    expect(copied, 'asked for after the change was stored').to.deep.equal([true]);
    await until(() => app.location() === paths.issue('acme', PROJECT_ID, OTHER_ID), "the copy's page");
  });

  it('archives the issue only once the server has stored the words typed a moment before (an archived description refuses changes)', async () => {
    const { api, app } = await issueScreen();
    const description = await syncedEditor(app.container, 'Description');
    const held = await typeWhileHeld(api, app.container, description);
    const archived = askedAfterStored(api, 'POST', `${ISSUE}/archive`, held, () => issueDetail({ archived_at: '2026-12-03T10:00:00.000Z' }));
    await chooseFromMenu(app.container, 'Issue actions', 'Archive');
    await expectWaitingFor(app.container, 'Archiving…', () => api.sent('POST', `${ISSUE}/archive`));
    held.release();
    await until(() => archived.length === 1, 'the archive asked for');
    expect(archived, 'asked for after the change was stored').to.deep.equal([true]);
  });

  it('deletes the issue only once the server has stored the words typed a moment before (the toast can undo it, with them)', async () => {
    const { api, app } = await issueScreen();
    const description = await syncedEditor(app.container, 'Description');
    const held = await typeWhileHeld(api, app.container, description);
    const deleted = askedAfterStored(api, 'DELETE', ISSUE, held, () => undefined);
    await chooseFromMenu(app.container, 'Issue actions', 'Delete issue');
    const confirmation = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the confirmation');
    await click(byText(confirmation, 'button', 'Delete'));
    await until(() => byText(confirmation, 'button[aria-busy="true"]', 'Delete'), 'the deletion under way');
    expect(api.sent('DELETE', ISSUE), 'no deletion asked for while the change is on its way').to.deep.equal([]);
    held.release();
    await until(() => deleted.length === 1, 'the deletion asked for');
    expect(deleted, 'asked for after the change was stored').to.deep.equal([true]);
  });

  it('deletes issues from the list only once the server has stored the words typed a moment before in one of them', async () => {
    const { api, scene, app } = await issueScreen();
    scene.issues = [listedIssue(7, { id: ISSUE_ID, name: 'Fix the header' }), ...scene.issues];
    const description = await syncedEditor(app.container, 'Description');
    const held = await typeWhileHeld(api, app.container, description);
    const BULK = '/workspaces/:slug/projects/:projectId/bulk-delete-issues';
    const deleted = askedAfterStored(api, 'DELETE', BULK, held, () => ({ deleted: 1 }));
    // Left at once, the change still on its way.
    void app.router.navigate(paths.projectIssues('acme', PROJECT_ID));
    await until(() => !editorNamed(app.container, 'Description') && byText(app.container, 'a', 'Fix the header'), 'the issue list');
    await chooseMenuItem(app.container, 'More issue actions', 'Delete issues');
    const form = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the dialog');
    await click(await until(() => form.querySelector<HTMLInputElement>('input[type="checkbox"]'), 'the issues to pick'));
    await click(byText(form, 'button[type="submit"]', 'Delete selected issues'));
    await until(() => byText(form, 'button[type="submit"]', 'Deleting…'), 'the deletion under way');
    expect(api.sent('DELETE', BULK), 'no deletion asked for while the change is on its way').to.deep.equal([]);
    held.release();
    await until(() => deleted.length === 1, 'the deletion asked for');
    expect(deleted, 'asked for after the change was stored').to.deep.equal([true]);
    expect(api.sent('DELETE', BULK)[0]!.body).to.deep.equal({ issue_ids: [ISSUE_ID] });
  });

  it('archives a page only once the server has stored the words typed a moment before', async () => {
    const { seeded, page, app } = pageScreen();
    const editor = await syncedEditor(app.container, 'Page content');
    const held = await typeWhileHeld(seeded.api, app.container, editor);
    const archived = askedAfterStored(seeded.api, 'POST', '/workspaces/:slug/projects/:projectId/pages/:pageId/archive', held, () => ({ ...page, archived_at: '2026-12-03T10:00:00.000Z' }));
    await chooseFromMenu(app.container, 'Page actions', 'Archive page');
    // Nothing on the page says it waits; choosing waited for the menu to close, long after a request sent at once.
    expect(seeded.api.sent('POST', '/workspaces/:slug/projects/:projectId/pages/:pageId/archive'), 'no archive asked for while the change is on its way').to.deep.equal([]);
    held.release();
    await until(() => archived.length === 1, 'the archive asked for');
    expect(archived, 'asked for after the change was stored').to.deep.equal([true]);
  });

  it("says why when the server refuses the document, in the server's words", async () => {
    const reason = 'Your access to this document has ended.';
    const { app } = await issueScreen((fake) => (fake.collab.access = () => ({ refuse: 4403, reason })));
    const description = await until(() => editorNamed(app.container, 'Description'), 'the description editor');
    await until(() => statusOf(app.container) === reason, 'the reason', { saw: () => statusOf(app.container) });
    const status = app.container.querySelector('.app-editor-status')!;
    expect(status.getAttribute('data-tone')).to.equal('danger');
    expect(textbox(description).getAttribute('contenteditable')).to.equal('false');
    await expectAccessible(app.container);
  });

  it('edits a page together: a colleague renames a heading, the outline follows, and both see both edits', async () => {
    const { seeded, app } = pageScreen();
    const editor = await syncedEditor(app.container, 'Page content');
    const contents = () => [...app.container.querySelectorAll('nav[aria-label="Contents"] button')].map((entry) => entry.textContent);
    await until(() => contents().length === 4, 'the contents');
    const grace = seeded.api.collab.colleague(PAGE_DOC, OTHER_ID);
    await colleagueSynced(grace);
    await until(() => presentNames(app.container).join() === 'Grace', 'Grace present on the page');
    colleagueTypes(grace, 'duction');
    await until(() => contents()[0] === 'Introduction', "the outline after Grace's change", { saw: contents });
    await typeAtEnd(editor, '!');
    await until(() => colleagueText(grace).startsWith('Introduction!'), 'the user’s change at Grace’s', { saw: () => colleagueText(grace) });
    await until(() => statusOf(app.container) === CollabWords.saved, '"Saved"');
    expectNoQuestion(app.container);
    await expectAccessible(app.container);
  });

  describe('on a phone (390×844)', () => {
    beforeEach(async () => {
      await setViewport({ width: 390, height: 844 });
    });
    afterEach(async () => {
      await setViewport({ width: 800, height: 600 });
    });

    it('fits the avatars, the status line and the assistant in the width, without scrolling sideways', async () => {
      const { api, app } = await issueScreen();
      await syncedEditor(app.container, 'Description');
      for (const member of members.filter((candidate) => candidate.id !== USER_ID)) await colleagueSynced(api.collab.colleague(ISSUE_DOC, member.id));
      api.collab.disconnect();
      await until(() => statusOf(app.container) === CollabWords.reconnecting, 'offline');
      const bar = app.container.querySelector<HTMLElement>('.app-collab-bar')!;
      for (const part of bar.children) {
        const box = part.getBoundingClientRect();
        expect(box.right, `${part.className} inside the screen`).to.be.at.most(390);
        expect(box.left).to.be.at.least(0);
      }
      expect(document.documentElement.scrollWidth).to.be.at.most(390);
      await expectAccessible(app.container);
    });
  });
});
