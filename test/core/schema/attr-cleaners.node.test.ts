import { expect } from 'chai';
import { schema } from '../../../src/core/index.js';
import type { AttrDefs } from '../../../src/core/schema/attrs.js';

/** Raw values stored JSON, a paste or a shared document can carry, the awkward ones included. */
const RAW: readonly unknown[] = [
  undefined, null, true, false, 0, -1, 1.5, NaN, Infinity, 1e309, '', ' ', 'x', 'javascript:alert(1)',
  [], [1, 2], ['a'], {}, { toString: 'x' }, { valueOf: 'x' }, Object.create(null), { __proto__: { evil: true } },
];

describe('attribute cleaners', () => {
  it('are total: every node and mark attribute cleans any raw value without throwing, to a value it keeps', () => {
    for (const type of [...Object.values(schema.nodes), ...Object.values(schema.marks)]) {
      const defs = (type.spec as { attrDefs?: AttrDefs }).attrDefs ?? {};
      for (const [name, def] of Object.entries(defs)) {
        for (const raw of RAW) {
          let cleaned: unknown;
          expect(() => (cleaned = def.clean(raw)), `${type.name}.${name} of ${String(typeof raw)}`).not.to.throw();
          expect(JSON.stringify(def.clean(cleaned)), `${type.name}.${name} cleans its own output to itself`).to.equal(JSON.stringify(cleaned));
        }
      }
    }
  });
});
