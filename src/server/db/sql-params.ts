/** Statement parameters collected while a query is built: `bind(value)` appends it and answers its `$n`. */
export class SqlParams {
  /** The values, in `$1…` order. */
  readonly values: unknown[] = [];

  /** Appends `value` and returns its placeholder. */
  bind(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
