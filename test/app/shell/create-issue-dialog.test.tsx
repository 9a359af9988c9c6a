import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { RichEditorElement } from '../../../src/react/index.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { listedIssue, members, OTHER_ID, PROJECT_ID, STATE_ID } from './fixtures.js';
import { click, focusedDateField, press, typeDate, typeInto } from './input.js';
import { closed, listbox, option, property, shown } from './pickers.js';
import { button, cleanup, FakeApi, field, renderApp, reply, until } from './render.js';
import { gate } from './fake-api.js';
import { seededApi } from './seeded-api.js';
import { settled } from './timing.js';

const CREATE = '/workspaces/:slug/projects/:projectId/issues';
const LABEL_ID = '88888888-8888-4888-8888-888888888888';
const CYCLE_ID = '99999999-9999-4999-8999-999999999999';
const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-issue-row')];
const dialog = () => document.querySelector<HTMLElement>('.app-dialog[role="dialog"]');

/** The project's issue list over a fake that creates issues, with members, labels and a cycle to pick. */
async function openDialog(configure: (api: FakeApi) => void = () => {}) {
  const { api, scene } = seededApi();
  let next = 4;
  api
    .on('GET', '/workspaces/:slug/projects/:projectId/members', () => members)
    .on('GET', '/workspaces/:slug/projects/:projectId/labels', () => [{ id: LABEL_ID, project_id: PROJECT_ID, name: 'Bug', color: '#dc2626', sort_order: 1 }])
    .on('GET', '/workspaces/:slug/projects/:projectId/cycles', () => [{ id: CYCLE_ID, project_id: PROJECT_ID, name: 'Sprint 1', description: '', start_date: null, end_date: null, status: 'current', archived_at: null }])
    .on('POST', '/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues', () => [])
    .on('POST', CREATE, (request) => {
      const issue = listedIssue(next++, { id: `aaaaaaaa-aaaa-4aaa-8aaa-00000000000${next}`, name: (request.body as { name: string }).name });
      scene.issues = [issue, ...scene.issues];
      return reply(201, { ...scene.issue, ...issue });
    });
  configure(api);
  const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
  await until(() => rows(app.container).length === 3, 'the issues');
  await click(button(app.container, 'Create issue'));
  const form = await until(() => dialog(), 'the dialog');
  const description = await until(() => form.querySelector<RichEditorElement>('rich-editor[aria-label="Description"]'), 'the description editor');
  await description.updateComplete;
  return { api, app, form, description };
}

const textbox = (editor: RichEditorElement) => until(() => editor.shadowRoot?.querySelector<HTMLElement>('[role="textbox"]'), 'the editor content');

