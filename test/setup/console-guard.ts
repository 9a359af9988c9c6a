/**
 * Loaded before every browser test file. An unexpected `console.error`, uncaught
 * error or unhandled rejection fails the test during which it happened. A test that
 * means to provoke an error routes it through the SDK logger (see `captureLog`).
 */
import { chai } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';

declare global {
  interface Window {
    /** What the guard holds against the running test; `resizeNotices`: deferred ResizeObserver notifications let through. */
    __consoleGuard?: { problems: string[]; resizeNotices: number };
    /** The test running now, for the runner's report on a file that stops answering. */
    __currentTest?: string;
  }
  /** The test running now and when it started (by performance.now()): `until` gives up before its timeout. */
  // eslint-disable-next-line no-var
  var __runningTest: { started: number; test: { timeout(): number; state?: string } } | undefined;
}

function describeArg(arg: unknown): string {
  if (arg instanceof Error) return `${arg.name}: ${arg.message}`;
  if (typeof arg === 'string') return arg;
  try {
    return JSON.stringify(arg);
  } catch {
    return String(arg);
  }
}

/** Whether a value is, or holds at its top level, a DOM node. */
function holdsNode(value: unknown): boolean {
  return value instanceof Node || (Array.isArray(value) && value.some((item) => item instanceof Node));
}

/** A DOM node as its opening tag's HTML, the way a failure message can show it. */
function describeNode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(describeNode);
  if (value instanceof Element) {
    const html = value.outerHTML;
    const tag = html.slice(0, html.indexOf('>') + 1) || html;
    return tag.length > 300 ? `${tag.slice(0, 300)}…` : tag;
  }
  return value instanceof Node ? value.nodeName : value;
}

/** A value the runner can send (structuredClone), else a description of it. */
function reportable(value: unknown): unknown {
  try {
    structuredClone(value);
    return value;
  } catch {
    return holdsNode(value) ? describeNode(value) : describeArg(value);
  }
}

/** Makes the assertion values of every failed test under `suite` sendable. */
function makeReportable(suite: Mocha.Suite): void {
  for (const test of suite.tests) {
    const error = test.err as (Error & { actual?: unknown; expected?: unknown }) | undefined;
    if (!error) continue;
    if ('actual' in error) error.actual = reportable(error.actual);
    if ('expected' in error) error.expected = reportable(error.expected);
  }
  suite.suites.forEach(makeReportable);
}

/**
 * An assertion that fails on DOM nodes (`expect(document.activeElement).to.equal(button)`) carries
 * them as its actual and expected values. Mocha's reporter turns both into text for a diff and,
 * in WebKit, throws on an element's cyclic properties: the failure is never reported, mocha stops
 * and the file stalls until the runner's timeout. Failed assertions carry the nodes' HTML instead,
 * which also makes the diff readable.
 */
function describeNodesInFailures(): void {
  const assertion = chai.Assertion.prototype as { assert: (...args: unknown[]) => void };
  const assert = assertion.assert;
  assertion.assert = function assertWithReadableNodes(this: unknown, ...args: unknown[]) {
    try {
      assert.apply(this, args);
    } catch (error) {
      const failure = error as { actual?: unknown; expected?: unknown };
      if (holdsNode(failure.actual) || holdsNode(failure.expected)) {
        failure.actual = describeNode(failure.actual);
        failure.expected = describeNode(failure.expected);
      }
      throw error;
    }
  };
}

/** What browsers report when a ResizeObserver notification waits for the next frame. */
const RESIZE_LOOP_NOTICE = 'ResizeObserver loop completed with undelivered notifications.';
/** Notices in one test that make it a loop rather than one deferred notification. */
const RESIZE_LOOPS_FAILING = 3;

if (!window.__consoleGuard) {
  describeNodesInFailures();
  const guard = { problems: [] as string[], resizeNotices: 0 };
  window.__consoleGuard = guard;
  /** Tells the runner where the file is (scripts/wtr-progress.mjs), without waiting for it. */
  const progress = (phase: 'started' | 'ended' | 'finished' | 'problem', test = '', problem?: string) =>
    void executeServerCommand('test-progress', { phase, test, problem }).catch(() => {});
  /** Fails the current test, and tells the runner (a file that stalls after one says why). */
  const record = (problem: string) => {
    guard.problems.push(problem);
    progress('problem', window.__currentTest, problem.slice(0, 500));
  };
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    // The runner's own listener logs an uncaught error's `error`: null for a resize notice.
    const event = window.event;
    const resizeNotice = event instanceof ErrorEvent && event.message === RESIZE_LOOP_NOTICE && args.length === 1 && args[0] === null;
    if (!resizeNotice) record(`console.error: ${args.map(describeArg).join(' ')}`);
    original(...args);
  };
  // A ResizeObserver notification deferred to the next frame is reported as an error event on the
  // window, which mocha would count as the running test's failure. WebKit reports it now and then
  // with no loop in any observer (a paste into a new editor, 1 run in 6 beside other suites; see
  // VS Code's microsoft/vscode#135833): a notice is let through; a loop that keeps going, one notice
  // frame after frame, still fails the test.
  window.addEventListener(
    'error',
    (event) => {
      if (event.message !== RESIZE_LOOP_NOTICE) return;
      event.stopImmediatePropagation();
      event.preventDefault();
      if (++guard.resizeNotices === RESIZE_LOOPS_FAILING) record(`uncaught error: ${event.message} (${RESIZE_LOOPS_FAILING} times in one test: a resize loop)`);
    },
    { capture: true },
  );
  window.addEventListener('error', (event) => {
    record(`uncaught error: ${event.message}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    record(`unhandled rejection: ${describeArg(event.reason)}`);
  });
  beforeEach(function noteTest() {
    guard.resizeNotices = 0;
    window.__currentTest = this.currentTest?.fullTitle();
    // When it started, for waits that must give up (naming what they waited for) before its time does.
    globalThis.__runningTest = this.currentTest && { started: performance.now(), test: this.currentTest };
    progress('started', window.__currentTest);
  });
  after(function reportableFailures() {
    progress('finished');
    // The runner sends the results with structuredClone: one failed assertion on an element
    // (`expect(document.activeElement).to.equal(button)`) would make the whole file's report
    // throw, unsent, and the file look stalled until the runner's timeout.
    const root = this.test?.parent;
    if (root) makeReportable(root);
  });
  // A root-level hook: mocha runs it after every test of every file.
  afterEach(function checkConsole() {
    progress('ended', this.currentTest?.fullTitle());
    const problems = guard.problems.splice(0);
    if (problems.length) throw new Error(`Unexpected errors during "${this.currentTest?.fullTitle()}":\n${problems.join('\n')}`);
  });
}

export {};
