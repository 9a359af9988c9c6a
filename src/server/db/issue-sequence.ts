import type { Db } from './db.js';

/**
 * Hands out the next issue sequence_id of a project. Call it inside the transaction that inserts
 * the issue: the UPDATE locks the project row until that transaction ends, so two concurrent
 * creations never get the same number, and a rolled-back creation gives its number back.
 */
export async function nextIssueSequenceId(tx: Db, projectId: string): Promise<number> {
  const row = await tx.maybeOne<{ issue_sequence: number }>(
    'UPDATE projects SET issue_sequence = issue_sequence + 1 WHERE id = $1 RETURNING issue_sequence',
    [projectId],
  );
  if (!row) throw new Error(`No project ${projectId}`);
  return row.issue_sequence;
}
