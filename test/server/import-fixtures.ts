/**
 * Export files as GitHub and Jira write them, for the import tests: a `gh issue list --json
 * number,title,body,state,labels,assignees,createdAt` answer and a Jira "Export Excel CSV" file
 * with quoted commas, quotes and line breaks, a byte order mark, CRLF line ends and the Labels
 * column repeated once per label.
 */

/** GitHub issues of a project as `gh` lists them (newest first); `memberEmail` is given to one assignee, as some tools add. */
export function githubIssuesJson(memberEmail: string): string {
  return JSON.stringify(
    [
      {
        assignees: [{ id: 'MDQ6VXNlcjE=', login: 'octocat', name: 'The Octocat', email: memberEmail }],
        body: '## Steps\n\n1. Open the **settings**\n2. Click `Save`\n\n- [x] reproduced\n- [ ] fixed\n\n```js\nsave();\n```\n\n<script>alert(1)</script>',
        createdAt: '2024-05-02T10:00:00Z',
        labels: [
          { id: 'LA_1', name: 'bug', description: "Something isn't working", color: 'd73a4a' },
          { id: 'LA_2', name: 'Needs triage', description: '', color: 'ededed' },
        ],
        number: 12,
        state: 'OPEN',
        title: 'Saving settings fails, sometimes',
      },
      {
        assignees: [{ id: 'MDQ6VXNlcjI=', login: 'hubot', name: '' }],
        body: 'Fixed in #10.',
        createdAt: '2024-04-01T09:00:00Z',
        labels: [{ id: 'LA_3', name: 'Docs', description: 'Documentation', color: '0075ca' }],
        number: 7,
        state: 'CLOSED',
        title: 'Document the "export" command',
      },
      { assignees: [], body: '', createdAt: '2024-03-01T09:00:00Z', labels: [], number: 3, state: 'OPEN', title: 'First issue' },
    ],
    null,
    2,
  );
}

const JIRA_HEADER = ['Summary', 'Issue key', 'Issue id', 'Issue Type', 'Status', 'Priority', 'Assignee', 'Reporter', 'Created', 'Description', 'Labels', 'Labels', 'Labels'];

/** A CSV field as Jira quotes it: always, with quotes doubled. */
const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** A Jira CSV export of three issues, newest first; `memberEmail` is the first one's assignee. */
export function jiraCsv(memberEmail: string): string {
  const rows = [
    JIRA_HEADER,
    ['Login fails, then "retry" loops', 'PROJ-3', '10003', 'Bug', 'In Review', 'Highest', memberEmail, 'Ann Lee', '02/May/24 10:00 AM', 'The login page:\n\n* loops on *retry*\n* shows "error, 500"', 'backend', 'Urgent-fix', ''],
    ['Write the release notes', 'PROJ-2', '10002', 'Task', 'Done', 'Low', 'Ann Lee', 'Ann Lee', '01/May/24 9:00 AM', '', 'docs', '', ''],
    ['Set up CI', 'PROJ-1', '10001', 'Task', 'Selected for Development', 'Lowest', '', 'Ann Lee', '30/Apr/24 9:00 AM', 'Use the **same** runner, everywhere.', 'BACKEND', '', ''],
  ];
  return `\uFEFF${rows.map((row) => row.map(quoted).join(',')).join('\r\n')}\r\n`;
}
