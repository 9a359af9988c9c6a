import { notInIntakeSql } from '../intake/intake-sql.js';

/** Live issues (`i`), which the automations may change and remind of: not deleted, archived, or waiting in the inbox. */
export const LIVE_ISSUES_SQL = `i.deleted_at IS NULL AND i.archived_at IS NULL AND ${notInIntakeSql('i')}`;
