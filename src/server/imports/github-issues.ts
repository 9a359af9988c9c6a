import { countProblems, distinctLabels, emailOf, setProblems, textProblems, titleProblems, type ImportedIssue, type ImportedPerson, type ParsedImport, type RowProblem } from './import-file.js';

/**
 * GitHub issues as `gh issue list --json number,title,body,state,labels,assignees,createdAt`
 * writes them: a JSON array of `{ number, title, body, state: "OPEN" | "CLOSED", labels: [{ id,
 * name, description, color }], assignees: [{ id, login, name }], createdAt }`. The REST API's
 * lowercase states ("open", "closed") are read too. Each item is checked and every problem is
 * reported with its position in the array (from 1); an item with problems is never half read.
 */
export function parseGithubIssues(text: string): ParsedImport {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    // A CSV file (a Jira export) chosen as GitHub's: say which it looks like, not where JSON broke.
    const reason = /^\s*[[{]/.test(text.replace(/^\uFEFF/, ''))
      ? `The file is not valid JSON (${(error as Error).message}).`
      : 'The file is not JSON, so it is not a GitHub issues export (`gh issue list --json` writes a JSON array): a Jira CSV export is imported as Jira.';
    return { issues: [], problems: [{ row: null, reason }] };
  }
  if (!Array.isArray(data)) {
    return { issues: [], problems: [{ row: null, reason: 'The file is not a list of GitHub issues: it should be a JSON array, as `gh issue list --json` writes.' }] };
  }
  const problems: RowProblem[] = [...countProblems(data.length)];
  const read: Array<{ issue: ImportedIssue; number: number }> = [];
  data.forEach((item: unknown, index) => {
    const row = index + 1;
    const outcome = readIssue(row, item);
    if ('problems' in outcome) problems.push(...outcome.problems);
    else read.push({ issue: outcome.issue, number: typeof (item as Item).number === 'number' ? ((item as Item).number as number) : row });
  });
  // `gh` lists the newest first: created oldest first, the issues keep GitHub's order in their keys.
  return { issues: read.sort((a, b) => a.number - b.number).map(({ issue }) => issue), problems };
}

type Item = Record<string, unknown>;

const isObject = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list field's objects, or null when it is neither missing nor a list of objects. */
function objects(value: unknown): Item[] | null {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) && value.every(isObject) ? value : null;
}

function readIssue(row: number, item: unknown): { issue: ImportedIssue } | { problems: RowProblem[] } {
  if (!isObject(item)) return { problems: [{ row, reason: 'The item is not a GitHub issue (an object with a title).' }] };
  const problems: RowProblem[] = [];
  const title = typeof item.title === 'string' ? item.title : '';
  if (typeof item.title !== 'string' && item.title !== undefined && item.title !== null) problems.push({ row, reason: 'The title is not text.' });
  else problems.push(...titleProblems(row, title));
  if (item.body !== undefined && item.body !== null && typeof item.body !== 'string') problems.push({ row, reason: 'The body is not text.' });
  const state = typeof item.state === 'string' ? item.state.toUpperCase() : null;
  if (state !== 'OPEN' && state !== 'CLOSED') problems.push({ row, reason: 'The state is neither OPEN nor CLOSED.' });
  const labels = objects(item.labels);
  if (!labels || labels.some((label) => typeof label.name !== 'string')) problems.push({ row, reason: 'The labels are not a list of labels with names.' });
  const assignees = objects(item.assignees);
  if (!assignees || assignees.some((person) => typeof person.login !== 'string')) problems.push({ row, reason: 'The assignees are not a list of people with logins.' });
  if (problems.length) return { problems };
  const issueLabels = distinctLabels(labels!.map((label) => ({ name: label.name as string, color: labelColour(label.color) })));
  const people = assignees!.map(person);
  const issue: ImportedIssue = {
    row,
    title: title.trim(),
    description: typeof item.body === 'string' ? item.body : '',
    state: { kind: state === 'OPEN' ? 'open' : 'closed' },
    priority: null,
    labels: issueLabels,
    assignees: people,
  };
  const later = [...setProblems(row, issueLabels, people), ...textProblems(row, issue)];
  return later.length ? { problems: later } : { issue };
}

/** GitHub's label colour ('d73a4a') as '#d73a4a'; '' when it is not six hex digits. */
function labelColour(color: unknown): string {
  return typeof color === 'string' && /^#?[0-9a-f]{6}$/i.test(color) ? `#${color.replace(/^#/, '').toLowerCase()}` : '';
}

/** A GitHub assignee: `gh` gives no e-mail, so only an `email` field some tools add can match a member. */
function person(assignee: Item): ImportedPerson {
  const email = typeof assignee.email === 'string' ? emailOf(assignee.email) : null;
  return { email, name: assignee.login as string };
}
