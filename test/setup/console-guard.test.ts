import { expect } from '@open-wc/testing';

/** The assertion error `check` throws. */
function failureOf(check: () => void): Error & { actual?: unknown; expected?: unknown } {
  try {
    check();
  } catch (error) {
    return error as Error & { actual?: unknown; expected?: unknown };
  }
  throw new Error('the assertion passed');
}

describe('the test pages\' guard', () => {
  it('gives a failed assertion on elements their opening tags, which mocha can report', () => {
    const state = document.createElement('button');
    state.setAttribute('aria-label', 'State');
    state.textContent = 'Todo';
    const priority = document.createElement('button');
    priority.setAttribute('aria-label', 'Priority');
    document.body.append(state, priority);
    try {
      const failure = failureOf(() => expect(state).to.equal(priority));
      expect(failure.actual).to.equal('<button aria-label="State">');
      expect(failure.expected).to.equal('<button aria-label="Priority">');
      // What mocha's reporter does with a failure's values (it threw on the elements in WebKit),
      // and what the runner does with the results.
      const { utils } = (window as unknown as { Mocha: { utils: { stringify(value: unknown): string } } }).Mocha;
      expect(() => [utils.stringify(failure.actual), utils.stringify(failure.expected)]).not.to.throw();
      expect(() => structuredClone({ actual: failure.actual, expected: failure.expected })).not.to.throw();
    } finally {
      state.remove();
      priority.remove();
    }
  });

  it('describes the elements of a failed assertion on a list of them', () => {
    const item = document.createElement('li');
    const failure = failureOf(() => expect([item, 'text']).to.deep.equal([]));
    expect(failure.actual).to.deep.equal(['<li>', 'text']);
  });

  it('leaves other failures as they are', () => {
    const failure = failureOf(() => expect({ a: 1 }).to.deep.equal({ a: 2 }));
    expect(failure.actual).to.deep.equal({ a: 1 });
    expect(failure.expected).to.deep.equal({ a: 2 });
  });
});
