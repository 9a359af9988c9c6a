import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { COMMENT_DRAFT_DAYS, commentDraftKey } from '../../../src/app/editor/comment-draft.js';
import { paths } from '../../../src/app/router/paths.js';
import { ISSUE_ID, OTHER_ID, PROJECT_ID, USER_ID } from './fixtures.js';
import { click } from './input.js';
import { button, cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { editorNamed, syncedEditor, textbox } from './shared-editors.js';

const ISSUE_URL = paths.issue('acme', PROJECT_ID, ISSUE_ID);
const COMMENTS = '/workspaces/:slug/projects/:projectId/issues/:issueId/comments';
const MINE = commentDraftKey(USER_ID, ISSUE_ID);

/** The issue page on a fake API that keeps posted comments, with its description's editor synced. */
async function openIssue(api = seededApi().api) {
  const posted: unknown[] = [];
  api.on('GET', COMMENTS, () => []).on('POST', COMMENTS, (request) => {
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

const draftHtml = () => (JSON.parse(localStorage.getItem(MINE) ?? 'null') as { html?: string } | null)?.html ?? null;

describe('the new comment box keeps what is written until it is posted', () => {
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

    // Another screen through the breadcrumb's project link, then Back (the memory router's history).
    const projectLink = app.container.querySelector<HTMLAnchorElement>(`nav[aria-label="Breadcrumb"] a[href$="${paths.projectIssues('acme', PROJECT_ID)}"]`);
    await click(projectLink);
    await until(() => !editorNamed(app.container, 'New comment'), 'the issue left');
    await app.router.navigate(-1);
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
    await until(() => reloaded.posted.length === 1 && !button(reloaded.app.container, 'Comment')!.disabled, 'the comment posted and the button back');
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

    const old = Date.now() - (COMMENT_DRAFT_DAYS + 1) * 86_400_000;
    localStorage.setItem(MINE, JSON.stringify({ html: '<p>Long ago</p>', at: old }));
    const second = await openIssue();
    expect(second.box.getHTML()).to.equal('');
    expect(localStorage.getItem(MINE), 'an old draft is removed').to.equal(null);
  });
});
