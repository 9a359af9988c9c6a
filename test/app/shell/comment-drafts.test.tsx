import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { DRAFT_DAYS, commentDraftKey } from '../../../src/app/editor/text-drafts.js';
import { paths } from '../../../src/app/router/paths.js';
import { ISSUE_ID, OTHER_ID, PROJECT_ID, USER_ID } from './fixtures.js';
import { click } from './input.js';
import { button, cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { editorNamed, syncedEditor, textbox } from './shared-editors.js';

const ISSUE_URL = paths.issue('acme', PROJECT_ID, ISSUE_ID);
const COMMENTS = '/workspaces/:slug/projects/:projectId/issues/:issueId/comments';
const MINE = commentDraftKey(USER_ID, ISSUE_ID);

/** The issue page on a fake API that keeps posted comments (beside `comments`), with its description's editor synced. */
async function openIssue(api = seededApi().api, comments: unknown[] = []) {
  const posted: unknown[] = [];
  api.on('GET', COMMENTS, () => comments).on('POST', COMMENTS, (request) => {
    posted.push(request.body);
    return { id: 'c1', comment_html: (request.body as { comment_html: string }).comment_html, actor: null, reactions: [], created_at: '2026-06-15T10:00:00.000Z', updated_at: '2026-06-15T10:00:00.000Z' };
  });
  const app = renderApp(ISSUE_URL, { api });
  await until(() => app.container.querySelector('h1')?.textContent === 'Fix the header', 'the issue');
  await syncedEditor(app.container, 'Description');
  const box = await until(() => editorNamed(app.container, 'New comment'), 'the new-comment box');
  await box.updateComplete;
  return { app, api, box, posted };
}

const draftHtml = (key = MINE) => (JSON.parse(localStorage.getItem(key) ?? 'null') as { html?: string } | null)?.html ?? null;

/** Leaves the issue through the breadcrumb's project link, as a user would, and comes back with Back (the memory router's history). */
async function leaveAndComeBack(app: Awaited<ReturnType<typeof openIssue>>['app'], back: string): Promise<void> {
  const projectLink = app.container.querySelector<HTMLAnchorElement>(`nav[aria-label="Breadcrumb"] a[href$="${paths.projectIssues('acme', PROJECT_ID)}"]`);
  await click(projectLink);
  await until(() => !editorNamed(app.container, back), 'the issue left');
  await app.router.navigate(-1);
}

describe('a comment, or an edit of one, being written is kept until it is posted or saved', () => {
  const clear = () => Object.keys(localStorage).filter((key) => key.startsWith('comment-draft:')).forEach((key) => localStorage.removeItem(key));
  beforeEach(clear);
  afterEach(() => {
    cleanup();
    clear();
  });

  it('through another screen and back, and a reload, and is forgotten once posted', async () => {
    const { app, box } = await openIssue();
    textbox(box).focus();
    await sendKeys({ type: 'Half a thought' });
    await until(() => draftHtml() === '<p>Half a thought</p>', 'the draft kept', { saw: () => localStorage.getItem(MINE) });

    await leaveAndComeBack(app, 'New comment');
    await until(() => editorNamed(app.container, 'New comment')?.getHTML() === '<p>Half a thought</p>', 'the draft back in the box', {
      saw: () => editorNamed(app.container, 'New comment')?.getHTML(),
    });

    // A reload: a new app on the same browser.
    cleanup();
    const reloaded = await openIssue();
    expect(reloaded.box.getHTML()).to.equal('<p>Half a thought</p>');
    textbox(reloaded.box).focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ', finished.' });
    await click(button(reloaded.app.container, 'Comment'));
    // Once the post has settled and the box drawn again (the button no longer busy), it stays empty.
    await until(() => reloaded.posted.length === 1 && !button(reloaded.app.container, 'Comment')!.hasAttribute('aria-busy'), 'the comment posted and the button back');
    expect(reloaded.posted).to.deep.equal([{ comment_html: '<p>Half a thought, finished.</p>' }]);
    expect(reloaded.box.getHTML()).to.equal('');
    expect(localStorage.getItem(MINE)).to.equal(null);
  });

  it('an emptied box forgets its draft; someone else on the same browser, and a draft left too long, show none', async () => {
    localStorage.setItem(commentDraftKey(OTHER_ID, ISSUE_ID), JSON.stringify({ html: '<p>Grace’s words</p>', at: Date.now() }));
    const first = await openIssue();
    expect(first.box.getHTML(), 'another person’s draft is not shown').to.equal('');
    textbox(first.box).focus();
    await sendKeys({ type: 'ab' });
    await until(() => draftHtml() === '<p>ab</p>', 'the draft kept');
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ press: 'Backspace' });
    await until(() => localStorage.getItem(MINE) === null, 'the emptied draft forgotten', { saw: () => localStorage.getItem(MINE) });
    cleanup();

    const old = Date.now() - (DRAFT_DAYS + 1) * 86_400_000;
    localStorage.setItem(MINE, JSON.stringify({ html: '<p>Long ago</p>', at: old }));
    const second = await openIssue();
    expect(second.box.getHTML()).to.equal('');
    expect(localStorage.getItem(MINE), 'an old draft is removed').to.equal(null);
  });

  it('an edit of a comment left unsaved comes back in its box until saved or cancelled; one of a version saved since is dropped', async () => {
    const ada = { id: USER_ID, display_name: 'Ada', first_name: 'Ada', is_bot: false, avatar: null };
    const comments = [{ id: 'c1', issue_id: ISSUE_ID, comment_html: '<p>First!</p>', actor: ada, reactions: [], created_at: '2026-06-15T09:00:00.000Z', updated_at: '2026-06-15T09:00:00.000Z' }];
    const EDIT = commentDraftKey(USER_ID, ISSUE_ID, 'c1');
    const api = seededApi().api;
    api.on('PATCH', `${COMMENTS}/:commentId`, (request) => {
      comments[0] = { ...comments[0]!, comment_html: (request.body as { comment_html: string }).comment_html, updated_at: '2026-06-15T11:00:00.000Z' };
      return comments[0];
    });
    const { app } = await openIssue(api, comments);
    const editable = () => {
      const editor = editorNamed(app.container, 'Comment by Ada');
      return editor && !editor.readonly ? editor : null;
    };
    /** Types `text` at the end of the comment being edited. */
    const typeAtEnd = async (text: string) => {
      const editing = await until(editable, 'the editable comment');
      await editing.updateComplete;
      textbox(editing).focus();
      await sendKeys({ press: 'End' });
      const end = editing.editorView!.state.doc.firstChild!.nodeSize - 1;
      await until(() => editing.editorView!.state.selection.head === end, 'the caret at the end', { saw: () => editing.editorView!.state.selection.toJSON() });
      await sendKeys({ type: text });
    };

    await click(await until(() => button(app.container, 'Edit comment by Ada'), 'the comment'));
    await typeAtEnd(' Or second');
    await until(() => draftHtml(EDIT) === '<p>First! Or second</p>', 'the edit kept', { saw: () => localStorage.getItem(EDIT) });
    await leaveAndComeBack(app, 'Comment by Ada');
    await until(() => editable()?.getHTML() === '<p>First! Or second</p>', 'the edit back, still being edited', { saw: () => editorNamed(app.container, 'Comment by Ada')?.getHTML() });

    // Cancel: the saved text again, and the edit forgotten.
    await click(button(app.container, 'Cancel'));
    await until(() => editorNamed(app.container, 'Comment by Ada')?.readonly, 'the comment read-only');
    expect(editorNamed(app.container, 'Comment by Ada')!.getHTML()).to.equal('<p>First!</p>');
    expect(localStorage.getItem(EDIT)).to.equal(null);

    // Saved: sent as typed, then forgotten.
    await click(button(app.container, 'Edit comment by Ada'));
    await typeAtEnd(' Third');
    await until(() => draftHtml(EDIT) === '<p>First! Third</p>', 'the second edit kept');
    await click(button(app.container, 'Save comment'));
    await until(() => api.sent('PATCH', `/workspaces/acme/projects/:projectId/issues/:issueId/comments/c1`).length === 1 && editorNamed(app.container, 'Comment by Ada')?.readonly, 'the edit saved');
    expect(api.sent('PATCH', `/workspaces/acme/projects/:projectId/issues/:issueId/comments/c1`)[0]!.body).to.deep.equal({ comment_html: '<p>First! Third</p>' });
    expect(localStorage.getItem(EDIT)).to.equal(null);
    cleanup();

    // An edit begun on the version before that save is not brought back over it.
    localStorage.setItem(EDIT, JSON.stringify({ html: '<p>Stale</p>', at: Date.now(), base: '2026-06-15T09:00:00.000Z' }));
    const again = await openIssue(seededApi().api, comments);
    const shown = await until(() => editorNamed(again.app.container, 'Comment by Ada'), 'the comment');
    await shown.updateComplete;
    expect(shown.readonly).to.equal(true);
    expect(shown.getHTML()).to.equal('<p>First! Third</p>');
    expect(localStorage.getItem(EDIT), 'the stale edit removed').to.equal(null);
  });
});
