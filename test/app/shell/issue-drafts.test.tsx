import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { IssueDraft } from '../../../src/app/api/types.js';
import { paths } from '../../../src/app/router/paths.js';
import { DRAFT_DESCRIPTION } from '../../../src/app/screens/issues/create-issue-dialog.js';
import { DRAFT_NOT_SAVED, DRAFT_SAVED } from '../../../src/app/screens/issues/use-draft-keeping.js';
import type { RichEditorElement } from '../../../src/react/index.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { listedIssue, PROJECT_ID, WORKSPACE_ID } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { listbox, option, property, closed } from './pickers.js';
import { button, byText, cleanup, field, renderApp, reply, until, untilFocusedIn } from './render.js';
import { seededApi } from './seeded-api.js';
import type { FakeApi, FakeRequest } from './fake-api.js';

const DRAFTS = '/workspaces/:slug/issue-drafts';
const DRAFT = '/workspaces/:slug/issue-drafts/:draftId';
const PUBLISH = '/workspaces/:slug/issue-drafts/:draftId/publish';
const dialog = () => document.querySelector<HTMLElement>('.app-dialog[role="dialog"]');
const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-draft-row')];
const toast = (text: string) => byText(document.body, '.app-toast', text);

/** A draft as the server answers it. */
function draft(n: number, fields: Partial<IssueDraft> = {}): IssueDraft {
  return {
    id: `dddddddd-dddd-4ddd-8ddd-00000000000${n}`,
    workspace_id: WORKSPACE_ID,
    project_id: PROJECT_ID,
    project__identifier: 'WEB',
    project__name: 'Website',
    name: `Draft ${n}`,
    description_html: '',
    priority: 'none',
    state_id: null,
    assignee_ids: [],
    label_ids: [],
    start_date: null,
    target_date: null,
    cycle_id: null,
    module_id: null,
    parent_id: null,
    estimate_point: null,
    created_at: '2025-01-01T09:00:00.000Z',
    updated_at: new Date(Date.now() - n * 3600_000).toISOString(),
    ...fields,
  };
}

/** The seeded workspace with a drafts store behind the drafts routes, as the server keeps them. */
function draftsApi(kept: IssueDraft[] = []): { api: FakeApi; drafts: IssueDraft[] } {
  const { api, scene } = seededApi();
  const drafts = [...kept];
  let made = 0;
  const find = (request: FakeRequest) => drafts.findIndex((candidate) => candidate.id === request.params.draftId);
  api
    .on('GET', DRAFTS, () => drafts)
    .on('POST', DRAFTS, (request) => {
      const { project_id: _project, ...body } = request.body as Partial<IssueDraft>;
      const saved = draft(9 - made++, { ...body, updated_at: new Date().toISOString() });
      drafts.unshift(saved);
      return reply(201, saved);
    })
    .on('PATCH', DRAFT, (request) => {
      const at = find(request);
      if (at < 0) return reply(404, { error: 'Draft not found.' });
      drafts[at] = { ...drafts[at]!, ...(request.body as Partial<IssueDraft>), updated_at: new Date().toISOString() };
      return drafts[at];
    })
    .on('DELETE', DRAFT, (request) => {
      const at = find(request);
      if (at < 0) return reply(404, { error: 'Draft not found.' });
      drafts.splice(at, 1);
      return undefined;
    })
    .on('POST', PUBLISH, (request) => {
      const [published] = drafts.splice(find(request), 1);
      const issue = listedIssue(7, { name: published!.name });
      scene.issues = [issue, ...scene.issues];
      return reply(201, { ...scene.issue, ...issue });
    });
  return { api, drafts };
}

/** The project's issue list with the create dialog open. */
async function openCreateDialog(api: FakeApi) {
  const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
  await until(() => app.container.querySelectorAll('.app-issue-row').length === 3, 'the issues');
  await click(button(app.container, 'Create issue'));
  const form = await until(() => dialog(), 'the dialog');
  const editor = await until(() => form.querySelector<RichEditorElement>('rich-editor[aria-label="Description"]'), 'the description editor');
  await editor.updateComplete;
  return { app, form, editor };
}

/** The Drafts screen, once its list shows `count` rows. */
async function openDrafts(api: FakeApi, count: number, themeMode: 'light' | 'dark' = 'light') {
  const app = renderApp(paths.drafts('acme'), { api, themeMode });
  await until(() => rows(app.container).length === count && rows(app.container), `${count} drafts listed`);
  return app;
}

