import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { ImportJob } from '../../../src/app/api/imports.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { PROJECT_ID, project, USER_ID, workspace } from './fixtures.js';
import { chooseMenuItem, click, openMenuItem, press } from './input.js';
import { button, byText, cleanup, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';
import type { FakeApi } from './fake-api.js';

const IMPORTS = '/workspaces/:slug/projects/:projectId/imports';
const IMPORT = `${IMPORTS}/:importId`;
const ISSUES = '/workspaces/:slug/projects/:projectId/issues';
const JOB_ID = 'dddddddd-dddd-4ddd-8ddd-000000000001';
const dialog = () => document.querySelector<HTMLElement>('.app-dialog[role="dialog"]');

function job(fields: Partial<ImportJob>): ImportJob {
  return {
    id: JOB_ID,
    project_id: PROJECT_ID,
    source: 'github',
    filename: 'issues.json',
    status: 'queued',
    progress: { done: 0, total: 0 },
    report: null,
    error: null,
    requested_by: USER_ID,
    created_at: '2025-01-01T09:00:00.000Z',
    updated_at: '2025-01-01T09:00:00.000Z',
    completed_at: null,
    ...fields,
  };
}

/** The seeded workspace whose import is at `stage()` whenever the dialog asks. */
function importsApi(stage: () => ImportJob): FakeApi {
  const { api } = seededApi();
  return api.on('POST', IMPORTS, () => reply(202, job({}))).on('GET', IMPORT, () => stage());
}

/** Opens the project's issue list and its Import issues dialog. */
async function openDialog(api: FakeApi, themeMode: 'light' | 'dark' = 'light'): Promise<HTMLElement> {
  const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api, themeMode });
  await chooseMenuItem(app.container, 'More issue actions', 'Import issues');
  return until(() => (byText(document.body, '[role="dialog"] h2', 'Import issues') ? dialog() : null), 'the import dialog');
}

