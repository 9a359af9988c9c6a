import { expect } from '@open-wc/testing';
import { CollabWords } from '../../../src/app/editor/collab-status.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { ISSUE_ID, OTHER_ID, PROJECT_ID } from './fixtures.js';
import { chooseFromMenu, menuEntries, openActionMenu } from './action-menus.js';
import { click, press, typeInto } from './input.js';
import { button, byText, cleanup, renderApp, reply, until, untilFocusedIn } from './render.js';
import { seededApi } from './seeded-api.js';
import { editorNamed, statusOf, syncedEditor, textbox } from './shared-editors.js';
import { isolated } from '../../../src/app/ui/bidi.js';

const ISSUE_URL = paths.issue('acme', PROJECT_ID, ISSUE_ID);
const ISSUE_PATH = '/workspaces/:slug/projects/:projectId/issues/:issueId';
const AI_PATH = '/workspaces/:slug/projects/:projectId/ai-assistant';

async function openIssue(setup: (api: ReturnType<typeof seededApi>['api'], scene: ReturnType<typeof seededApi>['scene']) => void = () => {}) {
  const seeded = seededApi();
  seeded.api
    .on('GET', '/workspaces/:slug/projects/:projectId/members', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/labels', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/search-issues', () => []);
  setup(seeded.api, seeded.scene);
  const app = renderApp(ISSUE_URL, { api: seeded.api });
  await until(() => app.container.querySelector('h1')?.textContent === 'Fix the header', 'the issue');
  const description = await syncedEditor(app.container, 'Description');
  return { ...seeded, app, description };
}

describe('issue AI assistant', () => {
  afterEach(cleanup);

  it("asks with the description's text and inserts the chosen response into the shared description, stored as any change", async () => {
    const { app, api, description } = await openIssue((fake) => {
      fake.on('POST', AI_PATH, () => ({ response: 'Shorter.', response_html: '<p>Shorter.</p>' }));
    });
    await click(button(app.container, 'AI assistant'));
    const task = await until(() => document.querySelector<HTMLInputElement>('.ai-assistant input'), 'the task field');
    await until(() => document.activeElement === task, 'focus in the task');
    await typeInto(task, 'Make it shorter');
    await press('Enter');
    const use = await until(() => button(document.body, 'Use this response'), 'the response');
    const asked = api.sent('POST', AI_PATH);
    expect(asked).to.have.length(1);
    expect(asked[0]!.path).to.equal(`/api/workspaces/acme/projects/${PROJECT_ID}/ai-assistant/`);
    expect(asked[0]!.body).to.deep.equal({ prompt: 'The header overlaps the menu.', task: 'Make it shorter' });
    await click(use);
    await until(() => textbox(description).textContent?.includes('Shorter.'), 'the inserted response');
    await until(() => statusOf(app.container) === CollabWords.saved, 'the saved note', { saw: () => statusOf(app.container) });
    const stored = api.collab.colleague(`issue-description:${ISSUE_ID}`, OTHER_ID);
    await until(() => stored.current.status === 'synced', 'a second editor synced');
    const text = stored.fragment.toDOM().textContent ?? '';
    expect(text).to.contain('Shorter.');
    expect(text).to.contain('The header overlaps the menu.');
  });

  it("shows the server's refusal from the assistant", async () => {
    const { app } = await openIssue((fake) => fake.on('POST', AI_PATH, () => reply(503, { error: 'The AI assistant is not available on this server.' })));
    await click(button(app.container, 'AI assistant'));
    const task = await until(() => document.querySelector<HTMLInputElement>('.ai-assistant input'), 'the task field');
    await typeInto(task, 'Summarise');
    await press('Enter');
    await until(() => byText(document.body, '.ai-assistant [role="alert"]', 'The AI assistant is not available on this server.'), 'the refusal');
    await press('Escape');
  });

  it('shows the description as formatted text, and sends it as markdown', async () => {
    const { app, api } = await openIssue((fake, scene) => {
      scene.issue = { ...scene.issue, description_html: '<p>The <strong>header</strong> overlaps the <em>menu</em>.</p>' };
      fake.on('POST', AI_PATH, () => ({ response: 'Shorter.', response_html: '<p>Shorter.</p>' }));
    });
    await click(button(app.container, 'AI assistant'));
    const content = await until(() => document.querySelector<HTMLElement>('.ai-assistant [aria-label="Content"] rich-editor'), 'the content');
    const shown = await until(() => content.shadowRoot?.querySelector<HTMLElement>('[role="textbox"]'), 'the rendered content');
    await until(() => shown.textContent === 'The header overlaps the menu.', 'the content as text');
    expect(shown.querySelector('strong')!.textContent).to.equal('header');
    expect(document.querySelector('.ai-assistant')!.textContent).not.to.match(/\*\*|_menu_|\*menu\*/);
    const task = document.querySelector<HTMLInputElement>('.ai-assistant input')!;
    await typeInto(task, 'Make it shorter');
    await press('Enter');
    await until(() => api.sent('POST', AI_PATH).length === 1, 'the request');
    expect((api.sent('POST', AI_PATH)[0]!.body as { prompt: string }).prompt).to.equal('The **header** overlaps the *menu*.');
    await press('Escape');
  });
});

