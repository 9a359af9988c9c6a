import { expect } from 'chai';
import { IDLE_TIMEOUT_MS, whenIdle } from '../../src/element/idle.js';
import { onlyWhenIdle } from '../../src/element/node-views/ahead.js';

/** A browser's idle callbacks the test runs: an idle period runs the callbacks queued before it. */
function fakeIdle() {
  let queue: Array<{ callback: IdleRequestCallback; options?: IdleRequestOptions }> = [];
  const global = globalThis as { requestIdleCallback?: unknown };
  const previous = global.requestIdleCallback;
  global.requestIdleCallback = (callback: IdleRequestCallback, options?: IdleRequestOptions) => queue.push({ callback, options });
  return {
    queued: () => queue.map(({ options }) => options),
    /** An idle period with `left` ms, or (`timedOut`) a callback's timeout reached while the page was never idle. */
    period(left: number, timedOut = false) {
      const due = queue;
      queue = [];
      for (const { callback } of due) callback({ didTimeout: timedOut, timeRemaining: () => left });
    },
    restore: () => (global.requestIdleCallback = previous),
  };
}

describe('idle work', () => {
  let idle: ReturnType<typeof fakeIdle>;
  beforeEach(() => (idle = fakeIdle()));
  afterEach(() => idle.restore());

  it('work done ahead of need (onlyWhenIdle) asks for no timeout: it runs in an idle period, however long the page is busy', () => {
    const ran: string[] = [];
    onlyWhenIdle(() => ran.push('ahead'));
    onlyWhenIdle(() => ran.push('ahead, later'));
    expect(idle.queued(), 'no timeout asked for').to.deep.equal([undefined, undefined]);
    expect(ran).to.deep.equal([]);
    idle.period(3);
    expect(ran, 'in order, in the first idle period').to.deep.equal(['ahead', 'ahead, later']);
  });

  it('work that must happen (whenIdle) runs within IDLE_TIMEOUT_MS, idle or not', () => {
    const ran: string[] = [];
    whenIdle(() => ran.push('chunk'));
    expect(idle.queued()).to.deep.equal([{ timeout: IDLE_TIMEOUT_MS }]);
    idle.period(0, true);
    expect(ran).to.deep.equal(['chunk']);
  });
});
