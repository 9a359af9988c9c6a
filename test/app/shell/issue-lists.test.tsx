import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { listedIssue, project, PROJECT_ID, workspace } from './fixtures.js';
import { chooseMenuItem, click, menuItem, openMenuItem, typeInto } from './input.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { isolated } from '../../../src/app/ui/bidi.js';

const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-issue-row')];
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

describe('projects screen', () => {
  afterEach(cleanup);

  it("lists the workspace's projects, each opening its issues", async () => {
    const { api } = seededApi();
    const app = renderApp('/acme/projects', { api });
    const card = await until(() => byText(app.container, 'a.app-project-card', 'Website'), 'the project card');
    expect(card.textContent).to.contain('WEB');
    expect(card.textContent).to.contain('The public site');
    await expectAccessible(app.container);
    await click(card);
    await until(() => app.location() === paths.projectIssues('acme', PROJECT_ID), 'the project issues');
  });

  it('creates a project (Member and up) and opens it', async () => {
    const { api, scene } = seededApi();
    const created = project(20, { id: '77777777-7777-4777-8777-777777777777', name: 'Mobile App', identifier: 'MOBIL' });
    api.on('POST', '/workspaces/:slug/projects', () => {
      scene.projects.push(created);
      return reply(201, created);
    });
    const app = renderApp('/acme/projects', { api });
    await until(() => byText(app.container, 'a.app-project-card', 'Website'), 'the projects');
    await click(button(app.container, 'Create project'));
    const form = await until(() => dialog(), 'the dialog');
    await typeInto(field(form, 'Name'), 'Mobile App');
    expect(field(form, 'Identifier').value).to.equal('MOBIL');
    await expectAccessible(form);
    await click(button(form, 'Create project'));
    await until(() => app.location() === paths.projectIssues('acme', created.id), 'the new project');
    expect(api.sent('POST', '/workspaces/acme/projects')[0]!.body).to.deep.equal({ name: 'Mobile App', identifier: 'MOBIL', description: '' });
    await until(() => document.querySelector('.app-toast')?.textContent?.includes(`Project ${isolated('Mobile App')} created.`), 'the success toast');
  });

  it("shows the server's refusal in the dialog", async () => {
    const { api } = seededApi();
    api.on('POST', '/workspaces/:slug/projects', () => reply(409, { error: 'This project identifier is already used in the workspace.' }));
    const app = renderApp('/acme/projects', { api });
    await until(() => byText(app.container, 'a.app-project-card', 'Website'), 'the projects');
    await click(button(app.container, 'Create project'));
    const form = await until(() => dialog(), 'the dialog');
    await typeInto(field(form, 'Name'), 'Web');
    await sendKeys({ press: 'Enter' });
    await until(() => byText(form, '[role="alert"]', 'already used'), 'the refusal');
    await sendKeys({ press: 'Escape' });
    await until(() => !dialog(), 'the dialog to close');
  });

  it('disables creating for viewers and guests', async () => {
    const { api } = seededApi((scene) => (scene.workspace = workspace(10)));
    const app = renderApp('/acme/projects', { api });
    await until(() => byText(app.container, 'a.app-project-card', 'Website'), 'the projects');
    expect(button(app.container, 'Create project')!.disabled).to.equal(true);
  });
});