describe('issue actions', () => {
  afterEach(cleanup);

  it('unsubscribes and subscribes again', async () => {
    const { app, api } = await openIssue((fake) => {
      fake.on('POST', `${ISSUE_PATH}/subscribe`, () => ({ subscribed: true }));
      fake.on('DELETE', `${ISSUE_PATH}/subscribe`, () => ({ subscribed: false }));
    });
    await click(button(app.container, 'Unsubscribe'));
    await until(() => button(app.container, 'Subscribe'), 'the subscribe button');
    expect(api.sent('DELETE', `${ISSUE_PATH}/subscribe`)).to.have.length(1);
    await click(button(app.container, 'Subscribe'));
    await until(() => button(app.container, 'Unsubscribe'), 'the unsubscribe button');
    expect(api.sent('POST', `${ISSUE_PATH}/subscribe`)).to.have.length(1);
    await expectAccessible(app.container);
  });

  it('archives and restores, with the activity refreshed; an archived issue is read-only until restored', async () => {
    const { app, api, scene, description } = await openIssue((fake, scene) => {
      fake.on('POST', `${ISSUE_PATH}/archive`, () => (scene.issue = { ...scene.issue, archived_at: '2025-02-01T00:00:00.000Z' }));
      fake.on('POST', `${ISSUE_PATH}/restore`, () => (scene.issue = { ...scene.issue, archived_at: null }));
    });
    const feedReads = () => api.sent('GET', `${ISSUE_PATH}/activities`).length;
    const editable = () => textbox(description).getAttribute('contenteditable') === 'true';
    const properties = () => app.container.querySelector<HTMLElement>('aside[aria-label="Properties"]')!;
    await until(() => feedReads() === 1, 'the first feed');
    expect(editable(), 'editable before').to.equal(true);
    expect(editorNamed(app.container, 'New comment'), 'a comment can be added before').to.not.equal(null);
    expect(button(app.container, 'Upload files')!.disabled, 'files can be uploaded before').to.equal(false);
    await chooseFromMenu(app.container, 'Issue actions', 'Archive');
    await until(() => byText(app.container, '.app-note', 'This issue is archived.'), 'the archived note');
    await until(() => byText(document.body, '.app-toast', 'Issue WEB-7 archived.'), 'the toast');
    await until(() => feedReads() === 2, 'the feed read again');
    // Nothing the issue holds can be changed while it is archived, and the page says why.
    await until(() => !editable(), 'the description read-only');
    expect(properties().textContent).to.contain('This issue is archived: restore it to change it.');
    expect(properties().querySelector('button'), 'no property pickers').to.equal(null);
    expect(editorNamed(app.container, 'New comment'), 'no new comment').to.equal(null);
    expect(button(app.container, 'Upload files')!.disabled, 'no upload').to.equal(true);
    // Restored from the note's button: focus goes to the actions beside it, and everything is editable again.
    await click(button(app.container, 'Restore')!);
    await until(() => !byText(app.container, '.app-note', 'This issue is archived.'), 'the archived note gone');
    await until(() => document.activeElement === button(app.container, 'Issue actions'), 'focus on the actions');
    await until(() => byText(document.body, '.app-toast', 'Issue WEB-7 restored.'), 'the restored toast');
    await until(editable, 'the description editable again');
    expect(scene.issue.archived_at).to.equal(null);
    expect(menuEntries(await openActionMenu(app.container, 'Issue actions'))).to.deep.equal(['Copy link', 'Copy branch name', 'Make a copy', 'Archive', 'Delete issue']);
    await press('Escape');
    // The archive toast's Undo restores too (the first archive's toast may still show: the new one is another element).
    const shownBefore = new Set(document.querySelectorAll('.app-toast'));
    await chooseFromMenu(app.container, 'Issue actions', 'Archive');
    const toast = await until(
      () => [...document.querySelectorAll<HTMLElement>('.app-toast')].find((each) => !shownBefore.has(each) && each.textContent!.includes('archived.') && button(each, 'Undo')),
      'the second toast',
    );
    await click(button(toast, 'Undo')!);
    await until(() => api.sent('POST', `${ISSUE_PATH}/restore`).length === 2, 'restored by Undo');
    await until(() => !byText(app.container, '.app-note', 'This issue is archived.'), 'the archived note gone again');
    await expectAccessible(app.container);
  });

  it('deletes after confirmation and goes back to the issues; the toast’s Undo brings the issue back', async () => {
    const { app, api } = await openIssue((fake) =>
      fake.on('DELETE', ISSUE_PATH, () => undefined).on('POST', '/workspaces/:slug/projects/:projectId/bulk-delete-issues/undo', () => ({ restored: 1 })),
    );
    await chooseFromMenu(app.container, 'Issue actions', 'Delete issue');
    const dialog = await untilFocusedIn(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the confirmation');
    expect(dialog.textContent).to.contain(`Delete WEB-7 "${isolated('Fix the header')}"?`);
    await press('Escape');
    await until(() => !document.querySelector('[role="dialog"]'), 'the dialog closed');
    expect(api.sent('DELETE', ISSUE_PATH)).to.have.length(0);
    await chooseFromMenu(app.container, 'Issue actions', 'Delete issue');
    await click(await until(() => button(document.querySelector('[role="dialog"]')!, 'Delete'), 'the delete button'));
    await until(() => app.location() === paths.projectIssues('acme', PROJECT_ID), 'the issue list');
    expect(api.sent('DELETE', ISSUE_PATH)).to.have.length(1);
    const toast = await until(() => byText(document.body, '.app-toast', 'Issue WEB-7 deleted.'), 'the toast');
    await click(button(toast, 'Undo'));
    await until(() => app.location() === paths.issue('acme', PROJECT_ID, api.sent('DELETE', ISSUE_PATH)[0]!.params.issueId!), 'the issue again');
    expect(api.sent('POST', '/workspaces/acme/projects/:projectId/bulk-delete-issues/undo')[0]!.body).to.deep.equal({ issue_ids: [api.sent('DELETE', ISSUE_PATH)[0]!.params.issueId] });
    await until(() => byText(document.body, '.app-toast', 'Issue restored.'), 'the restored toast');
  });
});
