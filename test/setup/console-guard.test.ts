import { expect } from '@open-wc/testing';
import { testTimeLeft, until } from '../helpers/until.js';

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

/** Frames until `done`, at most `limit` of them. */
async function framesUntil(done: () => boolean, limit = 60): Promise<void> {
  for (let frame = 0; frame < limit && !done(); frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * An observer of a box inside another that, when told of the inner box, resizes the outer one
 * (shallower than what it was told of, so the browser defers that notice to the next frame and
 * reports the deferral): `times` times, or for ever.
 */
function resizeLoop(times: number): { stop(): void } {
  const outer = document.createElement('div');
  const inner = document.createElement('div');
  outer.style.width = '100px';
  inner.style.height = '10px';
  outer.append(inner);
  document.body.append(outer);
  let left = times;
  const observer = new ResizeObserver((entries) => {
    if (!entries.some((entry) => entry.target === inner) || left-- <= 0) return;
    outer.style.width = `${outer.offsetWidth + 10}px`;
    inner.style.height = `${inner.offsetHeight + 1}px`;
  });
  observer.observe(outer);
  observer.observe(inner);
  return {
    stop() {
      observer.disconnect();
      outer.remove();
    },
  };
}

describe('the test pages\' guard on ResizeObserver notices', () => {
  it('lets one notification deferred to the next frame pass', async () => {
    const loop = resizeLoop(1);
    try {
      await framesUntil(() => window.__consoleGuard!.resizeNotices >= 1);
      expect(window.__consoleGuard!.resizeNotices, 'the browser deferred a notification').to.equal(1);
      await framesUntil(() => false, 3);
      expect(window.__consoleGuard!.problems).to.deep.equal([]);
    } finally {
      loop.stop();
    }
  });

  it('fails a test whose observers loop frame after frame', async () => {
    const loop = resizeLoop(Number.POSITIVE_INFINITY);
    try {
      await framesUntil(() => window.__consoleGuard!.problems.length > 0);
      const problems = window.__consoleGuard!.problems.splice(0);
      expect(problems).to.have.length(1);
      expect(problems[0]).to.contain('a resize loop');
    } finally {
      loop.stop();
    }
  });
});

describe('waiting in a hook after a test (until)', () => {
  before(() => {
    // The last test to run (above) has ended: a hook's wait is not held to that test's time.
    expect(testTimeLeft()).to.equal(Number.POSITIVE_INFINITY);
  });

  it('runs after a hook that had time of its own', () => {
    expect(testTimeLeft()).to.be.within(0, 20_000);
  });
});

describe('waiting in a test (until)', () => {
  it('gives up when the test\'s own time runs out, naming what it waited for', async () => {
    // The running test as the guard noted it, with its time spent (as after slow steps before the wait).
    const noted = globalThis.__runningTest;
    globalThis.__runningTest = { started: performance.now() - 19_800, test: { timeout: () => 20_000 } };
    let failure: Error | null = null;
    try {
      await until(() => false, 'a state that never comes', 15_000);
    } catch (error) {
      failure = error as Error;
    } finally {
      globalThis.__runningTest = noted;
    }
    expect(failure?.message).to.match(/^Timed out waiting for a state that never comes \(\d+ ms, when the test's own time ran out\); last saw: false$/);
  });

  it('counts a timeout the test raised, and none when the test turned it off', function () {
    this.timeout(5_000);
    expect(testTimeLeft()).to.be.within(0, 4_500);
    this.timeout(60_000);
    expect(testTimeLeft()).to.be.within(50_000, 59_500);
    this.timeout(0);
    expect(testTimeLeft()).to.equal(Number.POSITIVE_INFINITY);
  });
});
