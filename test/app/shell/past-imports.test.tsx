import { expect } from '@open-wc/testing';
import type { ImportJob } from '../../../src/app/api/imports.js';
import { EMPTY_STATES } from '../../../src/app/empty-states/index.js';
import { paths } from '../../../src/app/router/paths.js';
import { IMPORT_SOURCE_NAMES, IMPORT_STATUS_TEXT, IMPORT_WORDS, importedSentence, rowText } from '../../../src/app/screens/imports/import-words.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { gate } from './fake-api.js';
import { PROJECT_ID, USER_ID, project } from './fixtures.js';
import { click } from './input.js';
import { button, byText, cleanup, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

const IMPORTS = '/workspaces/:slug/projects/:projectId/imports';
const OTHER_PROJECT = '77777777-7777-4777-8777-777777777777';
const HIDDEN_PROJECT = '88888888-8888-4888-8888-888888888888';
const URL = paths.settings('acme', 'exports');
const EMPTY = EMPTY_STATES['settings-import'];

function job(n: number, fields: Partial<ImportJob> = {}): ImportJob {
  return {
    id: `dddddddd-dddd-4ddd-8ddd-00000000000${n}`,
    project_id: PROJECT_ID,
    source: 'github',
    filename: `issues-${n}.json`,
    status: 'completed',
    progress: { done: 3, total: 3 },
    report: { imported: 3, labels_created: 0, problems: [], notes: [] },
    error: null,
    requested_by: USER_ID,
    created_at: `2025-01-0${n}T09:00:00.000Z`,
    updated_at: `2025-01-0${n}T09:00:00.000Z`,
    completed_at: `2025-01-0${n}T09:01:00.000Z`,
    ...fields,
  };
}

const section = (root: HTMLElement) => root.querySelector<HTMLElement>('section[aria-labelledby="settings-imports"]')!;
const table = (root: HTMLElement) => section(root).querySelector<HTMLTableElement>(`table[aria-label="${IMPORT_WORDS.list}"]`);
const cells = (root: HTMLElement) => [...table(root)!.tBodies[0]!.rows].map((row) => [...row.cells].map((cell) => cell.textContent));

/** The seeded workspace with three projects: Website and Mobile, whose imports the admin reads, and one they only view. */
function importsApi(byProject: Record<string, ImportJob[]>) {
  const { api } = seededApi((scene) => {
    scene.projects = [project(20), project(15, { id: OTHER_PROJECT, name: 'Mobile', identifier: 'MOB' }), project(10, { id: HIDDEN_PROJECT, name: 'Archive', identifier: 'ARC' })];
  });
  api.on('GET', IMPORTS, (request) => byProject[request.params.projectId!] ?? reply(403, { error: 'This needs the Member role or higher in this project.' }));
  return api;
}

describe('settings: past imports', () => {
  afterEach(cleanup);

  it('lists the imports of every project, newest first: when, project, source and file, status and what each did', async () => {
    const api = importsApi({
      [PROJECT_ID]: [
        job(3, { status: 'processing', progress: { done: 1, total: 4 }, report: null, completed_at: null }),
        job(1, { source: 'jira', filename: 'jira.csv', report: { imported: 5, labels_created: 2, problems: [], notes: [{ row: 4, reason: 'The assignee matched nobody.' }] } }),
      ],
      [OTHER_PROJECT]: [
        job(2, {
          project_id: OTHER_PROJECT,
          status: 'failed',
          report: { imported: 0, labels_created: 0, problems: [{ row: 2, reason: 'The issue has no title.' }, { row: null, reason: 'The file has no issues.' }], notes: [] },
          error: 'The file has problems: nothing was imported.',
        }),
      ],
    });
    const app = renderApp(URL, { api });
    await until(() => table(app.container), 'the past imports');
    expect(cells(app.container).map(([, ...rest]) => rest)).to.deep.equal([
      ['Website', `${IMPORT_SOURCE_NAMES.github}issues-3.json`, ` ${IMPORT_WORDS.progress(1, 4)}`, ''],
      ['Mobile', `${IMPORT_SOURCE_NAMES.github}issues-2.json`, IMPORT_STATUS_TEXT.failed, `The file has problems: nothing was imported.${IMPORT_WORDS.problemCount(2)}${rowText({ row: 2, reason: 'The issue has no title.' })}The file has no issues.`],
      ['Website', `${IMPORT_SOURCE_NAMES.jira}jira.csv`, IMPORT_STATUS_TEXT.completed, `${importedSentence({ imported: 5, labels_created: 2, problems: [], notes: [] })}${IMPORT_WORDS.noteCount(1)}Row 4: The assignee matched nobody.`],
    ]);
    expect(importedSentence({ imported: 5, labels_created: 2, problems: [], notes: [] })).to.equal('Imported 5 issues and created 2 labels.');
    const times = [...table(app.container)!.querySelectorAll('time')].map((time) => time.getAttribute('datetime'));
    expect(times).to.deep.equal(['2025-01-03T09:00:00.000Z', '2025-01-02T09:00:00.000Z', '2025-01-01T09:00:00.000Z']);
    expect(table(app.container)!.querySelector(`progress[aria-label="${IMPORT_WORDS.progressOf('issues-3.json')}"]`)).to.not.equal(null);
    // The project the admin only views is not asked; the empty state is gone while there are imports.
    expect(api.sent('GET', IMPORTS).map((request) => request.params.projectId).sort()).to.deep.equal([PROJECT_ID, OTHER_PROJECT].sort());
    expect(section(app.container).querySelector('[data-empty-state="settings-import"]')).to.equal(null);
    // A report's rows unfold from the keyboard or the mouse.
    const problems = byText(section(app.container), 'summary', IMPORT_WORDS.problemCount(2))!;
    await click(problems);
    expect(problems.parentElement!.hasAttribute('open')).to.equal(true);
    await expectAccessible(app.container);
    // Another import starts as the empty state's button does: the first project's issue list with its dialog.
    await click(button(section(app.container), IMPORT_WORDS.importIssues));
    await until(() => (app.location() === paths.projectIssues('acme', PROJECT_ID) ? true : app.location()), 'the issue list');
    await until(() => byText(document.body, '[role="dialog"] h2', IMPORT_WORDS.importIssues), 'the import dialog');
  });

  it('shows loading, then the empty state only when no project has imports', async () => {
    const held = gate();
    const api = importsApi({ [PROJECT_ID]: [], [OTHER_PROJECT]: [] });
    api.on('GET', IMPORTS, async () => (await held.opened, []));
    const app = renderApp(URL, { api });
    await until(() => byText(app.container, '[role="status"]', IMPORT_WORDS.loading), 'the loading state');
    expect(section(app.container).querySelector('[data-empty-state="settings-import"]')).to.equal(null);
    held.open();
    await until(() => byText(section(app.container), 'h3', EMPTY.title), 'the empty state');
    expect(table(app.container)).to.equal(null);
  });

  it('shows the server’s error with Try again, which asks again', async () => {
    let fail = true;
    const api = importsApi({});
    api.on('GET', IMPORTS, (request) => (fail ? reply(503, { error: 'The server is busy.' }) : request.params.projectId === PROJECT_ID ? [job(1)] : []));
    const app = renderApp(URL, { api });
    const alert = await until(() => byText(section(app.container), '[role="alert"]', 'The server is busy.'), 'the failure');
    fail = false;
    await click(button(alert, 'Try again'));
    await until(() => table(app.container), 'the imports after the retry');
    expect(cells(app.container).map((row) => row[1])).to.deep.equal(['Website']);
  });
});