/** Chooses `file` in the dialog's file field. */
function choose(root: HTMLElement, file: File): void {
  const input = root.querySelector<HTMLInputElement>('input[type="file"]')!;
  const files = new DataTransfer();
  files.items.add(file);
  input.files = files.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('importing issues', () => {
  afterEach(cleanup);

  it('sends the chosen file from the chosen source, shows the progress, then the report, and reloads the list', async () => {
    let stage = job({ status: 'processing', progress: { done: 1, total: 3 } });
    const api = importsApi(() => stage);
    const root = await openDialog(api);
    const github = root.querySelector<HTMLInputElement>('input[type="radio"][value="github"]')!;
    expect(github.checked).to.equal(true);
    await click(root.querySelector<HTMLInputElement>('input[type="radio"][value="jira"]'));
    const input = root.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).to.equal('.csv,text/csv');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).to.contain('Export Excel CSV');
    // Without a file, the field says so and nothing is sent.
    await click(button(root, 'Import'));
    await until(() => byText(root, '[role="alert"]', 'Choose the export file to import.'), 'the missing file');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(api.sent('POST', IMPORTS)).to.have.length(0);
    await expectAccessible(root);
    choose(root, new File(['Summary\nOne\n'], 'jira.csv', { type: 'text/csv' }));
    await click(button(root, 'Import'));
    await until(() => byText(root, '[role="status"]', 'Importing… 1 of 3 issues read.'), 'the progress');
    const form = api.sent('POST', IMPORTS)[0]!.body as FormData;
    expect([form.get('source'), (form.get('file') as File).name]).to.deep.equal(['jira', 'jira.csv']);
    expect(root.querySelector('progress[aria-label="Import progress"]')).to.not.equal(null);
    await expectAccessible(root);
    const listsBefore = api.sent('GET', ISSUES).length;
    stage = job({
      status: 'completed',
      progress: { done: 3, total: 3 },
      report: { imported: 3, labels_created: 2, problems: [], notes: [{ row: 4, reason: 'The assignee “Ann Lee” has no e-mail address in the file to match a member by; the issue is not assigned to them.' }] },
    });
    await until(() => byText(root, '[role="status"]', 'Imported 3 issues and created 2 labels.'), 'the report');
    expect(byText(root, 'li', 'Row 4: The assignee “Ann Lee” has no e-mail address')).to.not.equal(null);
    await until(() => api.sent('GET', ISSUES).length > listsBefore, 'the issue list loaded again');
    await expectAccessible(root);
    await click(button(root, 'Done'));
    await until(() => dialog() === null, 'the dialog closed');
  });

  it('shows why a file imported nothing, row by row, and starts again from the form', async () => {
    const problems = [
      { row: 2, reason: 'The issue has no title.' },
      { row: 5, reason: 'The state is neither OPEN nor CLOSED.' },
    ];
    const api = importsApi(() => job({ status: 'failed', error: 'Nothing was imported: the file has 2 problems.', report: { imported: 0, labels_created: 0, problems, notes: [] } }));
    const root = await openDialog(api);
    choose(root, new File(['[]'], 'issues.json', { type: 'application/json' }));
    await click(button(root, 'Import'));
    await until(() => byText(root, '[role="alert"]', 'Nothing was imported: the file has 2 problems.'), 'the refusal');
    expect([...root.querySelectorAll('li')].map((item) => item.textContent)).to.deep.equal(['Row 2: The issue has no title.', 'Row 5: The state is neither OPEN nor CLOSED.']);
    await expectAccessible(root);
    await click(button(root, 'Import another file'));
    await until(() => root.querySelector('input[type="file"]'), 'the form again');
  });

  it("shows the server's refusal of the file in the form, and Escape closes the dialog", async () => {
    const { api } = seededApi();
    api.on('POST', IMPORTS, () => reply(413, { error: 'The file is too large: an import file can be at most 5 MB.' }));
    const root = await openDialog(api, 'dark');
    choose(root, new File(['[]'], 'issues.json'));
    await click(button(root, 'Import'));
    await until(() => byText(root, '[role="alert"]', 'The file is too large: an import file can be at most 5 MB.'), 'the refusal');
    await expectAccessible(root);
    await press('Escape');
    await until(() => dialog() === null, 'the dialog closed');
  });

  it("starts from the workspace settings' imports: the first project's issue list opens with the dialog", async () => {
    const { api } = seededApi();
    const app = renderApp(paths.settings('acme', 'exports'), { api });
    // The exports' list first: once it is in, the imports section below it stays where it is.
    await until(() => app.container.querySelector('[data-empty-state="settings-export"]'), 'the exports list');
    const settingsImport = await until(() => app.container.querySelector('[data-empty-state="settings-import"]'), 'the imports empty state');
    await click(button(settingsImport as HTMLElement, 'Import issues'));
    await until(() => (app.location() === paths.projectIssues('acme', PROJECT_ID) ? true : app.location()), 'the issue list');
    await until(() => byText(document.body, '[role="dialog"] h2', 'Import issues'), 'the import dialog');
  });

  it('is not offered to a viewer', async () => {
    const { api } = seededApi((scene) => {
      scene.workspace = workspace(10);
      scene.projects = [project(10)];
    });
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => app.container.querySelector('.app-issue-row'), 'the issues');
    const importItem = await openMenuItem(app.container, 'More issue actions', 'Import issues');
    await until(() => importItem.getAttribute('aria-disabled') === 'true', 'the item disabled once the role is known');
    expect(importItem.title).to.equal('Only members and admins can change issues.');
  });

  it('fits a 390 px wide phone screen', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      const api = importsApi(() => job({ status: 'failed', error: 'Nothing was imported: the file has one problem.', report: { imported: 0, labels_created: 0, problems: [{ row: 2, reason: 'x'.repeat(300) }], notes: [] } }));
      const root = await openDialog(api);
      choose(root, new File(['[]'], 'issues.json'));
      await click(button(root, 'Import'));
      await until(() => byText(root, '[role="alert"]', 'Nothing was imported'), 'the report');
      const box = root.getBoundingClientRect();
      expect(box.left).to.be.at.least(0);
      expect(box.right).to.be.at.most(390);
      expect(root.scrollWidth).to.be.at.most(root.clientWidth);
    } finally {
      await setViewport({ width: 1280, height: 800 });
    }
  });
});