describe('create issue dialog', () => {
  afterEach(cleanup);

  it("sends the estimate and the parent picked, and shows no estimate while the project's estimates are off", async () => {
    const { api: off, form } = await openDialog();
    await until(() => off.sent('GET', '/workspaces/:slug/projects/:projectId/estimate').length > 0, 'the estimate asked');
    await settled();
    expect(form.textContent, 'estimates off').to.not.include('No estimate');
    cleanup();
    const points = [1, 2, 3, 5].map((value, i) => ({ id: `eeeeeeee-eeee-4eee-8eee-00000000000${i}`, value: String(value) }));
    const { api, form: again } = await openDialog((fake) =>
      fake.on('GET', '/workspaces/:slug/projects/:projectId/estimate', () => ({ project_id: PROJECT_ID, enabled: true, type: 'points', points })),
    );
    await typeInto(field(again, 'Title'), 'Split the export');
    const estimate = await property(again, 'Estimate');
    await click(estimate);
    await click(await until(async () => option(await listbox(), '3 points'), 'the points'));
    await closed(estimate, 'the Estimate picker');
    const parent = await property(again, 'Parent');
    await click(parent);
    await click(await until(async () => option(await listbox(), 'WEB-2 Issue number 2'), 'the parent candidates'));
    await closed(parent, 'the Parent picker');
    expect(parent.textContent).to.include('WEB-2 Issue number 2');
    await click(button(again, 'Create issue'));
    await until(() => !dialog(), 'the dialog closed');
    const [sent] = api.sent('POST', CREATE);
    expect(sent!.body).to.include({ name: 'Split the export', estimate_point: '3', parent_id: listedIssue(2).id });
  });

  it('sends the title, description, state, priority, assignees, labels and dates, and puts the issue in the chosen cycle', async () => {
    const { api, app, form, description } = await openDialog();
    expect(document.activeElement).to.equal(field(form, 'Title'));
    await typeInto(field(form, 'Title'), 'Write the changelog');
    (await textbox(description)).focus();
    await sendKeys({ type: 'For the next release.' });

    const state = await property(form, 'State');
    await click(state);
    await click(await until(async () => option(await listbox(), 'Todo'), 'the states'));
    await closed(state, 'the State picker');
    const priority = await property(form, 'Priority');
    priority.focus();
    await press('Enter');
    await listbox();
    await press('Home');
    await press('Enter');
    await closed(priority, 'the Priority picker');

    const assignees = await property(form, 'Assignees');
    await click(assignees);
    const people = await listbox();
    await click(await until(() => option(people, 'Grace'), 'the members'));
    await until(() => option(people, 'Grace')?.getAttribute('aria-selected') === 'true', 'Grace checked');
    await press('ArrowUp');
    await press(' ');
    await until(() => option(people, 'Ada')?.getAttribute('aria-selected') === 'true', 'Ada checked');
    await press('Escape');
    await closed(assignees, 'the Assignees picker');
    // Escape closes the picker, not the dialog.
    expect(dialog()).to.exist;

    const labels = await property(form, 'Labels');
    await click(labels);
    await until(async () => option(await listbox(), 'Bug'), 'the labels');
    await sendKeys({ type: 'bug' });
    await press('Enter');
    await press('Escape');
    await closed(labels, 'the Labels picker');

    const target = await property(form, 'Target date');
    await click(target);
    await typeDate(await focusedDateField(), '03/10/2025');
    await press('Enter');
    await closed(target, 'the Target date picker');
    expect(target.textContent).to.equal('Target dateMar 10, 2025');
    const cycle = await property(form, 'Cycle');
    await click(cycle);
    await click(await until(async () => option(await listbox(), 'Sprint 1'), 'the cycles'));
    await closed(cycle, 'the Cycle picker');
    await expectAccessible(form);

    await click(button(form, 'Create issue'));
    await until(() => !dialog(), 'the dialog closed');
    expect(api.sent('POST', CREATE)[0]!.body).to.deep.equal({
      name: 'Write the changelog',
      priority: 'urgent',
      state_id: STATE_ID,
      description_html: '<p>For the next release.</p>',
      assignee_ids: [OTHER_ID, members[0]!.id],
      label_ids: [LABEL_ID],
      target_date: '2025-03-10',
    });
    expect(api.sent('POST', '/workspaces/acme/projects/:projectId/cycles/:cycleId/cycle-issues')[0]!.body).to.deep.equal({ issues: ['aaaaaaaa-aaaa-4aaa-8aaa-000000000005'] });
    await until(() => rows(app.container).length === 4, 'the new issue in the list');
  });

  it('ties the images uploaded into the description to the issue once it is created', async () => {
    const { api, form, description } = await openDialog();
    const WORKSPACE = '12345678-1234-4234-8234-123456789012';
    const ASSET = 'abababab-abab-4bab-8bab-abababababab';
    const ATTACH = '/workspaces/:slug/projects/:projectId/issues/:issueId/file-assets';
    api
      .on('POST', '/workspaces/:slug/file-assets', () => reply(201, { id: ASSET, asset: `/api/workspaces/file-assets/${WORKSPACE}/${ASSET}` }))
      .on('POST', ATTACH, (request) => ({ asset_ids: (request.body as { asset_ids: string[] }).asset_ids }));
    await typeInto(field(form, 'Title'), 'Explain the diagram');
    const url = await description.uploadFile!(new File(['x'], 'diagram.png', { type: 'image/png' }), { signal: new AbortController().signal, onProgress: () => {} });
    const upload = api.sent('POST', '/workspaces/acme/file-assets')[0]!.body as FormData;
    // Uploaded before the issue exists: no id to give yet.
    expect(JSON.parse(String(upload.get('attributes')))).to.deep.equal({ entity_name: 'ISSUE_DESCRIPTION' });
    // The uploaded image and one from elsewhere, as the editor puts them in the text.
    await textbox(description);
    description.setValue(`<p>The diagram:</p><img src="${url}"><img src="https://example.com/elsewhere.png">`);
    await until(() => description.getHTML().includes(url), 'the image in the description');
    // The images make the dialog scroll: its button is pressed from the keyboard.
    button(form, 'Create issue')!.focus();
    await press('Enter');
    await until(() => !dialog(), 'the dialog closed');
    const created = api.sent('POST', CREATE)[0]!.body as { description_html: string };
    expect(created.description_html).to.contain(url);
    const attached = api.sent('POST', ATTACH);
    expect(attached.map((request) => [request.path, request.body])).to.deep.equal([
      [`/api/workspaces/acme/projects/${PROJECT_ID}/issues/aaaaaaaa-aaaa-4aaa-8aaa-000000000005/file-assets`, { asset_ids: [ASSET] }],
    ]);
  });

  it('creates the issue with Ctrl+Enter from the description, adding no line break', async () => {
    const { api, form, description } = await openDialog();
    await typeInto(field(form, 'Title'), 'Keyboard');
    (await textbox(description)).focus();
    await sendKeys({ type: 'Typed.' });
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Control' });
    await until(() => api.sent('POST', CREATE).length === 1, 'the issue created');
    expect(api.sent('POST', CREATE)[0]!.body).to.deep.equal({ name: 'Keyboard', priority: 'none', description_html: '<p>Typed.</p>' });
    await until(() => !dialog(), 'the dialog closed');
  });

  it('creates one issue when Ctrl+Enter is pressed twice with no pause, while the first is being sent', async () => {
    const held = gate();
    const { api, form } = await openDialog();
    // The create route answers only once the test lets it (the fake's later routes win).
    let next = 10;
    api.on('POST', CREATE, async (request) => {
      await held.opened;
      return reply(201, listedIssue(next++, { id: `aaaaaaaa-aaaa-4aaa-8aaa-0000000000${next}`, name: (request.body as { name: string }).name }));
    });
    await typeInto(field(form, 'Title'), 'Once');
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Control' });
    await until(() => api.sent('POST', CREATE).length === 1, 'the issue being created');
    // The second press was made while the first was in flight: it must send nothing of its own.
    await press('Enter');
    held.open();
    await until(() => !dialog(), 'the dialog closed');
    expect(api.sent('POST', CREATE)).to.have.length(1);
  });

  it('"Create more" keeps the dialog open, emptied, with focus back in the title', async () => {
    const { api, app, form, description } = await openDialog();
    await click(field(form, 'Create more'));
    expect(field(form, 'Create more').checked).to.equal(true);
    await typeInto(field(form, 'Title'), 'First');
    (await textbox(description)).focus();
    await sendKeys({ type: 'Some words.' });
    const labels = await property(form, 'Labels');
    await click(labels);
    await click(await until(async () => option(await listbox(), 'Bug'), 'the labels'));
    await press('Escape');
    await closed(labels, 'the Labels picker');
    await click(button(form, 'Create issue'));
    await until(() => api.sent('POST', CREATE).length === 1, 'the first issue');
    await until(() => document.activeElement === field(form, 'Title') && field(form, 'Title').value === '', 'the emptied title focused');
    expect(dialog()).to.equal(form);
    expect((await textbox(description)).textContent).to.equal('');
    expect(form.querySelector('.app-label-chip')).to.equal(null);
    await sendKeys({ type: 'Second' });
    await press('Enter');
    await until(() => api.sent('POST', CREATE).length === 2, 'the second issue');
    expect(api.sent('POST', CREATE).map((request) => request.body)).to.deep.equal([
      { name: 'First', priority: 'none', description_html: '<p>Some words.</p>', label_ids: [LABEL_ID] },
      { name: 'Second', priority: 'none' },
    ]);
    await until(() => rows(app.container).length === 5, 'both new issues in the list');
    expect(dialog()).to.exist;
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`names its property chips and wraps them clear of the buttons at ${width}x${height}`, async () => {
      await setViewport({ width, height });
      try {
        const { form } = await openDialog();
        const chips = await until(() => {
          const found = [...form.querySelectorAll<HTMLElement>('.app-create-issue-properties .app-picker-button')];
          return found.length >= 7 ? found : null;
        }, 'the property chips');
        // Each empty date chip says which date it is, in words and as its name.
        expect(shown(await property(form, 'Start date'))).to.equal('Start date');
        expect(shown(await property(form, 'Target date'))).to.equal('Target date');
        expect(chips.map((chip) => shown(chip))).to.not.include('No date');
        const create = button(form, 'Create issue')!.getBoundingClientRect();
        const box = form.closest('.app-dialog')!.getBoundingClientRect();
        expect(create.right, 'the Create button inside the dialog').to.be.at.most(box.right + 0.5);
        expect(create.bottom, 'the Create button on screen').to.be.at.most(window.innerHeight + 0.5);
        for (const chip of chips) {
          const rect = chip.getBoundingClientRect();
          expect(rect.right, `${shown(chip)} inside the dialog`).to.be.at.most(box.right + 0.5);
          const overlaps = rect.left < create.right && rect.right > create.left && rect.top < create.bottom && rect.bottom > create.top;
          expect(overlaps, `${shown(chip)} clear of the Create button`).to.equal(false);
        }
        await expectAccessible(form);
      } finally {
        await setViewport({ width: 1280, height: 800 });
      }
    });
  }

  it('says where labels are made when the project has none, not that none matches', async () => {
    const { form } = await openDialog((api) => api.on('GET', '/workspaces/:slug/projects/:projectId/labels', () => []));
    const labels = await property(form, 'Labels');
    await click(labels);
    const list = await until(() => document.querySelector<HTMLElement>('.app-picker-empty'), 'the empty list');
    expect(list.textContent).to.equal('This project has no labels yet. A project admin adds them in its settings, under Labels.');
    await press('Escape');
    await closed(labels, 'the Labels picker');
  });

  it('refuses an empty title', async () => {
    const { api, form } = await openDialog();
    await click(button(form, 'Create issue'));
    await until(() => form.querySelector('[role="alert"]')?.textContent === 'Issue title is required.', 'the refusal');
    expect(api.sent('POST', CREATE)).to.have.length(0);
  });
});
