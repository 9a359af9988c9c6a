import { expect } from 'chai';
import { schema } from '../../../src/core/index.js';
import { attrDefsOf, type AttrKind } from '../../../src/core/schema/attr-kinds.js';
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

describe('attribute kinds a host declares', () => {
  it('refuse a default their own kind would change, naming the attribute: a document holding the node would otherwise not load', () => {
    expect(() => attrDefsOf({ stars: { type: 'number', default: 0, min: 1, max: 5 } })).to.throw(RangeError, 'Attribute "stars": the default 0 is not a value of its kind (it would be kept as 1)');
    expect(() => attrDefsOf({ stars: { type: 'number', default: '3' as unknown as number } })).to.throw(RangeError, 'Attribute "stars": the default "3" is not a value of its kind (it would be kept as 3)');
    expect(() => attrDefsOf({ count: { type: 'number', default: 2.5, integer: true } })).to.throw(RangeError, /Attribute "count": the default 2\.5/);
  });

  it('name the attribute whose kind is unknown or whose enum default is not a value', () => {
    expect(() => attrDefsOf({ n: { type: 'nmber' } as unknown as AttrKind })).to.throw(RangeError, 'Attribute "n": Unknown attribute kind "nmber"');
    expect(() => attrDefsOf({ tone: { type: 'enum', values: ['a', 'b'] } as unknown as AttrKind })).to.throw(RangeError, 'Attribute "tone": The default "undefined" is not one of the enum\'s values');
  });

  it('take every default that is a value of its kind', () => {
    const defs = attrDefsOf({
      stars: { type: 'number', default: 3, min: 1, max: 5, integer: true },
      none: { type: 'number', default: null },
      label: { type: 'text', default: 'x' },
      tone: { type: 'enum', values: ['a', 'b'], default: 'b' },
      open: { type: 'boolean', default: true },
      link: { type: 'url' },
      size: { type: 'dimension', default: '35%' },
      id: { type: 'identifier', default: 'callout-1' },
      widths: { type: 'numbers' },
      rel: { type: 'fixed', value: 'x' },
    });
    expect(Object.keys(defs)).to.have.length(10);
  });
});