describe('project issues screen', () => {
  afterEach(cleanup);

  it('lists issues by key ({identifier}-{sequence_id}) with their state colour', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 3, 'three issues');
    const keys = rows(app.container).map((row) => row.querySelector('.app-issue-key')!.textContent);
    expect(keys).to.deep.equal(['WEB-3', 'WEB-2', 'WEB-1']);
    const stateIcon = (row: HTMLElement) => getComputedStyle(row.querySelector('.app-state-icon svg')!).stroke;
    // The state's amber, darkened just enough to keep 3:1 on the light background.
    expect(stateIcon(rows(app.container)[0]!)).to.equal('rgb(196, 126, 9)');
    // Without a state, the spec's grey.
    expect(stateIcon(rows(app.container)[2]!)).to.equal('rgb(107, 114, 128)');
    expect(rows(app.container)[0]!.querySelector('a')!.getAttribute('href')).to.equal(paths.issue('acme', PROJECT_ID, listedIssue(3).id));
    await expectAccessible(app.container);
  });

  it('deletes several issues with the bulk delete dialog, and brings them back with the toast’s Undo', async () => {
    const { api, scene } = seededApi();
    let bin: typeof scene.issues = [];
    api.on('DELETE', '/workspaces/:slug/projects/:projectId/bulk-delete-issues', (request) => {
      const ids = (request.body as { issue_ids: string[] }).issue_ids;
      bin = scene.issues.filter((issue) => ids.includes(issue.id));
      scene.issues = scene.issues.filter((issue) => !ids.includes(issue.id));
      return { deleted: ids.length };
    });
    api.on('POST', '/workspaces/:slug/projects/:projectId/bulk-delete-issues/undo', () => {
      scene.issues = [...scene.issues, ...bin];
      return { restored: bin.splice(0).length };
    });
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 3, 'the issues');
    await chooseMenuItem(app.container, 'More issue actions', 'Delete issues');
    const form = await until(() => dialog(), 'the dialog');
    const checkboxes = await until(() => {
      const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
      return boxes.length === 3 ? boxes : null;
    }, 'the issues to pick');
    await click(checkboxes[0]!);
    await click(checkboxes[2]!);
    const submit = [...form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')][0]!;
    await click(submit);
    await until(() => rows(app.container).length === 1, 'two issues gone');
    expect(api.sent('DELETE', '/workspaces/acme/projects/:projectId/bulk-delete-issues')[0]!.body).to.deep.equal({
      issue_ids: [listedIssue(3).id, listedIssue(1).id],
    });
    await until(() => byText(document, '.app-toast', 'Issues deleted successfully!'), 'the success toast');
    const toast = byText(document, '.app-toast', 'Issues deleted successfully!')!;
    expect(toast.querySelector('.app-toast-title')!.textContent).to.equal('Success!');
    await click(button(toast, 'Undo'));
    await until(() => rows(app.container).length === 3, 'both issues back');
    expect(api.sent('POST', '/workspaces/acme/projects/:projectId/bulk-delete-issues/undo')[0]!.body).to.deep.equal({ issue_ids: [listedIssue(3).id, listedIssue(1).id] });
    await until(() => byText(document, '.app-toast', '2 issues restored.'), 'the restored toast');
  });

  it('shows "Error!" when bulk delete fails', async () => {
    const { api } = seededApi();
    api.on('DELETE', '/workspaces/:slug/projects/:projectId/bulk-delete-issues', () => reply(500, { error: 'Boom.' }));
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 3, 'the issues');
    await chooseMenuItem(app.container, 'More issue actions', 'Delete issues');
    const form = await until(() => dialog(), 'the dialog');
    await click(await until(() => form.querySelector('input[type="checkbox"]'), 'a checkbox'));
    await click(form.querySelector('button[type="submit"]'));
    const toast = await until(() => byText(document, '.app-toast', 'Something went wrong. Please try again.'), 'the error toast');
    expect(toast.querySelector('.app-toast-title')!.textContent).to.equal('Error!');
    expect(rows(app.container)).to.have.length(3);
  });

  it('disables creating and deleting for viewers', async () => {
    const { api } = seededApi((scene) => (scene.projects = [project(10)]));
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 3, 'the issues');
    expect(button(app.container, 'Create issue')!.disabled).to.equal(true);
    const remove = await openMenuItem(app.container, 'More issue actions', 'Delete issues');
    expect(remove.getAttribute('aria-disabled')).to.equal('true');
    expect(remove.getAttribute('title')).to.equal('Only members and admins can change issues.');
    const importing = await menuItem('Import issues');
    expect(importing.getAttribute('aria-disabled')).to.equal('true');
  });

  it('loads more issues page by page', async () => {
    const many = Array.from({ length: 60 }, (_, i) => listedIssue(60 - i));
    const { api } = seededApi();
    api.on('GET', '/workspaces/:slug/projects/:projectId/issues', (request) => {
      const offset = Number(request.query.get('offset') ?? 0);
      const limit = Number(request.query.get('limit'));
      return reply(200, many.slice(offset, offset + limit), { 'x-total-count': '60' });
    });
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 50, 'the first page');
    expect(app.container.textContent).to.contain('Showing 50 of 60 issues.');
    await click(button(app.container, 'Show more issues'));
    await until(() => rows(app.container).length === 60, 'the second page');
    expect(button(app.container, 'Show more issues')).to.equal(null);
  });
});

describe('workspace issue tabs', () => {
  afterEach(cleanup);

  for (const [tab, label] of [['all-issues', 'All issues'], ['assigned', 'Assigned'], ['created', 'Created'], ['subscribed', 'Subscribed']] as const) {
    it(`shows the ${tab} tab ("${label}") with its issues`, async () => {
      const { api } = seededApi();
      const app = renderApp(paths.workspaceIssues('acme', tab), { api });
      await until(() => rows(app.container).length === 3, 'the issues');
      expect(api.sent('GET', '/workspaces/acme/issues')[0]!.query.get('tab')).to.equal(tab);
      const tabs = app.container.querySelector('nav[aria-label="Issue tabs"]')!;
      expect([...tabs.querySelectorAll('a')].map((a) => a.textContent)).to.deep.equal(['All issues', 'Assigned', 'Created', 'Subscribed']);
      expect(tabs.querySelector('[aria-current="page"]')!.textContent).to.equal(label);
      expect(app.container.querySelector(`ul[aria-label="${label}"]`)).to.not.equal(null);
      await expectAccessible(app.container);
    });
  }

  it('moves between tabs', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.workspaceIssues('acme', 'all-issues'), { api });
    await until(() => rows(app.container).length === 3, 'the issues');
    await click(byText(app.container, 'nav[aria-label="Issue tabs"] a', 'Subscribed'));
    await until(() => app.location() === '/acme/workspace-views/subscribed', 'the subscribed tab');
  });
});
