/** A number of issues as our sentences say it: "1 issue", "3 issues", "0 issues". */
export const issueCount = (count: number): string => `${count} ${count === 1 ? 'issue' : 'issues'}`;
