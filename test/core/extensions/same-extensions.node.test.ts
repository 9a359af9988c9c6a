import { expect } from 'chai';
import { sameExtensions } from '../../../src/core/extensions/same-extensions.js';

/** A list as a React render writes it inline: new objects, new closures, the same code. */
const render = (tone: string, label = 'Clicks') => [
  {
    name: 'cards',
    nodes: [
      {
        name: 'card',
        group: 'block',
        content: 'paragraph+',
        attrs: { tone: { type: 'enum', values: ['calm', 'loud'], default: tone } },
        html: { tag: 'section', attrs: { tone: 'data-tone' } },
        nodeView: () => ({ dom: document.createElement('div') }),
      },
    ],
    keys: () => ({ 'Mod-k': () => label.length > 0 }),
  },
  (pm: unknown) => ({ name: 'made', nodes: [], pm }),
];

describe('sameExtensions', () => {
  it('takes a list written again at a render (new objects and closures of the same code) as the same', () => {
    expect(sameExtensions(render('calm'), render('calm'))).to.equal(true);
  });

  it('compares code, not what it closes over: a value that changes must show in the data (as the docs say)', () => {
    expect(sameExtensions(render('calm', 'Clicks'), render('calm', 'Taps'))).to.equal(true);
  });

  it('tells a change in the data apart', () => {
    expect(sameExtensions(render('calm'), render('loud'))).to.equal(false);
    expect(sameExtensions(render('calm'), render('calm').slice(0, 1))).to.equal(false);
    expect(sameExtensions([{ name: 'a' }], [{ name: 'a', styles: '' }])).to.equal(false);
    const marked = Symbol('entries');
    expect(sameExtensions([{ name: 'a', [marked]: 1 }], [{ name: 'a', [marked]: 2 }]), 'symbol-keyed fields count').to.equal(false);
  });

  it('tells other code apart, and a bound or built-in function from any other', () => {
    expect(sameExtensions([{ name: 'a', keys: () => 1 }], [{ name: 'a', keys: () => 2 }])).to.equal(false);
    const bound = function (this: unknown) {
      return this;
    };
    expect(sameExtensions([bound.bind(1)], [bound.bind(2)])).to.equal(false);
    expect(sameExtensions([Math.max], [Math.min])).to.equal(false);
    const one = bound.bind(1);
    expect(sameExtensions([one], [one]), 'the same function').to.equal(true);
  });

  it('compares class instances as objects only: a plugin or a pattern is the same only as itself', () => {
    class Plugin {}
    const plugin = new Plugin();
    expect(sameExtensions([{ name: 'a', p: plugin }], [{ name: 'a', p: plugin }])).to.equal(true);
    expect(sameExtensions([{ name: 'a', p: new Plugin() }], [{ name: 'a', p: new Plugin() }])).to.equal(false);
    expect(sameExtensions([{ name: 'a', p: /x/ }], [{ name: 'a', p: /x/ }])).to.equal(false);
  });

  it('takes data that loops or runs too deep as different, without running out of stack', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    const b: Record<string, unknown> = { name: 'a' };
    b.self = b;
    expect(sameExtensions([a], [b])).to.equal(false);
  });
});
