import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { insertRow, sqlExpression, updateSet } from '../../src/server/db/row-writes.js';
import { SqlParams } from '../../src/server/db/sql-params.js';

describe('insertRow and updateSet', () => {
  test('name every column given, bind values in order after those already bound, and leave undefined ones out', () => {
    const params = new SqlParams();
    params.bind('before');
    const sql = insertRow('issues', { name: 'A', priority: undefined, start_date: null, completed_at: sqlExpression('now()') }, params);
    assert.equal(sql, 'INSERT INTO issues (name, start_date, completed_at) VALUES ($2, $3, now())');
    assert.deepEqual(params.values, ['before', 'A', null]);
  });

  test('an INSERT of no column takes every default', () => {
    assert.equal(insertRow('issues', { name: undefined }, new SqlParams()), 'INSERT INTO issues DEFAULT VALUES');
  });

  test('build an UPDATE SET list, and refuse an empty one', () => {
    const params = new SqlParams();
    assert.equal(updateSet({ priority: 'high', completed_at: sqlExpression('COALESCE(completed_at, now())'), sort_order: undefined }, params), 'priority = $1, completed_at = COALESCE(completed_at, now())');
    assert.deepEqual(params.values, ['high']);
    assert.throws(() => updateSet({ sort_order: undefined }, new SqlParams()), RangeError);
  });

  test('refuse a table or column name that is not a plain SQL name', () => {
    assert.throws(() => insertRow('issues; DROP TABLE users', { name: 'A' }, new SqlParams()), /not a plain SQL name/);
    assert.throws(() => updateSet({ 'name = name, deleted_at': 'x' }, new SqlParams()), /not a plain SQL name/);
  });
});
