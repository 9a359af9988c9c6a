/**
 * Loaded before every browser test file. An unexpected `console.error`, uncaught
 * error or unhandled rejection fails the test during which it happened. A test that
 * means to provoke an error routes it through the SDK logger (see `captureLog`).
 */
import { executeServerCommand } from '@web/test-runner-commands';

declare global {
  interface Window {
    __consoleGuard?: { problems: string[] };
    /** The test running now, for the runner's report on a file that stops answering. */
    __currentTest?: string;
  }
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

/** A value the runner can send (structuredClone), else a description of it. */
function reportable(value: unknown): unknown {
  try {
    structuredClone(value);
    return value;
  } catch {
    if (value instanceof Element) {
      const html = value.outerHTML;
      return html.length > 300 ? `${html.slice(0, 300)}…` : html;
    }
    return value instanceof Node ? value.nodeName : describeArg(value);
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

if (!window.__consoleGuard) {
  const guard = { problems: [] as string[] };
  window.__consoleGuard = guard;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    guard.problems.push(`console.error: ${args.map(describeArg).join(' ')}`);
    original(...args);
  };
  window.addEventListener('error', (event) => {
    guard.problems.push(`uncaught error: ${event.message}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    guard.problems.push(`unhandled rejection: ${describeArg(event.reason)}`);
  });
  /** Tells the runner where the file is (scripts/wtr-progress.mjs), without waiting for it. */
  const progress = (phase: 'started' | 'ended' | 'finished', test = '') => void executeServerCommand('test-progress', { phase, test }).catch(() => {});
  beforeEach(function noteTest() {
    window.__currentTest = this.currentTest?.fullTitle();
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
