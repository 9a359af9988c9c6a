import type { TObject, TProperties } from 'typebox';

/** SQL for some of a shape's keys: an expression per key (a column of another table, a subquery…). */
export type ColumnSql<S extends TObject> = { readonly [K in keyof S['properties']]?: string };

/** `name` as a table or column name in SQL, or a RangeError when it is not a plain one (lower case, digits, `_`). */
export function sqlName(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new RangeError(`"${name}" is not a plain SQL name.`);
  return name;
}

/**
 * The SELECT list of an API shape: one column per key of `shape`, in its order, read as
 * `table.key` unless `sql` gives the key its own expression (then `expression AS key`). Adding a
 * plain column to a shape therefore adds it to every query that selects the shape.
 */
export function selectList<S extends TObject<TProperties>>(shape: S, table: string, sql: ColumnSql<S> = {}): string {
  const expressions = sql as Record<string, string | undefined>;
  return Object.keys(shape.properties)
    .map((key) => {
      const expression = expressions[sqlName(key)];
      return expression === undefined ? `${table}.${key}` : `${expression} AS ${key}`;
    })
    .join(', ');
}

/** SQL building a JSON object with the keys of `shape` from `table` (a nested object of an answer). */
export function jsonObject<S extends TObject<TProperties>>(shape: S, table: string, sql: ColumnSql<S> = {}): string {
  const expressions = sql as Record<string, string | undefined>;
  const pairs = Object.keys(shape.properties).map((key) => `'${key}', ${expressions[key] ?? `${table}.${key}`}`);
  return `json_build_object(${pairs.join(', ')})`;
}
