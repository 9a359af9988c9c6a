import { parseString } from '@fast-csv/parse';
import { countProblems, distinctLabels, emailOf, setProblems, titleProblems, type ImportedIssue, type ImportedState, type ParsedImport, type RowProblem } from './import-file.js';

/**
 * Jira's CSV export ("Export Excel CSV (all fields)" or "(current fields)"): a header row naming
 * the columns, one row per issue. The columns read, found by name whatever their case and order:
 * "Summary" (required: the title), "Status", "Status Category", "Priority", "Assignee",
 * "Description" and "Labels", which Jira repeats once per label. Others ("Issue key", "Issue id",
 * "Issue Type", "Reporter", "Created"…) are ignored. Fields may be quoted, holding commas, quotes
 * ("") and line breaks (RFC 4180); a UTF-8 byte order mark is skipped. Rows are numbered as a
 * spreadsheet shows them: the header is row 1, and a row with line breaks in a field is one row.
 */
export async function parseJiraCsv(text: string): Promise<ParsedImport> {
  const csv = text.replace(/^\uFEFF/, '');
  if (/^\s*[[{]/.test(csv)) return { issues: [], problems: [{ row: null, reason: 'The file is JSON, not a Jira CSV export: a GitHub issues file is imported as GitHub.' }] };
  let rows: string[][];
  try {
    rows = await csvRows(csv);
  } catch (error) {
    return { issues: [], problems: [{ row: null, reason: `The file is not valid CSV (${(error as Error).message}).` }] };
  }
  const header = rows[0]?.map((name) => name.trim().toLowerCase()) ?? [];
  const column = (name: string) => header.indexOf(name);
  const columns = {
    summary: column('summary'),
    status: column('status'),
    category: column('status category'),
    priority: column('priority'),
    assignee: column('assignee'),
    description: column('description'),
    labels: header.flatMap((name, index) => (name === 'labels' ? [index] : [])),
    id: column('issue id'),
  };
  if (columns.summary < 0) {
    return { issues: [], problems: [{ row: 1, reason: 'The file has no “Summary” column, so it is not a Jira CSV export (its first row should name the columns).' }] };
  }
  const problems: RowProblem[] = [];
  const read: Array<{ issue: ImportedIssue; id: number }> = [];
  rows.slice(1).forEach((cells, index) => {
    const row = index + 2;
    // A blank line (an empty last line, most often) is no issue.
    if (cells.every((cell) => cell.trim() === '')) return;
    if (cells.length > header.length) {
      problems.push({ row, reason: `The row has ${cells.length} fields but the header names ${header.length} columns.` });
      return;
    }
    const cell = (index: number) => (index >= 0 ? (cells[index] ?? '') : '');
    const title = cell(columns.summary);
    const rowProblems = titleProblems(row, title);
    const labels = distinctLabels(columns.labels.flatMap((index) => splitLabels(cell(index))).map((name) => ({ name, color: '' })));
    const assignee = cell(columns.assignee).trim();
    const assignees = assignee ? [{ email: emailOf(assignee), name: assignee }] : [];
    rowProblems.push(...setProblems(row, labels, assignees));
    if (rowProblems.length) {
      problems.push(...rowProblems);
      return;
    }
    const id = Number(cell(columns.id));
    read.push({ id: cell(columns.id).trim() && Number.isFinite(id) ? id : row, issue: {
      row,
      title: title.trim(),
      description: cell(columns.description),
      state: jiraState(cell(columns.status), cell(columns.category)),
      priority: cell(columns.priority).trim() || null,
      labels,
      assignees,
    } });
  });
  problems.unshift(...countProblems(read.length + new Set(problems.map((problem) => problem.row)).size));
  // Jira exports the newest first: created oldest first (by "Issue id"), the issues keep Jira's order.
  return { issues: read.sort((a, b) => a.id - b.id).map(({ issue }) => issue), problems };
}

/** A Labels cell's names: one per repeated column, though some exports put several in one, space-separated (Jira labels hold no spaces). */
function splitLabels(cell: string): string[] {
  return cell.split(/\s+/).filter(Boolean);
}

/** A Jira status, with its category when the file has that column. */
function jiraState(status: string, category: string): ImportedState {
  const name = status.trim();
  if (!name) return { kind: 'default' };
  return category.trim() ? { kind: 'named', name, category: category.trim() } : { kind: 'named', name };
}

/** Every record of a CSV text as its fields. */
function csvRows(text: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString<string[], string[]>(text, { headers: false })
      .on('data', (row: string[]) => rows.push(row))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });
}
