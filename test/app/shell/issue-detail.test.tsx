import { absoluteTime } from '../../../src/app/widgets/activity-feed/index.js';
import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { COMMENT_EMPTY } from '../../../src/api-shapes/comment-empty.js';
import { issueRenamedMeanwhile } from '../../../src/api-shapes/issue-rename.js';
import { REACTIONS, type ReactionKey } from '../../../src/api-shapes/reactions.js';
import type { Comment } from '../../../src/app/api/types.js';
import { paths } from '../../../src/app/router/paths.js';
import { CollabWords } from '../../../src/app/editor/collab-status.js';
import { applyCustomTheme, contrast, type ThemeMode } from '../../../src/app/ui/theme.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { openActionMenu, openMenu } from './action-menus.js';
import { issueDetail, ISSUE_ID, members, OTHER_ID, project, PROJECT_ID, USER_ID, WORKSPACE_ID } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { colleagueSynced, editorNamed, presentNames, statusOf, syncedEditor, textbox } from './shared-editors.js';

const ISSUE_URL = paths.issue('acme', PROJECT_ID, ISSUE_ID);
const ASSET_ID = '12121212-1212-4212-8212-121212121212';

/** A computed colour (`rgb()`, or `color(srgb …)` for a color-mix) as #rrggbb. */
function hex(computed: string): string {
  const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(computed);
  const values = srgb ? srgb.slice(1, 4).map((c) => Math.round(Number(c) * 255)) : computed.match(/[\d.]+/g)!.slice(0, 3).map(Number);
  return `#${values.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
const PALETTE_TABLE =
  '<table><tbody><tr><th data-background="#d6e4fc"><p>Area</p></th><th data-background="#fde3cf"><p>Owner</p></th></tr>' +
  '<tr data-background="#fdf1c4"><td><p>Header</p></td><td><p>Ada</p></td></tr>' +
  '<tr><td data-background="#d3f1dc"><p>See <a href="https://example.com/spec">the spec</a></p></td><td data-background="#e8e8ea"><p>Use <code>z-index</code></p></td></tr></tbody></table>';

/**
 * The focused element at the moment an element matching `selector` appears in `root`, checked
 * at every change of the page (before any later frame or task could move focus).
 */
function focusWhenShown(root: HTMLElement, selector: string): Promise<Element | null> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!root.querySelector(selector)) return;
      observer.disconnect();
      resolve(document.activeElement);
    });
    observer.observe(root, { childList: true, subtree: true });
  });
}

/** The page's title as a button (members edit it in place). */
const titleButton = (app: { container: HTMLElement }) => app.container.querySelector<HTMLButtonElement>('h1 button')!;

async function openIssue(change?: Parameters<typeof seededApi>[0], setup: (api: ReturnType<typeof seededApi>['api']) => void = () => {}, themeMode?: ThemeMode) {
  const seeded = seededApi(change);
  setup(seeded.api);
  const app = renderApp(ISSUE_URL, { api: seeded.api, ...(themeMode ? { themeMode } : {}) });
  await until(() => app.container.querySelector('h1')?.textContent === 'Fix the header', 'the issue');
  const description = await syncedEditor(app.container, 'Description');
  return { ...seeded, app, description };
}

describe('issue detail screen', () => {
  afterEach(cleanup);

  it('shows the key with its state, the title, the description, links, attachments, comments and activity', async () => {
    const { app, description } = await openIssue((scene) => {
      scene.activities = [
        {
          id: 'a1',
          field: 'issue',
          verb: 'created',
          old_value: null,
          new_value: 'Fix the header',
          old_identifier: null,
          new_identifier: null,
          old_hidden: false,
          new_hidden: false,
          issue: ISSUE_ID,
          issue_detail: { name: 'Fix the header', sequence_id: 7 },
          deleted_issue_detail: null,
          project: PROJECT_ID,
          project_detail: { identifier: 'WEB' },
          workspace_detail: { slug: 'acme' },
          actor: { id: USER_ID, display_name: 'Ada', first_name: 'Ada', is_bot: false, avatar: null },
          created_at: new Date().toISOString(),
        },
        {
          // A relation to an issue of a project the reader cannot open: the server leaves out its key and id.
          id: 'a2',
          field: 'relates_to',
          verb: 'created',
          old_value: '',
          new_value: null,
          old_identifier: null,
          new_identifier: null,
          old_hidden: false,
          new_hidden: true,
          issue: ISSUE_ID,
          issue_detail: { name: 'Fix the header', sequence_id: 7 },
          deleted_issue_detail: null,
          project: PROJECT_ID,
          project_detail: { identifier: 'WEB' },
          workspace_detail: { slug: 'acme' },
          actor: { id: USER_ID, display_name: 'Ada', first_name: 'Ada', is_bot: false, avatar: null },
          created_at: new Date().toISOString(),
        },
      ];
    });
    expect(app.container.querySelector('nav[aria-label="Breadcrumb"]')!.textContent).to.equal('AcmeWebsiteWEB-7');
    expect(app.container.querySelector('.app-issue-meta')!.textContent).to.equal('In Progress');
    expect(textbox(description).textContent).to.equal('The header overlaps the menu.');
    expect([...app.container.querySelectorAll('.app-issue-page h2')].map((h) => h.textContent)).to.deep.equal(['Description', 'Properties', 'Sub-issues', 'Relations', 'Links', 'Attachments', 'Comments', 'Activity']);
    await until(() => app.container.querySelector('ol[aria-label="Activity"]')?.textContent?.includes('created the issue'), 'the activity feed');
    const sentences = [...app.container.querySelectorAll('ol[aria-label="Activity"] li p')].map((p) => p.textContent);
    expect(sentences[1]).to.match(/^Ada marked this issue as related to an issue you cannot open\. /);
    await expectAccessible(app.container);
  });

  it('edits the title in place: a click turns it into a field, Enter saves, Escape cancels', async () => {
    const { app, api, scene } = await openIssue();
    api.on('PATCH', '/workspaces/:slug/projects/:projectId/issues/:issueId', (request) => {
      scene.issue = { ...scene.issue, ...(request.body as object) };
      return scene.issue;
    });
    await click(titleButton(app));
    const input = field(app.container, 'Title');
    expect(document.activeElement).to.equal(input);
    expect(app.container.querySelector('h1')).to.equal(null);
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ' now' });
    // Focus is on the title the moment it is back (after the save's answer), never on the page's body.
    const saved = focusWhenShown(app.container, 'h1 button');
    await press('Enter');
    expect(await saved).to.equal(titleButton(app));
    expect(app.container.querySelector('h1')!.textContent).to.equal('Fix the header now');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/issues/:issueId')[0]!.body).to.deep.equal({ name: 'Fix the header now', name_base: 'Fix the header' });
    // From the keyboard: Enter on the focused title edits it.
    await press('Enter');
    await until(() => document.activeElement === field(app.container, 'Title'), 'the field');
    await sendKeys({ type: ' never' });
    const cancelled = focusWhenShown(app.container, 'h1 button');
    await press('Escape');
    expect(await cancelled).to.equal(titleButton(app));
    expect(app.container.querySelector('h1')!.textContent).to.equal('Fix the header now');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/issues/:issueId')).to.have.length(1);
  });

  it('saves the title when the field is left, and refuses an empty one', async () => {
    const { app, api, scene } = await openIssue();
    api.on('PATCH', '/workspaces/:slug/projects/:projectId/issues/:issueId', (request) => {
      scene.issue = { ...scene.issue, ...(request.body as object) };
      return scene.issue;
    });
    await click(titleButton(app));
    await sendKeys({ press: 'End' });
    for (let i = 0; i < 'Fix the header'.length; i += 1) await sendKeys({ press: 'Backspace' });
    await press('Enter');
    await until(() => byText(app.container, '[role="alert"]', 'Issue title is required.'), 'the refusal');
    expect(field(app.container, 'Title').getAttribute('aria-invalid')).to.equal('true');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/issues/:issueId')).to.have.length(0);
    await sendKeys({ type: 'Header fixed' });
    await press('Tab');
    await until(() => app.container.querySelector('h1')?.textContent === 'Header fixed', 'the title saved on blur');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/issues/:issueId').map((request) => request.body)).to.deep.equal([{ name: 'Header fixed', name_base: 'Fix the header' }]);
  });

  it('says so when someone renamed the issue meanwhile, keeps the typed title, and saves it on the next Enter', async () => {
    const { app, api, scene } = await openIssue();
    api.on('PATCH', '/workspaces/:slug/projects/:projectId/issues/:issueId', (request) => {
      const { name, name_base: base } = request.body as { name: string; name_base: string };
      if (base !== scene.issue.name) return reply(409, { error: issueRenamedMeanwhile(scene.issue.name), current: { name: scene.issue.name } });
      scene.issue = { ...scene.issue, name };
      return scene.issue;
    });
    await click(titleButton(app));
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ' now' });
    // Grace renames it meanwhile, and this page has not heard of it.
    scene.issue = { ...scene.issue, name: 'Fix the header on phones' };
    await press('Enter');
    const sentence = issueRenamedMeanwhile('Fix the header on phones');
    await until(() => byText(app.container, '[role="alert"]', sentence), 'the refusal with her title');
    expect(field(app.container, 'Title').value, 'the typed title kept').to.equal('Fix the header now');
    expect(document.activeElement).to.equal(field(app.container, 'Title'));
    // The page read the issue again, so the next Enter saves from her title, knowingly.
    await until(() => api.sent('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId').length > 1, 'the issue read again');
    // Our own new title coming back is nobody's rename: the field never says so, not even for a frame.
    const said: string[] = [];
    const watch = new MutationObserver(() => said.push(app.container.querySelector('[role="alert"]')?.textContent ?? ''));
    watch.observe(app.container, { subtree: true, childList: true, characterData: true });
    const saved = focusWhenShown(app.container, 'h1 button');
    await press('Enter');
    await saved;
    watch.disconnect();
    expect(said.filter((text) => text.includes('“Fix the header now”'))).to.deep.equal([]);
    expect(app.container.querySelector('h1')!.textContent).to.equal('Fix the header now');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/issues/:issueId').map((request) => (request.body as { name_base: string }).name_base)).to.deep.equal([
      'Fix the header',
      'Fix the header on phones',
    ]);
  });

  it("shows the server's refusal of a title under the field", async () => {
    const { app, api } = await openIssue();
    api.on('PATCH', '/workspaces/:slug/projects/:projectId/issues/:issueId', () => reply(400, { error: 'Issue name is required.' }));
    await click(titleButton(app));
    await sendKeys({ type: 'x' });
    await press('Enter');
    await until(() => byText(app.container, '[role="alert"]', 'Issue name is required.'), 'the refusal');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe, colour contrast included, in the ${theme} theme with coloured table cells in the description and a colleague present`, async () => {
      const { app, api, description } = await openIssue((scene) => (scene.issue = issueDetail({ description_html: `<p>Areas:</p>${PALETTE_TABLE}` })), undefined, theme);
      await until(() => textbox(description).querySelector('td code'), 'the table');
      await colleagueSynced(api.collab.colleague(`issue-description:${ISSUE_ID}`, OTHER_ID));
      await until(() => presentNames(app.container).join() === 'Grace', 'Grace present');
      expect(document.documentElement.dataset.theme).to.equal(theme);
      await expectAccessible(app.container);
    });
  }

  it('on a dark custom theme keeps Delete issue in its menu readable (highlighted too), rings the grey state dot and darkens the sidebar scrollbar', async () => {
    const { app } = await openIssue(undefined, undefined, 'dark');
    applyCustomTheme({ theme: 'custom', background: '#1e1e2e', text: '#cdd6f4', primary: '#89b4fa', sidebarBackground: '#181825', sidebarText: '#cdd6f4', darkPalette: true, palette: '' });
    const page = hex(getComputedStyle(document.body).backgroundColor);
    const menu = await openActionMenu(app.container, 'Issue actions');
    const remove = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent === 'Delete issue')!;
    const backdrop = (element: HTMLElement) => getComputedStyle(element).backgroundColor === 'rgba(0, 0, 0, 0)' ? getComputedStyle(menu).backgroundColor : getComputedStyle(element).backgroundColor;
    const readable = () => contrast(hex(getComputedStyle(remove).color), hex(backdrop(remove)));
    expect(readable(), 'Delete issue').to.be.at.least(4.5);
    const box = remove.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
    await until(() => remove.hasAttribute('data-highlighted'), 'Delete issue highlighted');
    expect(readable(), 'Delete issue, highlighted').to.be.at.least(4.5);
    await sendMouse({ type: 'move', position: [0, 0] });
    await press('Escape');
    await until(() => !document.querySelector('[role="menu"]'), 'the menu closed');
    const dot = app.container.querySelector<HTMLElement>('nav[aria-label="Breadcrumb"] .app-state-dot')!;
    expect(contrast(hex(getComputedStyle(dot).borderTopColor), page), 'the state dot ring').to.be.at.least(3);
    const sidebar = app.container.querySelector<HTMLElement>('.app-sidebar')!;
    expect(getComputedStyle(document.documentElement).colorScheme).to.equal('dark');
    // Where the engine colours scrollbars at all (WebKitGTK 2.50 has no scrollbar-color).
    if (CSS.supports('scrollbar-color', 'red blue')) {
      const [thumb] = getComputedStyle(sidebar).scrollbarColor.split(/\s(?![^(]*\))/);
      expect(contrast(hex(thumb!), hex(getComputedStyle(sidebar).backgroundColor)), 'the sidebar scrollbar').to.be.at.least(2);
    }
  });

  it('gives the editor the workspace members as mentions, highlights the user, and routes mention clicks', async () => {
    const { app, description } = await openIssue((scene) => {
      scene.issue = issueDetail({
        description_html: `<p>Ask <span data-type="mention" data-id="${OTHER_ID}" data-label="Grace" data-redirect-uri="/acme/profile/${OTHER_ID}" data-entity-identifier="${OTHER_ID}">@Grace</span></p>`,
      });
    });
    const suggestions = await description.mentionSuggestions!('');
    expect(suggestions).to.deep.equal(
      members.map((member) => ({
        id: member.id,
        title: member.display_name,
        entity_identifier: member.id,
        entity_name: 'user_mention',
        redirect_uri: `/acme/profile/${member.id}`,
      })),
    );
    expect(await description.mentionHighlights!()).to.deep.equal([USER_ID]);
    const mention = await until(() => textbox(description).querySelector('.mention'), 'the mention');
    await click(mention);
    await until(() => app.location() === `/acme/profile/${OTHER_ID}`, 'the profile');
  });

  it('uploads, deletes and restores images through the workspace file assets', async () => {
    const { api, description } = await openIssue();
    const asset = `/api/workspaces/file-assets/${WORKSPACE_ID}/${ASSET_ID}`;
    api
      .on('POST', '/workspaces/:slug/file-assets', () => reply(201, { id: ASSET_ID, asset }))
      .on('DELETE', '/workspaces/file-assets/:assetId', () => undefined)
      .on('POST', '/workspaces/file-assets/:assetId/restore', () => undefined);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    expect(await description.uploadFile!(file, { signal: new AbortController().signal, onProgress: () => {} })).to.equal(asset);
    const upload = api.sent('POST', '/workspaces/acme/file-assets')[0]!;
    expect(JSON.parse((upload.body as FormData).get('attributes') as string)).to.deep.equal({ entity_name: 'ISSUE_DESCRIPTION', entity_identifier: ISSUE_ID });
    await description.deleteFile!(asset);
    await description.restoreFile!(asset);
    expect(api.sent('DELETE', `/workspaces/file-assets/${ASSET_ID}`)).to.have.length(1);
    expect(api.sent('POST', `/workspaces/file-assets/${ASSET_ID}/restore`)).to.have.length(1);
    // An image from elsewhere is not ours to delete.
    expect(description.deleteFile!('https://images.example.test/cat.png')).to.equal(undefined);
  });

  it('adds a link through the link dialog', async () => {
    const { app, api } = await openIssue();
    const links: object[] = [];
    api
      .on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId/links', () => links)
      .on('POST', '/workspaces/:slug/projects/:projectId/issues/:issueId/links', (request) => {
        const link = { id: 'l1', created_by: USER_ID, created_at: new Date().toISOString(), ...(request.body as object) };
        links.push(link);
        return reply(201, link);
      });
    await until(() => app.container.textContent?.includes('No links yet.'), 'the empty links');
    await click(button(app.container, 'Add link'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the link dialog');
    const url = [...dialog.querySelectorAll('input')][0]!;
    await typeInto(url, 'https://example.test/spec');
    await press('Enter');
    await until(() => byText(app.container, 'a', 'https://example.test/spec'), 'the new link');
    expect(api.sent('POST', '/workspaces/acme/projects/:projectId/issues/:issueId/links')[0]!.body).to.deep.equal({ url: 'https://example.test/spec', title: null });
  });

  it('lists comments in read-only editors, posts a new one, and lets the author edit theirs, marked as edited', async () => {
    const EDITED_AT = '2025-01-03T09:30:00.000Z';
    const comments = [
      { id: 'c1', issue_id: ISSUE_ID, comment_html: '<p>First!</p>', actor: { id: USER_ID, display_name: 'Ada', first_name: 'Ada', is_bot: false, avatar: null }, reactions: [], created_at: '2025-01-02T10:00:00.000Z', updated_at: '2025-01-02T10:00:00.000Z' },
      { id: 'c2', issue_id: ISSUE_ID, comment_html: '<p>Agreed.</p>', actor: { id: OTHER_ID, display_name: 'Grace', first_name: 'Grace', is_bot: false, avatar: null }, reactions: [], created_at: '2025-01-02T11:00:00.000Z', updated_at: '2025-01-02T11:00:00.000Z' },
    ];
    const { app, api } = await openIssue(undefined, (fake) =>
      fake
        .on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId/comments', () => comments)
        .on('POST', '/workspaces/:slug/projects/:projectId/issues/:issueId/comments', (request) => {
          const comment = { ...comments[0]!, id: 'c3', comment_html: (request.body as { comment_html: string }).comment_html };
          comments.push(comment);
          return reply(201, comment);
        })
        .on('PATCH', '/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId', (request) => {
          // As the server does: the change moves updated_at on.
          comments[0] = { ...comments[0]!, comment_html: (request.body as { comment_html: string }).comment_html, updated_at: EDITED_AT };
          return comments[0];
        }),
    );
    const first = await until(() => editorNamed(app.container, 'Comment by Ada'), 'the comments');
    expect(app.container.querySelector('.app-comment-edited'), 'no comment changed yet').to.equal(null);
    await first.updateComplete;
    expect(first.readonly).to.equal(true);
    expect(textbox(first).textContent).to.equal('First!');
    // When, as the activity beside it says it ("3 days ago"), the date and time in full on hover.
    const when = app.container.querySelector('.app-comment time')!;
    expect(when.getAttribute('title')).to.equal(absoluteTime(comments[0]!.created_at));
    expect(when.textContent).to.not.equal(new Date(comments[0]!.created_at).toLocaleString());
    // Ada (an admin here) may change both; a member could change only their own.
    expect(button(app.container, 'Edit comment by Ada')).to.not.equal(null);

    const fresh = editorNamed(app.container, 'New comment')!;
    await fresh.updateComplete;
    // Nothing written: said at once, nothing sent; the words go once the user writes.
    await click(button(app.container, 'Comment'));
    await until(() => app.container.textContent!.includes(COMMENT_EMPTY), 'the empty-comment message');
    expect(api.sent('POST', '/workspaces/acme/projects/:projectId/issues/:issueId/comments')).to.have.length(0);
    await until(() => fresh.editorView!.hasFocus(), 'focus back in the new comment');
    await sendKeys({ type: 'Looks good' });
    await until(() => !app.container.textContent!.includes(COMMENT_EMPTY), 'the message gone as the user writes');
    await click(button(app.container, 'Comment'));
    await until(() => editorNamed(app.container, 'Comment by Ada') && app.container.querySelectorAll('.app-comment').length === 3, 'the new comment');
    expect(api.sent('POST', '/workspaces/acme/projects/:projectId/issues/:issueId/comments')[0]!.body).to.deep.equal({ comment_html: '<p>Looks good</p>' });
    await until(() => textbox(editorNamed(app.container, 'New comment')!).textContent === '', 'the cleared new-comment editor');
    // The button was disabled while it sent: focus is back in the box, for the next comment.
    await until(() => editorNamed(app.container, 'New comment')!.editorView!.hasFocus(), 'focus in the new comment box');

    await click(button(app.container, 'Edit comment by Ada'));
    const editing = await until(() => {
      const editor = editorNamed(app.container, 'Comment by Ada');
      return editor && !editor.readonly ? editor : null;
    }, 'the editable comment');
    // Edit puts the caret at the end of the comment's text, typed into at once.
    const end = () => editing.editorView!.state.doc.firstChild!.nodeSize - 1;
    await until(() => editing.editorView?.hasFocus() && editing.editorView.state.selection.head === end(), 'the caret at the end of the comment', {
      saw: () => editing.editorView?.state.selection.toJSON(),
    });
    await sendKeys({ type: ' (edited)' });
    // Saved with Ctrl+Enter, as the Save button would.
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Control' });
    await until(() => api.sent('PATCH', '/workspaces/acme/projects/:projectId/issues/:issueId/comments/c1').length === 1, 'the comment save');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/issues/:issueId/comments/c1')[0]!.body).to.deep.equal({ comment_html: '<p>First! (edited)</p>' });
    // Saved: focus back on the comment's Edit button, where editing started.
    await until(() => document.activeElement === button(app.container, 'Edit comment by Ada'), 'focus on the Edit button');
    // Everyone sees that it was changed, and when (the activity says who).
    const edited = await until(() => app.container.querySelector<HTMLElement>('.app-comment-edited'), 'the edited mark');
    expect(edited.textContent).to.equal('(edited)');
    expect(edited.getAttribute('title')).to.equal(`Edited ${absoluteTime(EDITED_AT)}`);
    expect(edited.closest('li')!.getAttribute('aria-label')).to.equal('Comment by Ada');
  });

  it('asks before deleting a comment: Escape keeps it, Delete removes it and focus goes to the comments', async () => {
    const grace = { id: OTHER_ID, display_name: 'Grace', first_name: 'Grace', is_bot: false, avatar: null };
    const comments = [{ id: 'c1', issue_id: ISSUE_ID, comment_html: '<p>Ship it.</p>', actor: grace, reactions: [], created_at: '2025-01-02T10:00:00.000Z', updated_at: '2025-01-02T10:00:00.000Z' }];
    const COMMENT = '/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId';
    const { app, api } = await openIssue(undefined, (fake) =>
      fake.on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId/comments', () => comments).on('DELETE', COMMENT, () => {
        comments.splice(0, 1);
        return reply(204);
      }),
    );
    const remove = await until(() => button(app.container, 'Delete comment by Grace'), 'the comment');
    await click(remove);
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the confirmation');
    expect(dialog.textContent).to.contain('Delete comment');
    await press('Escape');
    await until(() => !document.querySelector('[role="dialog"]'), 'the dialog closed');
    await until(() => document.activeElement === remove, 'focus back on Delete');
    expect(api.sent('DELETE', COMMENT)).to.deep.equal([]);
    expect(editorNamed(app.container, 'Comment by Grace')).to.not.equal(null);

    await press('Enter');
    await click(await until(() => button(document.querySelector('[role="dialog"]')!, 'Delete'), 'the Delete button'));
    await until(() => !editorNamed(app.container, 'Comment by Grace'), 'the comment gone');
    expect(api.sent('DELETE', COMMENT).map((request) => request.path)).to.deep.equal(['/api/workspaces/acme/projects/:projectId/issues/:issueId/comments/c1'.replace(':projectId', PROJECT_ID).replace(':issueId', ISSUE_ID)]);
    await until(() => document.activeElement === app.container.querySelector('#issue-comments-heading'), 'focus on the comments heading', { saw: () => document.activeElement });
  });

  it("shows each reaction with who gave it, takes one's own back, and adds one from the menu; a viewer only sees them", async () => {
    const grace = { id: OTHER_ID, display_name: 'Grace', first_name: 'Grace', is_bot: false, avatar: null };
    let comment: Comment = {
      id: 'c1',
      issue_id: ISSUE_ID,
      comment_html: '<p>Shipped.</p>',
      actor: grace,
      reactions: [
        { reaction: 'rocket', user_ids: [OTHER_ID] },
        { reaction: 'thumbs_up', user_ids: [OTHER_ID, USER_ID] },
      ],
      created_at: '2025-01-02T10:00:00.000Z',
      updated_at: '2025-01-02T10:00:00.000Z',
    };
    const REACTION = '/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId/reactions/:reaction';
    const change = (reaction: ReactionKey, give: boolean) => {
      const others = comment.reactions.filter((each) => each.reaction !== reaction);
      const before = comment.reactions.find((each) => each.reaction === reaction)?.user_ids.filter((id) => id !== USER_ID) ?? [];
      const users = give ? [...before, USER_ID] : before;
      comment = { ...comment, reactions: users.length ? [...others, { reaction, user_ids: users }] : others };
      return comment;
    };
    const { app, api } = await openIssue(undefined, (fake) =>
      fake
        .on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId/comments', () => [comment])
        .on('PUT', REACTION, (request) => change(request.params.reaction as ReactionKey, true))
        .on('DELETE', REACTION, (request) => change(request.params.reaction as ReactionKey, false)),
    );
    const group = await until(() => app.container.querySelector<HTMLElement>('.app-comment [role="group"][aria-label="Reactions"]'), 'the reactions');
    const chips = () => [...group.querySelectorAll<HTMLButtonElement>('.app-reaction')].map((chip) => [chip.getAttribute('aria-label'), chip.getAttribute('aria-pressed'), chip.textContent]);
    await until(() => chips()[0]?.[0] === '1 Rocket: Grace', "the members' names");
    expect(chips()).to.deep.equal([
      ['1 Rocket: Grace', 'false', '🚀 1'],
      ['2 Thumbs up: you and Grace', 'true', '👍 2'],
    ]);
    // One's own is taken back with a click.
    await click(button(group, '2 Thumbs up: you and Grace'));
    await until(() => chips()[1]?.[0] === '1 Thumbs up: Grace', 'the reaction taken back');
    expect(chips()[1]).to.deep.equal(['1 Thumbs up: Grace', 'false', '👍 1']);
    expect(api.sent('DELETE', REACTION).map((request) => request.params.reaction)).to.deep.equal(['thumbs_up']);
    // Another, from the menu, with the keyboard.
    button(group, 'Add reaction')!.focus();
    await press('Enter');
    const menu = await openMenu();
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).to.deep.equal(REACTIONS.map((reaction) => `${reaction.emoji} ${reaction.name}`));
    await until(() => document.activeElement?.textContent === '👍 Thumbs up', 'focus in the menu');
    for (let step = 0; step < 3; step++) await press('ArrowDown');
    await press('Enter');
    await until(() => chips().length === 3, 'the new reaction');
    expect(chips()[2]).to.deep.equal(['1 Hooray: you', 'true', '🎉 1']);
    expect(api.sent('PUT', REACTION).map((request) => request.params.reaction)).to.deep.equal(['hooray']);
    await expectAccessible(app.container.querySelector('.app-comment')!);
    cleanup();

    const viewer = await openIssue((scene) => (scene.projects = [project(10)]), (fake) => fake.on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId/comments', () => [comment]));
    const shown = await until(() => viewer.app.container.querySelector<HTMLElement>('.app-comment [role="group"][aria-label="Reactions"]'), 'the reactions');
    expect(button(shown, 'Add reaction')).to.equal(null);
    const rocket = shown.querySelector<HTMLButtonElement>('.app-reaction')!;
    expect(rocket.getAttribute('aria-disabled')).to.equal('true');
    await click(rocket);
    expect(viewer.api.sent('PUT', REACTION)).to.have.length(0);
  });

  it('is read-only for a viewer, who is present all the same: "Read-only", no new comment, no adding links', async () => {
    const { app, api, description } = await openIssue((scene) => (scene.projects = [project(10)]));
    await until(() => description.readonly, 'a read-only description');
    expect(statusOf(app.container)).to.equal(CollabWords.readOnly);
    expect(textbox(description).getAttribute('contenteditable')).to.equal('false');
    // A colleague on the issue sees the viewer among those present.
    const grace = api.collab.colleague(`issue-description:${ISSUE_ID}`, OTHER_ID);
    await colleagueSynced(grace);
    await until(() => [...grace.awareness.getStates().values()].some((state) => (state as { user?: { id?: string } }).user?.id === USER_ID), 'the viewer present for Grace');
    await until(() => presentNames(app.container).join() === 'Grace', 'Grace present for the viewer', { saw: () => presentNames(app.container) });
    expect(app.container.querySelector('h1 button')).to.equal(null);
    expect(editorNamed(app.container, 'New comment')).to.equal(null);
    await until(() => button(app.container, 'Add link'), 'the links');
    expect(button(app.container, 'Add link')!.disabled).to.equal(true);
    await expectAccessible(app.container);
  });

  for (const [who, role] of [['a guest', 5], ['a viewer', 10]] as const) {
    it(`gives ${who} the links read-only: Add link and Edit disabled with the reason`, async () => {
      const link = { id: 'l1', title: 'Spec', url: 'https://example.test/spec', created_by: USER_ID, created_at: '2025-01-02T10:00:00.000Z' };
      const { app, api } = await openIssue(
        (scene) => (scene.projects = [project(role)]),
        (fake) => fake.on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId/links', () => [link]),
      );
      const add = await until(() => button(app.container, 'Add link'), 'the links');
      expect(add.disabled).to.equal(true);
      expect(add.title).to.equal('Guests and viewers cannot add links.');
      const edit = await until(() => button(app.container, 'Edit link Spec'), 'the link');
      expect(edit.disabled).to.equal(true);
      expect(document.getElementById(edit.getAttribute('aria-describedby')!)!.textContent).to.equal('Guests and viewers cannot edit or delete links.');
      expect(button(app.container, 'Copy link Spec')!.disabled, 'copying is for everyone').to.equal(false);
      await click(edit);
      await click(add);
      expect(document.querySelector('[role="dialog"]'), 'no dialog opens').to.equal(null);
      expect(api.sent('PATCH', '/workspaces/:slug/projects/:projectId/issues/:issueId/links/:linkId')).to.deep.equal([]);
      await expectAccessible(app.container);
    });
  }

  it('shows not-found for an issue that does not exist', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.issue('acme', PROJECT_ID, '00000000-0000-4000-8000-000000000000'), { api });
    await until(() => app.container.querySelector('h1')?.textContent === 'Page not found', 'the not-found screen');
  });
});
