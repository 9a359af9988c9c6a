export type { ChangeHandlers, ChangeListener, Database, DatabaseKind, Db, Params, Row } from './db.js';
export { openDatabase, pgliteDir, type DatabaseOptions } from './open.js';
export { migrate } from './migrate.js';
export { migrations, type Migration } from './migrations/index.js';
export { nextIssueSequenceId } from './issue-sequence.js';
export { joinLatestActivity, recordActivity, type ActivityEntry, type ActivityVerb } from './activity.js';
export { isDatabaseError, type DatabaseError } from './database-error.js';
