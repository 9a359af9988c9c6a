import { sqlName } from './select-list.js';
import type { SqlParams } from './sql-params.js';

/** SQL the server writes itself in place of a value (`now()`), never text from a request. */
export class SqlExpression {
  constructor(readonly sql: string) {}
}

/** `sql` written as it is where a column's value goes: `{ completed_at: sqlExpression('now()') }`. */
export function sqlExpression(sql: string): SqlExpression {
  return new SqlExpression(sql);
}

/**
 * A row's columns to write, by name: each a value (bound as a parameter) or an SqlExpression.
 * A column whose value is undefined is left out (an INSERT gives it its default).
 */
export type ColumnValues = Readonly<Record<string, unknown>>;

/** The named columns of `values` that are set, each with its SQL: a bound parameter or the expression. */
function columns(values: ColumnValues, params: SqlParams): [name: string, sql: string][] {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => [sqlName(name), value instanceof SqlExpression ? value.sql : params.bind(value)]);
}

/**
 * `INSERT INTO table (…) VALUES (…)` for the columns of `values`, their values bound to `params`
 * in order; columns left out take their defaults. Add `RETURNING …` after it as needed.
 */
export function insertRow(table: string, values: ColumnValues, params: SqlParams): string {
  const set = columns(values, params);
  if (!set.length) return `INSERT INTO ${sqlName(table)} DEFAULT VALUES`;
  return `INSERT INTO ${sqlName(table)} (${set.map(([name]) => name).join(', ')}) VALUES (${set.map(([, sql]) => sql).join(', ')})`;
}

/** The SET list of an UPDATE (`a = $1, b = now()`) for the columns of `values`, bound to `params`; at least one is needed. */
export function updateSet(values: ColumnValues, params: SqlParams): string {
  const set = columns(values, params);
  if (!set.length) throw new RangeError('An UPDATE needs at least one column to set.');
  return set.map(([name, sql]) => `${name} = ${sql}`).join(', ');
}