const textbox = (editor: RichEditorElement) => until(() => editor.shadowRoot?.querySelector<HTMLElement>('[role="textbox"]'), 'the editor content');

describe('issue drafts', () => {
  afterEach(cleanup);

  it('keeps a dialog closed with a title and a description as a draft, with every property it holds', async () => {
    const { api } = draftsApi();
    const { form, editor } = await openCreateDialog(api);
    await typeInto(field(form, 'Title'), 'Half an idea');
    (await textbox(editor)).focus();
    await sendKeys({ type: 'To be continued.' });
    const priority = await property(form, 'Priority');
    await click(priority);
    await click(await until(async () => option(await listbox(), 'High'), 'the priorities'));
    await closed(priority, 'the Priority picker');
    await click(button(form, 'Cancel'));
    await until(() => !dialog(), 'the dialog closed');
    expect(api.sent('POST', DRAFTS).map((request) => request.body)).to.deep.equal([
      {
        project_id: PROJECT_ID,
        name: 'Half an idea',
        description_html: '<p>To be continued.</p>',
        state_id: null,
        priority: 'high',
        assignee_ids: [],
        label_ids: [],
        start_date: null,
        target_date: null,
        cycle_id: null,
        module_id: null,
        parent_id: null,
        estimate_point: null,
      },
    ]);
    await until(() => toast(DRAFT_SAVED), 'the saved toast');
  });

  it('keeps a dialog with only a property changed, and closes an empty one without a draft', async () => {
    const { api } = draftsApi();
    const { form } = await openCreateDialog(api);
    await press('Escape');
    await until(() => !dialog(), 'the empty dialog closed');
    expect(api.sent('POST', DRAFTS)).to.have.length(0);
    cleanup();
    const again = await openCreateDialog(api);
    expect(again.form).to.not.equal(form);
    const priority = await property(again.form, 'Priority');
    await click(priority);
    await click(await until(async () => option(await listbox(), 'Low'), 'the priorities'));
    await closed(priority, 'the Priority picker');
    await press('Escape');
    await until(() => !dialog(), 'the dialog closed');
    expect((api.sent('POST', DRAFTS)[0]!.body as { priority: string; name: string }).priority).to.equal('low');
  });

  it('says so and keeps everything typed when the draft cannot be saved', async () => {
    const { api } = draftsApi();
    api.on('POST', DRAFTS, () => reply(503, { error: 'The server is busy.' }));
    const { form, editor } = await openCreateDialog(api);
    await typeInto(field(form, 'Title'), 'Do not lose me');
    (await textbox(editor)).focus();
    await sendKeys({ type: 'Precious words.' });
    // The first Escape is the editor's (Escape, then Tab leaves it); the second closes the dialog.
    await press('Escape');
    await press('Escape');
    const alert = await until(() => form.querySelector('[role="alert"]'), 'the failure');
    expect(alert.textContent).to.equal(`${DRAFT_NOT_SAVED} The server is busy.`);
    expect(dialog()).to.equal(form);
    expect(field(form, 'Title').value).to.equal('Do not lose me');
    expect(editor.getHTML()).to.equal('<p>Precious words.</p>');
    await click(button(form, 'Discard'));
    await until(() => !dialog(), 'the dialog discarded');
  });

  it('lists the drafts (title or "Untitled", project, last edited), axe-clean in both themes, and counts them in the sidebar', async () => {
    const { api } = draftsApi([draft(1, { name: 'Write the docs' }), draft(2, { name: '' })]);
    for (const theme of ['light', 'dark'] as const) {
      const app = await openDrafts(api, 2, theme);
      const [first, second] = rows(app.container);
      expect(first!.querySelector('.app-draft-open')!.textContent).to.equal('Write the docs');
      expect(second!.querySelector('.app-draft-open')!.textContent).to.equal('Untitled');
      expect(first!.textContent).to.contain('Website');
      expect(first!.querySelector('time')!.textContent).to.equal('Edited 1 hour ago');
      const link = await until(() => byText(app.container, '.app-sidebar-link', 'Drafts'), 'the Drafts entry');
      await until(() => link.textContent === 'Drafts: 2 drafts', 'the count of drafts');
      await expectAccessible(app.container);
      cleanup();
    }
  });

  it('opens a draft in the dialog, and closing it after an edit updates that draft', async () => {
    const kept = draft(1, { name: 'Keep going', description_html: '<p>So far</p>', priority: 'medium' });
    const { api, drafts } = draftsApi([kept]);
    const app = await openDrafts(api, 1);
    await click(button(app.container, 'Keep going'));
    const form = await until(() => dialog(), 'the dialog');
    expect(form.querySelector('.app-dialog-description')!.textContent).to.equal(DRAFT_DESCRIPTION);
    expect(field(form, 'Title').value).to.equal('Keep going');
    const editor = form.querySelector<RichEditorElement>('rich-editor')!;
    await until(() => editor.getHTML() === '<p>So far</p>', 'the draft description');
    field(form, 'Title').focus();
    await press('End');
    await sendKeys({ type: ' today' });
    await press('Escape');
    await until(() => !dialog(), 'the dialog closed');
    expect(api.sent('POST', DRAFTS)).to.have.length(0);
    expect(api.sent('PATCH', DRAFT).map((request) => [request.params.draftId, (request.body as { name: string }).name])).to.deep.equal([[kept.id, 'Keep going today']]);
    expect(drafts).to.have.length(1);
    await until(() => byText(app.container, '.app-draft-open', 'Keep going today'), 'the updated title listed');
  });

  it('publishes a draft from the dialog: the issue is created and the draft leaves the list', async () => {
    const { api } = draftsApi([draft(1, { name: 'Ship it' }), draft(2, { name: 'Later' })]);
    const app = await openDrafts(api, 2);
    await click(button(app.container, 'Ship it'));
    const form = await until(() => dialog(), 'the dialog');
    await click(button(form, 'Create issue'));
    await until(() => !dialog(), 'the dialog closed');
    expect(api.sent('POST', PUBLISH).map((request) => request.params.draftId)).to.deep.equal([draft(1).id]);
    // Nothing changed since it was kept: published as it is, no other write.
    expect(api.sent('PATCH', DRAFT)).to.have.length(0);
    expect(api.sent('POST', '/workspaces/:slug/projects/:projectId/issues')).to.have.length(0);
    await until(() => rows(app.container).length === 1, 'the published draft gone');
    await until(() => toast('Issue WEB-7 created.'), 'the created toast');
  });

  it('deletes a draft after confirming, by keyboard, and shows the empty state when none is left', async () => {
    const { api } = draftsApi([draft(1, { name: 'Not needed' })]);
    const app = await openDrafts(api, 1);
    const remove = button(app.container, 'Delete draft Not needed')!;
    remove.focus();
    await press('Enter');
    const confirm = await untilFocusedIn(dialog, 'the confirmation');
    expect(confirm.querySelector('h2')!.textContent).to.equal('Delete draft');
    await press('Escape');
    await until(() => !dialog(), 'the confirmation cancelled');
    expect(api.sent('DELETE', DRAFT)).to.have.length(0);
    remove.focus();
    await press('Enter');
    const again = await until(() => dialog(), 'the confirmation again');
    button(again, 'Delete')!.focus();
    await press('Enter');
    await until(() => app.container.querySelector('[data-empty-state="drafts"]'), 'the drafts empty state');
    expect(api.sent('DELETE', DRAFT).map((request) => request.params.draftId)).to.deep.equal([draft(1).id]);
    expect(byText(app.container, 'h2, h3', 'No draft issues yet')).to.exist;
  });

  it('shows loading, then an error with a way to try again', async () => {
    const { api } = draftsApi([draft(1, { name: 'Back again' })]);
    let fail = true;
    api.on('GET', DRAFTS, () => (fail ? reply(500, { error: 'The drafts could not be read.' }) : [draft(1, { name: 'Back again' })]));
    const app = renderApp(paths.drafts('acme'), { api });
    await until(() => byText(app.container, '[role="status"]', 'Loading drafts…') || app.container.querySelector('[role="alert"]'), 'loading or the error');
    const alert = await until(() => byText(app.container, '[role="alert"]', 'The drafts could not be read.'), 'the error');
    fail = false;
    await click(button(alert, 'Try again'));
    await until(() => rows(app.container).length === 1, 'the draft after trying again');
  });

  it('fits a 390 px wide phone screen', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      const { api } = draftsApi([draft(1, { name: 'A rather long title for a draft that has to wrap on a phone screen' })]);
      const app = await openDrafts(api, 1);
      const row = rows(app.container)[0]!;
      expect(row.scrollWidth).to.be.at.most(row.clientWidth);
      expect(row.getBoundingClientRect().right).to.be.at.most(390);
      const remove = button(row, 'Delete draft A rather long title for a draft that has to wrap on a phone screen')!;
      expect(remove.getBoundingClientRect().height).to.be.at.least(44);
    } finally {
      await setViewport({ width: 1280, height: 800 });
    }
  });
});
