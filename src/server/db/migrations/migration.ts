/** One versioned schema change: applied once, in order, and recorded in schema_migrations. */
export interface Migration {
  /** Unique and ordered: `0001-accounts`, `0002-issues`… Never renamed once released. */
  readonly id: string;
  /** The statements, run as one script inside the migration transaction. */
  readonly sql: string;
}
