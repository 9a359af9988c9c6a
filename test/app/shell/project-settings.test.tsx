import { expect } from '@open-wc/testing';
import type { Member, Project } from '../../../src/app/api/types.js';
import type { Integration } from '../../../src/api-shapes/integration.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import type { RoleValue } from '../../../src/app/roles.js';
import { members, project, PROJECT_ID, STATE_ID } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { gate } from './fake-api.js';
import { isolated } from '../../../src/app/ui/bidi.js';

const SETTINGS_URL = paths.projectSettings('acme', PROJECT_ID);
const cover = (colour: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="4" height="2" fill="${colour}"/></svg>`)}`;
const LABEL_ID = '99999999-0000-4000-8000-000000000001';

function withLabels(role: RoleValue = 20) {
  const seeded = seededApi((scene) => (scene.projects = [project(role)]));
  const labels: Array<{ id: string; project_id: string; name: string; color: string; sort_order: number }> = [];
  seeded.api
    .on('GET', '/workspaces/:slug/projects/:projectId/labels', () => labels)
    .on('POST', '/workspaces/:slug/projects/:projectId/labels', (request) => {
      const label = { id: LABEL_ID, project_id: PROJECT_ID, sort_order: 1, ...(request.body as { name: string; color: string }) };
      labels.push(label);
      return reply(201, label);
    })
    .on('PATCH', '/workspaces/:slug/projects/:projectId/labels/:labelId', (request) => {
      const body = request.body as { name: string; color: string };
      if (labels.some((label) => label.name === body.name && label.id !== request.params.labelId)) {
        return reply(409, { error: 'A label with this name already exists in the project.' });
      }
      const label = labels.find((each) => each.id === request.params.labelId)!;
      return Object.assign(label, body);
    })
    .on('DELETE', '/workspaces/:slug/projects/:projectId/labels/:labelId', () => void labels.splice(0));
  return { ...seeded, labels };
}

/** Chooses a colour in a colour field as the browser's colour chooser does (the native setter, then `input`). */
function chooseColour(input: HTMLInputElement, colour: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, colour);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The open dialog. */
const openDialog = () => until(() => document.querySelector<HTMLElement>('.app-dialog[role="dialog"]'), 'the dialog');

describe('project settings screen', () => {
  afterEach(cleanup);

  it('shows the name, the read-only identifier, features, labels, integrations and estimates', async () => {
    const { api } = withLabels();
    const app = renderApp(SETTINGS_URL, { api });
    const emptyStates = ['labels', 'integrations', 'estimates'].map((section) => `[data-empty-state="project-settings-${section}"]`);
    await until(() => emptyStates.every((selector) => app.container.querySelector(selector)), 'the labels, integrations and estimates empty states');
    expect(field(app.container, 'Name').value).to.equal('Website');
    expect(field(app.container, 'Identifier').readOnly).to.equal(true);
    expect(field(app.container, 'Identifier').value).to.equal('WEB');
    await expectAccessible(app.container);
  });

  it('creates and deletes labels', async () => {
    const { api } = withLabels();
    const app = renderApp(SETTINGS_URL, { api });
    await until(() => app.container.querySelector('[data-empty-state="project-settings-labels"]'), 'the labels empty state');
    await click(button(app.container, 'Create a label'));
    expect(document.activeElement).to.equal(field(app.container, 'Label name'));
    await typeInto(field(app.container, 'Label name'), 'Bug');
    await press('Enter');
    await until(() => byText(app.container, 'ul[aria-label="Labels"] li', 'Bug'), 'the label');
    expect((api.sent('POST', '/workspaces/acme/projects/:projectId/labels')[0]!.body as { name: string }).name).to.equal('Bug');
    await expectAccessible(app.container);
    await click(button(app.container, 'Delete label Bug'));
    // Asked first: it comes off every issue.
    const confirm = await until(() => document.querySelector<HTMLElement>('.app-dialog[role="dialog"]'), 'the confirmation');
    expect(confirm.textContent).to.contain('Bug is taken off every issue that has it.');
    expect(api.sent('DELETE', '/workspaces/acme/projects/:projectId/labels/:labelId')).to.have.length(0);
    await click(button(confirm, 'Delete'));
    await until(() => app.container.querySelector('[data-empty-state="project-settings-labels"]'), 'the labels gone');
    await until(() => byText(document, '.app-toast', `Label ${isolated('Bug')} deleted.`), 'the toast');
    await until(() => document.activeElement === field(app.container, 'Label name'), 'focus on the new label’s name');
  });

  it('renames and recolours a label, keeping the dialog open with the reason when the name is taken', async () => {
    const { api, labels } = withLabels();
    labels.push(
      { id: LABEL_ID, project_id: PROJECT_ID, name: 'Bug', color: '', sort_order: 1 },
      { id: '99999999-0000-4000-8000-000000000003', project_id: PROJECT_ID, name: 'Chore', color: '#22c55e', sort_order: 2 },
    );
    const app = renderApp(SETTINGS_URL, { api });
    const edit = await until(() => button(app.container, 'Edit label Bug'), 'the labels');
    await click(edit);
    let dialog = await openDialog();
    expect(dialog.querySelector('h2')!.textContent).to.equal('Edit label');
    const name = field(dialog, 'Label name');
    // A label without a colour of its own is offered the grey it shows with.
    expect(field(dialog, 'Label color').value).to.equal('#6b7280');
    name.select();
    await typeInto(name, 'Chore');
    await press('Enter');
    await until(() => byText(dialog, '[role="alert"]', 'A label with this name already exists in the project.'), 'the refusal');
    // A rename alone leaves the colour as it is (no grey given to a label without one, no colour someone chose meanwhile undone).
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/labels/:labelId')[0]!.body).to.deep.equal({ name: 'Chore' });
    expect(document.querySelector('.app-dialog[role="dialog"]'), 'still open').to.equal(dialog);
    name.select();
    await typeInto(name, 'Defect');
    chooseColour(field(dialog, 'Label color'), '#ef4444');
    await press('Enter');
    await until(() => byText(app.container, 'ul[aria-label="Labels"] li', 'Defect'), 'the renamed label');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/labels/:labelId')[1]!.body).to.deep.equal({ name: 'Defect', color: '#ef4444' });
    await until(() => byText(document, '.app-toast', `Label ${isolated('Defect')} updated.`), 'the toast');
    expect(document.querySelector('.app-dialog[role="dialog"]'), 'closed').to.equal(null);
    await until(() => document.activeElement === button(app.container, 'Edit label Defect'), 'focus back on the label’s Edit');
    // Opened again, the dialog shows what was saved.
    await press('Enter');
    dialog = await openDialog();
    expect(field(dialog, 'Label name').value).to.equal('Defect');
    expect(field(dialog, 'Label color').value).to.equal('#ef4444');
    await expectAccessible(dialog);
    await press('Escape');
    await until(() => !document.querySelector('.app-dialog[role="dialog"]'), 'closed on Escape');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/labels/:labelId'), 'nothing sent on Escape').to.have.length(2);
  });

  it('lets a project admin toggle features and rename the project', async () => {
    const { api, scene } = withLabels();
    api.on('PATCH', '/workspaces/:slug/projects/:projectId', (request) => (scene.projects[0] = { ...scene.projects[0]!, ...(request.body as Partial<Project>) }));
    const app = renderApp(SETTINGS_URL, { api });
    const cycles = await until(() => field(app.container, 'Cycles'), 'the features');
    await click(cycles);
    await until(() => api.sent('PATCH', '/workspaces/acme/projects/:projectId').length === 1, 'the toggle');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId')[0]!.body).to.deep.equal({ cycle_view: false });
    await until(() => !field(app.container, 'Cycles').checked, 'the unchecked toggle');
    const name = field(app.container, 'Name');
    name.select();
    await typeInto(name, 'Site');
    await press('Enter');
    await until(() => api.sent('PATCH', '/workspaces/acme/projects/:projectId').length === 2, 'the rename');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId')[1]!.body).to.deep.equal({ name: 'Site' });
  });

  it('keeps keyboard focus on a feature while its change is saved, showing the change at once', async () => {
    const { api, scene } = withLabels();
    const held = gate();
    api.on('PATCH', '/workspaces/:slug/projects/:projectId', async (request) => {
      await held.opened;
      return (scene.projects[0] = { ...scene.projects[0]!, ...(request.body as Partial<Project>) });
    });
    const app = renderApp(SETTINGS_URL, { api });
    const cycles = await until(() => field(app.container, 'Cycles'), 'the features');
    expect(cycles.checked).to.equal(true);
    cycles.focus();
    await press(' ');
    await until(() => api.sent('PATCH', '/workspaces/acme/projects/:projectId').length === 1, 'the change sent');
    // Before: the boxes were disabled while it was saved, and focus fell to the page's body.
    expect(document.activeElement, 'focus stays on the box').to.equal(field(app.container, 'Cycles'));
    expect(field(app.container, 'Cycles').checked, 'the change shows at once').to.equal(false);
    held.open();
    await until(() => !field(app.container, 'Cycles').closest('fieldset')!.hasAttribute('aria-busy'), 'the change saved');
    expect(scene.projects[0]!.cycle_view).to.equal(false);
    expect(document.activeElement).to.equal(field(app.container, 'Cycles'));
    expect(field(app.container, 'Cycles').checked).to.equal(false);
  });

  it('sets the cover from the project covers', async () => {
    const { api, scene } = withLabels();
    api
      .on('GET', '/project-covers', () => [cover('#336699'), cover('#993366')])
      .on('GET', '/unsplash', () => ({ results: [] }))
      .on('PATCH', '/workspaces/:slug/projects/:projectId', (request) => (scene.projects[0] = { ...scene.projects[0]!, ...(request.body as Partial<Project>) }));
    const app = renderApp(SETTINGS_URL, { api });
    await click(await until(() => button(app.container, 'Choose a cover'), 'the cover button'));
    await click(await until(() => byText(document, '[role="tab"]', 'Images'), 'the images tab'));
    const image = await until(() => document.querySelector<HTMLElement>('.cover-picker__panel[data-state="active"] button'), 'a cover');
    await click(image);
    await until(() => api.sent('PATCH', '/workspaces/acme/projects/:projectId').length === 1, 'the cover saved');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId')[0]!.body).to.deep.equal({ cover_image: cover('#336699') });
    await until(() => app.container.querySelector('img[alt="Project cover"]'), 'the cover shown');
  });

  it('opens the cover picker on the images when the server has no Unsplash key, and says so on the Unsplash tab', async () => {
    const { api } = withLabels();
    api
      .on('GET', '/instance', () => ({ file_size_limit: 5242880, unsplash_configured: false }))
      .on('GET', '/project-covers', () => [cover('#336699')]);
    const app = renderApp(SETTINGS_URL, { api });
    await until(() => app.queryClient.getQueryData(['instance']), 'the instance settings');
    await click(await until(() => button(app.container, 'Choose a cover'), 'the cover button'));
    const selected = await until(() => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]'), 'the first tab');
    expect(selected.textContent).to.equal('Images');
    await click(byText(document, '[role="tab"]', 'Unsplash'));
    const panel = await until(() => {
      const active = document.querySelector<HTMLElement>('.cover-picker__panel[data-state="active"]');
      return active?.textContent?.includes('Unsplash') ? active : null;
    }, 'the Unsplash tab');
    expect(panel.textContent).to.equal('Unsplash search is not set up on this server. Choose one of the images or upload your own.');
    expect(panel.querySelector('input'), 'no search box').to.equal(null);
    expect(api.sent('GET', '/unsplash')).to.deep.equal([]);
  });

  it('opens the cover picker on the Unsplash search when the server has a key', async () => {
    const { api } = withLabels();
    api
      .on('GET', '/instance', () => ({ file_size_limit: 5242880, unsplash_configured: true }))
      .on('GET', '/project-covers', () => [cover('#336699')]);
    const app = renderApp(SETTINGS_URL, { api });
    await until(() => app.queryClient.getQueryData(['instance']), 'the instance settings');
    await click(await until(() => button(app.container, 'Choose a cover'), 'the cover button'));
    const selected = await until(() => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]'), 'the first tab');
    expect(selected.textContent).to.equal('Unsplash');
    await until(() => document.querySelector('.cover-picker__panel[data-state="active"] input[type="search"]'), 'the search box');
  });

  it('lets a project admin add a state to a group, make it the default and delete one, saying why the server refuses', async () => {
    const { api } = withLabels();
    type Listed = { id: string; project_id: string; name: string; description: string; color: string; group: string; sequence: number; is_default: boolean };
    const states: Listed[] = [{ id: STATE_ID, project_id: PROJECT_ID, name: 'Todo', description: '', color: '#f59e0b', group: 'unstarted', sequence: 1, is_default: true }];
    const NEW_ID = '99999999-0000-4000-8000-000000000002';
    api
      .on('GET', '/workspaces/:slug/projects/:projectId/states', () => states.map((state) => ({ ...state })))
      .on('POST', '/workspaces/:slug/projects/:projectId/states', (request) => {
        const state = { id: NEW_ID, project_id: PROJECT_ID, description: '', sequence: 2, is_default: false, ...(request.body as { name: string; color: string; group: string }) };
        states.push(state);
        return reply(201, state);
      })
      .on('PATCH', '/workspaces/:slug/projects/:projectId/states/:stateId', (request) => {
        const { is_default, ...fields } = request.body as Partial<Listed>;
        if (is_default) for (const state of states) state.is_default = state.id === request.params.stateId;
        return Object.assign(states.find((state) => state.id === request.params.stateId)!, fields);
      })
      .on('DELETE', '/workspaces/:slug/projects/:projectId/states/:stateId', () => reply(409, { error: 'This state is used by 1 issue: move it to another state before deleting the state.' }));
    const app = renderApp(SETTINGS_URL, { api });
    await until(() => byText(app.container, 'ul[aria-label="Unstarted states"] li', 'Todo'), 'the states by group');
    expect(app.container.querySelector('ul[aria-label="Unstarted states"] li')!.textContent).to.contain('Default: new issues start here');
    expect(button(app.container, 'Delete state Todo'), 'the default state cannot be deleted').to.equal(null);
    await typeInto(field(app.container, 'State name'), 'In review');
    const group = app.container.querySelector<HTMLSelectElement>('form[aria-label="Create a state"] select')!;
    group.focus();
    await press('End');
    await press('ArrowUp');
    await press('ArrowUp');
    expect(group.value, 'chosen with the keys').to.equal('Started');
    await click(button(app.container, 'Create state'));
    await until(() => byText(app.container, 'ul[aria-label="Started states"] li', 'In review'), 'the new state in its group');
    expect(api.sent('POST', '/workspaces/acme/projects/:projectId/states')[0]!.body).to.deep.include({ name: 'In review', group: 'started' });
    await click(button(app.container, 'Make default: In review'));
    await until(() => byText(app.container, 'ul[aria-label="Started states"] li', 'Default: new issues start here'), 'the new default');
    // The default state too can be renamed and recoloured.
    await click(button(app.container, 'Edit state In review'));
    const dialog = await openDialog();
    expect(field(dialog, 'State color').value).to.equal(states[1]!.color);
    field(dialog, 'State name').select();
    await typeInto(field(dialog, 'State name'), 'Review');
    chooseColour(field(dialog, 'State color'), '#8b5cf6');
    await click(button(dialog, 'Save state'));
    await until(() => byText(app.container, 'ul[aria-label="Started states"] li', 'Review'), 'the renamed state');
    expect(api.sent('PATCH', '/workspaces/acme/projects/:projectId/states/:stateId')[1]!.body).to.deep.equal({ name: 'Review', color: '#8b5cf6' });
    await until(() => byText(document, '.app-toast', `State ${isolated('Review')} updated.`), 'the toast');
    await click(await until(() => button(app.container, 'Delete state Todo'), 'Todo deletable now'));
    await until(() => byText(document, '[role="status"], [role="alert"]', 'This state is used by 1 issue: move it to another state before deleting the state.'), 'the refusal');
    expect(byText(app.container, 'ul[aria-label="Unstarted states"] li', 'Todo'), 'still listed').to.not.equal(null);
    await expectAccessible(app.container);
  });

  it('sets the automations: closed issues archived after 3 months, idle ones closed after 6 to a chosen cancelled state', async () => {
    const { api } = withLabels();
    const CANCELLED = { id: '99999999-0000-4000-8000-000000000007', project_id: PROJECT_ID, name: 'Cancelled', description: '', color: '#9ca3af', group: 'cancelled', sequence: 5, is_default: false };
    const WONT = { ...CANCELLED, id: '99999999-0000-4000-8000-000000000008', name: "Won't do", sequence: 6 };
    let saved = { archive_in: 0, close_in: 0, close_state_id: null as string | null };
    api
      .on('GET', '/workspaces/:slug/projects/:projectId/states', () => [CANCELLED, WONT])
      .on('GET', '/workspaces/:slug/projects/:projectId/automations', () => saved)
      .on('PUT', '/workspaces/:slug/projects/:projectId/automations', (request) => (saved = request.body as typeof saved))
      // The server's count of what the chosen periods would do now: 12 closed issues done a month ago or more, 3 of 40 idle six months.
      .on('GET', '/workspaces/:slug/projects/:projectId/automations/preview', (request) =>
        // Nine months cannot be counted (a server that failed): the line says so.
        request.query.get('archive_in') === '9'
          ? reply(503, { error: 'The database is not answering.' })
          : {
              archive: { '0': 0, '1': 12, '3': 5 }[request.query.get('archive_in')!] ?? 0,
              close: { '0': 0, '1': 40, '3': 9, '6': 3 }[request.query.get('close_in')!] ?? 0,
            },
      );
    const app = renderApp(SETTINGS_URL, { api });
    const form = await until(() => app.container.querySelector<HTMLFormElement>('form[aria-label="Automations"]'), 'the automations');
    const outlook = form.querySelector<HTMLElement>('p[role="status"]')!;
    expect(outlook.textContent, 'nothing to count while both are off').to.equal('');
    const labels = () => [...form.querySelectorAll('label')].map((label) => label.textContent);
    const archive = field<HTMLSelectElement>(form, 'Archive closed issues');
    expect([...archive.options].map((option) => option.textContent)).to.deep.equal(['Off', 'After 1 month', 'After 3 months', 'After 6 months', 'After 9 months', 'After 12 months']);
    expect(labels(), 'no state to choose while closing is off').to.deep.equal(['Archive closed issues', 'Close idle issues']);
    archive.focus();
    await press('ArrowDown');
    await until(() => outlook.textContent === 'At the next hourly run, these settings would archive 12 issues.', 'the count for one month');
    await press('ArrowDown');
    await until(() => outlook.textContent === 'At the next hourly run, these settings would archive 5 issues.', 'the count for three months');
    const close = field<HTMLSelectElement>(form, 'Close idle issues');
    close.focus();
    for (let step = 0; step < 3; step++) await press('ArrowDown');
    await until(() => labels().includes('Close to'), 'the state to close to');
    await until(() => outlook.textContent === 'At the next hourly run, these settings would archive 5 issues and close 3 issues.', 'both counts');
    expect(api.sent('PUT', '/workspaces/acme/projects/:projectId/automations'), 'counting saves nothing').to.deep.equal([]);
    archive.focus();
    await press('ArrowDown');
    await press('ArrowDown');
    await until(() => outlook.textContent === 'The issues due could not be counted: The database is not answering.', 'the failed count');
    await press('ArrowUp');
    await press('ArrowUp');
    await until(() => outlook.textContent === 'At the next hourly run, these settings would archive 5 issues and close 3 issues.', 'the count again');
    const to = field<HTMLSelectElement>(form, 'Close to');
    expect([...to.options].map((option) => option.textContent)).to.deep.equal(['The first cancelled state (Cancelled)', 'Cancelled', "Won't do"]);
    to.focus();
    await press('End');
    await click(button(form, 'Save automations'));
    await until(() => byText(document, '.app-toast', 'Automations saved.'), 'the toast');
    expect(api.sent('PUT', '/workspaces/acme/projects/:projectId/automations')[0]!.body).to.deep.equal({ archive_in: 3, close_in: 6, close_state_id: WONT.id });
    await expectAccessible(app.container.querySelector('section[aria-labelledby="project-automations"]')!);
    cleanup();

    // Others read them.
    const viewer = withLabels(10);
    viewer.api.on('GET', '/workspaces/:slug/projects/:projectId/states', () => [CANCELLED, WONT]).on('GET', '/workspaces/:slug/projects/:projectId/automations', () => saved);
    const read = renderApp(SETTINGS_URL, { api: viewer.api });
    await until(
      () => byText(read.container, 'section[aria-labelledby="project-automations"] p', "Closed issues are archived after 3 months. Issues nobody changes are closed to Won't do after 6 months."),
      'the summary',
    );
    expect(read.container.querySelector('form[aria-label="Automations"]')).to.equal(null);
  });

  it('gives a viewer the settings read-only: no feature toggles, no label form, no cover picker', async () => {
    const { api } = withLabels(10);
    const app = renderApp(SETTINGS_URL, { api });
    await until(() => app.container.querySelector('[data-empty-state="project-settings-labels"]'), 'the labels');
    expect(field(app.container, 'Cycles').disabled).to.equal(true);
    expect(app.container.querySelector('form[aria-label="Create a label"]')).to.equal(null);
    expect(button(app.container, 'Choose a cover')).to.equal(null);
    expect(button(app.container, 'Create a label')!.getAttribute('aria-disabled')).to.equal('true');
    expect(app.container.querySelector('form[aria-label="Create a state"]'), 'no state form').to.equal(null);
    expect(button(app.container, 'Make default: Todo')).to.equal(null);
    expect(button(app.container, 'Edit state Todo'), 'no state editing').to.equal(null);
    await expectAccessible(app.container);
  });
});

describe('project settings: integrations', () => {
  afterEach(cleanup);

  const connection = (fields: Partial<Integration> = {}): Integration => ({
    id: 'i1',
    provider: 'github',
    webhook_url: 'http://localhost:8080/api/integrations/github/i1',
    created_by: 'Ada',
    created_at: '2026-12-03T08:00:00.000Z',
    last_delivery_at: null,
    last_delivery_result: null,
    ...fields,
  });

  it('connects GitHub from the empty state, shows the secret once, and renews it and disconnects after asking', async () => {
    const { api } = seededApi();
    let connected: Integration[] = [];
    api
      .on('GET', '/workspaces/:slug/projects/:projectId/integrations', () => connected)
      .on('POST', '/workspaces/:slug/projects/:projectId/integrations', () => {
        connected = [connection()];
        return reply(201, { ...connected[0], secret: 'first-secret' });
      })
      .on('POST', '/workspaces/:slug/projects/:projectId/integrations/:id/secret', () => ({ ...connected[0], secret: 'second-secret' }))
      .on('DELETE', '/workspaces/:slug/projects/:projectId/integrations/:id', () => void (connected = []));
    const app = renderApp(SETTINGS_URL, { api });
    const empty = await until(() => app.container.querySelector<HTMLElement>('[data-empty-state="project-settings-integrations"]'), 'the empty state');
    await click(button(empty, 'Connect GitHub'));
    const shown = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the secret');
    expect(shown.querySelector('h2')!.textContent).to.equal('GitHub webhook secret');
    expect(field(shown, 'Webhook secret').value).to.equal('first-secret');
    expect(api.sent('POST', '/workspaces/:slug/projects/:projectId/integrations')[0]!.body).to.deep.equal({ provider: 'github' });
    await click(button(shown, 'Done'));
    await until(() => !document.querySelector('[role="dialog"]'), 'the dialog closed');
    const section = app.container.querySelector<HTMLElement>('.app-integration')!;
    expect(field(section, 'Payload URL').value).to.equal('http://localhost:8080/api/integrations/github/i1');
    expect(section.querySelector('.app-integration-last')!.textContent).to.equal('No event has come from GitHub yet.');
    await expectAccessible(app.container);

    await click(button(section, 'Renew secret'));
    const asking = await until(() => document.querySelector<HTMLElement>('[role="alertdialog"], [role="dialog"]'), 'the question');
    await click(button(asking, 'Renew secret'));
    const renewed = await until(() => (document.querySelector<HTMLInputElement>('[role="dialog"] input')?.value === 'second-secret' ? document.querySelector<HTMLElement>('[role="dialog"]') : null), 'the new secret');
    await click(button(renewed, 'Done'));
    await until(() => !document.querySelector('[role="dialog"], [role="alertdialog"]'), 'the dialogs closed');

    await click(button(app.container.querySelector<HTMLElement>('.app-integration')!, 'Disconnect'));
    const disconnect = await until(() => document.querySelector<HTMLElement>('[role="alertdialog"], [role="dialog"]'), 'the question');
    expect(disconnect.textContent).to.contain('the links and changes already made stay');
    await click(button(disconnect, 'Disconnect'));
    await until(() => app.container.querySelector('[data-empty-state="project-settings-integrations"]'), 'the empty state again');
    expect(api.sent('DELETE', '/workspaces/:slug/projects/:projectId/integrations/:id')).to.have.length(1);
  });

  it("shows a member the connection and its last event, without its address or buttons (in the dark theme)", async () => {
    const { api } = seededApi((scene) => (scene.projects = [project(15)]));
    api.on('GET', '/workspaces/:slug/projects/:projectId/integrations', () => [
      connection({ last_delivery_at: '2026-12-03T09:30:00.000Z', last_delivery_result: 'Pull request #42 merged: WEB-3 moved to Done.' }),
    ]);
    const app = renderApp(SETTINGS_URL, { api, themeMode: 'dark' });
    const section = await until(() => app.container.querySelector<HTMLElement>('.app-integration'), 'the connection');
    expect(section.querySelector('.app-integration-last')!.textContent).to.match(/^Last event .+: Pull request #42 merged: WEB-3 moved to Done\.$/);
    expect(section.querySelector('input')).to.equal(null);
    expect(section.querySelectorAll('button')).to.have.length(0);
    await expectAccessible(app.container);
  });

  it('tells a guest who sees the integrations, without asking for them', async () => {
    const { api } = seededApi((scene) => (scene.projects = [project(5)]));
    const app = renderApp(SETTINGS_URL, { api });
    const section = await until(() => app.container.querySelector<HTMLElement>('section[aria-labelledby="project-integrations"]'), 'the section');
    await until(() => byText(section, '*', 'The project’s viewers, members and admins see what it is connected to.'), 'the note');
    expect(api.sent('GET', '/workspaces/:slug/projects/:projectId/integrations')).to.have.length(0);
  });
});

describe('project settings: members', () => {
  afterEach(cleanup);
  const MEMBERS = '/workspaces/:slug/projects/:projectId/members';
  const BOB: Member = { id: 'bbbbbbbb-0000-4000-8000-000000000002', display_name: 'Bob', first_name: 'Bob', is_bot: false, avatar: null, role: 15 };

  /** The project's settings over a fake whose project holds Ada (the reader) and whose workspace also has Grace and Bob. */
  function openMembers(role: RoleValue = 20) {
    const { api } = seededApi((scene) => (scene.projects = [project(role)]));
    let inProject: Member[] = [{ ...members[0]!, role }];
    api
      .on('GET', '/workspaces/:slug/members', () => [...members, BOB])
      .on('GET', MEMBERS, () => inProject)
      .on('POST', MEMBERS, (request) => {
        const body = request.body as { user_id: string; role: RoleValue };
        const added = { ...[...members, BOB].find((member) => member.id === body.user_id)!, role: body.role };
        inProject = [...inProject, added];
        return reply(201, added);
      })
      .on('PATCH', `${MEMBERS}/:userId`, (request) => {
        inProject = inProject.map((member) => (member.id === request.params.userId ? { ...member, role: (request.body as { role: RoleValue }).role } : member));
        return inProject.find((member) => member.id === request.params.userId);
      })
      .on('DELETE', `${MEMBERS}/:userId`, (request) => void (inProject = inProject.filter((member) => member.id !== request.params.userId)));
    const app = renderApp(SETTINGS_URL, { api });
    return { api, app };
  }
  const table = (root: HTMLElement) => root.querySelector<HTMLTableElement>('table[aria-label="Project members"]');
  const names = (root: HTMLElement) => [...table(root)!.querySelectorAll('tbody tr td:first-child')].map((cell) => cell.textContent);

  it('adds someone of the workspace with a role, changes a role, and removes a member after confirming', async () => {
    const { api, app } = openMembers();
    await until(() => table(app.container), 'the members');
    const form = await until(() => app.container.querySelector<HTMLElement>('form[aria-label="Add a project member"]'), 'the add form');
    const person = field<HTMLSelectElement>(form, 'Person');
    expect([...person.options].map((option) => option.textContent)).to.deep.equal(['Choose someone of the workspace', 'Grace', 'Bob']);
    await click(button(form, 'Add to project'));
    await until(() => byText(app.container, '[role="alert"]', 'Choose the person to add.'), 'asked to choose');
    person.focus();
    await press('ArrowDown');
    await press('ArrowDown');
    await until(() => person.value === BOB.id, 'Bob chosen', { saw: () => person.value });
    const roleField = field<HTMLSelectElement>(form, 'Role');
    roleField.focus();
    await press('ArrowDown');
    await until(() => roleField.value === '10', 'Viewer chosen', { saw: () => roleField.value });
    await click(button(form, 'Add to project'));
    await until(() => byText(document.body, '.app-toast', `${isolated('Bob')} added to ${isolated('Website')}.`), 'the toast');
    expect(api.sent('POST', MEMBERS)[0]!.body).to.deep.equal({ user_id: BOB.id, role: 10 });
    await until(() => names(app.container).includes('Bob'), 'Bob listed');
    expect([...field<HTMLSelectElement>(form, 'Person').options].map((option) => option.textContent), 'Bob is no longer a choice').to.deep.equal(['Choose someone of the workspace', 'Grace']);

    const bobRole = app.container.querySelector<HTMLSelectElement>('select[aria-label="Role of Bob"]')!;
    bobRole.value = '15';
    bobRole.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => api.sent('PATCH', `${MEMBERS}/:userId`).length === 1, 'the role change');
    expect(api.sent('PATCH', `${MEMBERS}/:userId`)[0]!.body).to.deep.equal({ role: 15 });

    // From the keyboard: the toasts may cover the button's place at the bottom of the screen.
    button(app.container, 'Remove Bob')!.focus();
    await press('Enter');
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the confirmation');
    expect(dialog.textContent).to.contain(`Remove ${isolated('Bob')} from ${isolated('Website')}?`);
    await click(button(dialog, 'Remove'));
    await until(() => !names(app.container).includes('Bob'), 'Bob gone');
    await until(() => document.activeElement === table(app.container), 'focus on the members');
    await expectAccessible(app.container);
  });

  it('shows a member the list without the admin controls, and lets them leave the project', async () => {
    const { api, app } = openMembers(15);
    await until(() => table(app.container), 'the members');
    expect(app.container.querySelector('form[aria-label="Add a project member"]')).to.equal(null);
    expect(table(app.container)!.querySelector('select')).to.equal(null);
    await click(button(table(app.container)!, 'Leave'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the confirmation');
    expect(dialog.textContent).to.contain(`Leave ${isolated('Website')}?`);
    await click(button(dialog, 'Leave'));
    await until(() => app.location() === paths.projects('acme'), 'the projects', { saw: app.location });
    expect(api.sent('DELETE', `${MEMBERS}/:userId`)[0]!.path).to.contain(members[0]!.id);
    await until(() => byText(document.body, '.app-toast', `You left ${isolated('Website')}.`), 'the toast');
  });
});
