import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseGithubIssues } from '../../src/server/imports/github-issues.js';
import { IMPORT_MAX_ISSUES } from '../../src/server/imports/import-file.js';
import { groupOfStatus, planImport, priorityOf, stateFor, type ProjectCatalogue, type ProjectState } from '../../src/server/imports/import-mapping.js';
import { parseJiraCsv } from '../../src/server/imports/jira-csv.js';
import { DEFAULT_STATES } from '../../src/server/projects/default-states.js';
import { githubIssuesJson, jiraCsv } from './import-fixtures.js';

const STATES: ProjectState[] = DEFAULT_STATES.map((state) => ({ ...state, id: state.name.toLowerCase().replace(' ', '-') }));

describe('GitHub issues JSON', () => {
  test('reads gh issue list output into issues, oldest number first', () => {
    const { issues, problems } = parseGithubIssues(githubIssuesJson('ada@example.com'));
    assert.deepEqual(problems, []);
    assert.deepEqual(issues.map((issue) => [issue.row, issue.title, issue.state.kind]), [
      [3, 'First issue', 'open'],
      [2, 'Document the "export" command', 'closed'],
      [1, 'Saving settings fails, sometimes', 'open'],
    ]);
    const saving = issues[2]!;
    assert.deepEqual(saving.labels, [{ name: 'bug', color: '#d73a4a' }, { name: 'Needs triage', color: '#ededed' }]);
    assert.deepEqual(saving.assignees, [{ email: 'ada@example.com', name: 'octocat' }]);
    assert.match(saving.description, /^## Steps/);
    assert.deepEqual(issues[1]!.assignees, [{ email: null, name: 'hubot' }]);
  });

  test('reports every problem of a file with its item number, and keeps no issue of a bad item', () => {
    const text = JSON.stringify([
      { number: 1, title: '', state: 'OPEN', labels: [], assignees: [] },
      { number: 2, title: 'Fine', state: 'OPEN', labels: [], assignees: [] },
      { number: 3, title: 'Odd state', state: 'MERGED', labels: [{ name: 'x' }], assignees: [] },
      'not an issue',
      { number: 5, title: 'Bad labels', state: 'closed', labels: 'bug', assignees: [{ name: 'no login' }] },
      { number: 6, title: 'Hidden \u0001 control', state: 'OPEN' },
      { number: 7, title: 'Long label', state: 'OPEN', labels: [{ name: 'x'.repeat(256), color: '' }], assignees: [] },
    ]);
    const { issues, problems } = parseGithubIssues(text);
    assert.deepEqual(issues.map((issue) => issue.title), ['Fine']);
    assert.deepEqual(problems, [
      { row: 1, reason: 'The issue has no title.' },
      { row: 3, reason: 'The state is neither OPEN nor CLOSED.' },
      { row: 4, reason: 'The item is not a GitHub issue (an object with a title).' },
      { row: 5, reason: 'The labels are not a list of labels with names.' },
      { row: 5, reason: 'The assignees are not a list of people with logins.' },
      { row: 6, reason: 'The title cannot contain control characters (only tabs and line breaks are allowed).' },
      { row: 7, reason: 'A label is longer than 255 characters.' },
    ]);
  });

  test('refuses what is not a JSON array of issues as a whole', () => {
    assert.match(parseGithubIssues('number,title\n1,x').problems[0]!.reason, /^The file is not JSON, so it is not a GitHub issues export/);
    assert.match(parseGithubIssues('[{"number": 1,').problems[0]!.reason, /^The file is not valid JSON \(/);
    assert.deepEqual(parseGithubIssues('{"issues": []}').problems, [
      { row: null, reason: 'The file is not a list of GitHub issues: it should be a JSON array, as `gh issue list --json` writes.' },
    ]);
    assert.deepEqual(parseGithubIssues('[]').problems, [{ row: null, reason: 'The file holds no issues.' }]);
    const many = JSON.stringify(Array.from({ length: IMPORT_MAX_ISSUES + 1 }, (_, i) => ({ number: i, title: `#${i}`, state: 'OPEN' })));
    assert.deepEqual(parseGithubIssues(many).problems, [
      { row: null, reason: `The file holds ${IMPORT_MAX_ISSUES + 1} issues; one import takes at most ${IMPORT_MAX_ISSUES}. Split it into smaller files.` },
    ]);
  });
});

describe('Jira CSV', () => {
  test('reads quoted commas, quotes, line breaks, the byte order mark and repeated Labels columns', async () => {
    const { issues, problems } = await parseJiraCsv(jiraCsv('ada@example.com'));
    assert.deepEqual(problems, []);
    assert.deepEqual(issues.map((issue) => [issue.row, issue.title]), [
      [4, 'Set up CI'],
      [3, 'Write the release notes'],
      [2, 'Login fails, then "retry" loops'],
    ]);
    const login = issues[2]!;
    assert.equal(login.description, 'The login page:\n\n* loops on *retry*\n* shows "error, 500"');
    assert.deepEqual(login.labels, [{ name: 'backend', color: '' }, { name: 'Urgent-fix', color: '' }]);
    assert.deepEqual(login.assignees, [{ email: 'ada@example.com', name: 'ada@example.com' }]);
    assert.deepEqual(login.state, { kind: 'named', name: 'In Review' });
    assert.equal(login.priority, 'Highest');
    assert.deepEqual(issues[1]!.assignees, [{ email: null, name: 'Ann Lee' }]);
    assert.deepEqual(issues[0]!.assignees, []);
  });

  test('finds columns by name in any case and order, and reads the status category', async () => {
    const { issues } = await parseJiraCsv('status category,SUMMARY,status\r\nDone,Ship it,Shipped\n\n');
    assert.deepEqual(issues.map((issue) => [issue.row, issue.title, issue.state]), [[2, 'Ship it', { kind: 'named', name: 'Shipped', category: 'Done' }]]);
  });

  test('reports rows without a title or with too many fields by their row number, counting a quoted line break as one row', async () => {
    const csv = 'Summary,Description\n"Fine","two\nlines"\n"",no title\nA,b,c\n   ,\n';
    const { issues, problems } = await parseJiraCsv(csv);
    assert.deepEqual(issues.map((issue) => issue.title), ['Fine']);
    assert.deepEqual(problems, [
      { row: 3, reason: 'The issue has no title.' },
      { row: 4, reason: 'The row has 3 fields but the header names 2 columns.' },
    ]);
  });

  test('refuses JSON, a file without a Summary column, an unreadable one and an empty one', async () => {
    assert.deepEqual((await parseJiraCsv('[{"number": 1, "title": "x"}]')).problems, [
      { row: null, reason: 'The file is JSON, not a Jira CSV export: a GitHub issues file is imported as GitHub.' },
    ]);
    assert.deepEqual((await parseJiraCsv('Title,Body\nx,y\n')).problems, [
      { row: 1, reason: 'The file has no “Summary” column, so it is not a Jira CSV export (its first row should name the columns).' },
    ]);
    assert.match((await parseJiraCsv('Summary\n"open quote\n')).problems[0]!.reason, /^The file is not valid CSV \(/);
    assert.deepEqual((await parseJiraCsv('Summary\r\n')).problems, [{ row: null, reason: 'The file holds no issues.' }]);
  });
});

describe('Mapping to the project', () => {
  test('GitHub states: open goes to the default state while it is not started, closed to the first completed state', () => {
    assert.equal(stateFor({ kind: 'open' }, STATES).state?.name, 'Backlog');
    assert.equal(stateFor({ kind: 'closed' }, STATES).state?.name, 'Done');
    const startedDefault = STATES.map((state) => ({ ...state, is_default: state.group === 'started' }));
    assert.equal(stateFor({ kind: 'open' }, startedDefault).state?.name, 'Todo');
    const noCompleted = stateFor({ kind: 'closed' }, STATES.filter((state) => state.group !== 'completed'));
    assert.deepEqual([noCompleted.state?.name, noCompleted.note], ['Backlog', 'The project has no completed state; the closed issue goes to “Backlog”.']);
  });

  test('Jira statuses: by name in any case, then by the words of the name, then by the status category', () => {
    const named = (name: string, category?: string) => stateFor({ kind: 'named', name, ...(category ? { category } : {}) }, STATES).state?.name;
    assert.equal(named('in progress'), 'In Progress');
    assert.equal(named('TODO'), 'Todo');
    assert.equal(named('In Review'), 'In Progress');
    assert.equal(named('Selected for Development'), 'Todo');
    assert.equal(named("Won't Do"), 'Cancelled');
    assert.equal(named('Resolved'), 'Done');
    assert.equal(named('Shipped', 'Done'), 'Done');
    assert.deepEqual(stateFor({ kind: 'named', name: 'Parked' }, STATES), { state: STATES[0], note: 'The status “Parked” matches no state of the project; the issue goes to “Backlog”.' });
    assert.equal(groupOfStatus('To Do'), 'unstarted');
  });

  test('Jira priorities map to ours; an unknown one is none, with a note', () => {
    assert.deepEqual(['Highest', 'High', 'Medium', 'Low', 'Lowest', 'blocker', 'Minor'].map((name) => priorityOf(name)), ['urgent', 'high', 'medium', 'low', 'none', 'urgent', 'low']);
    assert.equal(priorityOf(null), 'none');
    const plan = planImport([{ row: 2, title: 'x', description: '', state: { kind: 'default' }, priority: 'P0', labels: [], assignees: [] }], { states: STATES, labels: [], members: [] });
    assert.equal(plan.issues[0]!.priority, 'none');
    assert.deepEqual(plan.notes, [{ row: 2, reason: 'The priority “P0” is not one the project knows; the issue has no priority.' }]);
  });

  test('labels are reused by name in any case and created once; assignees are matched by e-mail only', () => {
    const catalogue: ProjectCatalogue = { states: STATES, labels: [{ id: 'l1', name: 'Bug' }], members: [{ id: 'u1', email: 'Ada@Example.com' }] };
    const issue = (row: number, labels: string[], assignees: Array<{ email: string | null; name: string }>) => ({
      row,
      title: `#${row}`,
      description: '',
      state: { kind: 'open' } as const,
      priority: null,
      labels: labels.map((name) => ({ name, color: '' })),
      assignees,
    });
    const plan = planImport(
      [issue(1, ['bug', 'docs'], [{ email: 'ada@example.com', name: 'ada' }]), issue(2, ['DOCS'], [{ email: null, name: 'hubot' }, { email: 'bob@example.com', name: 'bob' }])],
      catalogue,
    );
    assert.deepEqual(plan.issues.map((planned) => [planned.labelNames, planned.assigneeIds]), [
      [['Bug', 'docs'], ['u1']],
      [['docs'], []],
    ]);
    assert.deepEqual(plan.newLabels, [{ name: 'docs', color: '' }]);
    assert.deepEqual(plan.notes, [
      { row: 2, reason: 'The assignee “hubot” has no e-mail address in the file to match a member by; the issue is not assigned to them.' },
      { row: 2, reason: 'No member of the project has the e-mail bob@example.com; the issue is not assigned to them.' },
    ]);
  });
});
