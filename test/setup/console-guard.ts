/**
 * Loaded before every browser test file. An unexpected `console.error`, uncaught
 * error or unhandled rejection fails the test during which it happened. A test that
 * means to provoke an error routes it through the SDK logger (see `captureLog`).
 */
declare global {
  interface Window {
    __consoleGuard?: { problems: string[] };
    /** The test running now, for the runner's report on a file that stops answering. */
    __currentTest?: string;
    __testsDone?: boolean;
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
  beforeEach(function noteTest() {
    window.__currentTest = this.currentTest?.fullTitle();
  });
  after(() => {
    window.__testsDone = true;
  });
  // A root-level hook: mocha runs it after every test of every file.
  afterEach(function checkConsole() {
    const problems = guard.problems.splice(0);
    if (problems.length) throw new Error(`Unexpected errors during "${this.currentTest?.fullTitle()}":\n${problems.join('\n')}`);
  });
}

export {};
