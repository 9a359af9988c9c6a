/**
 * Loaded before every Node-tier test file of the browser-style suites (`*.unit.test.ts`, run by
 * `node --test` through tsx): the same mocha globals the browser files use (`describe`, `it`,
 * `before`, `after`, `beforeEach`, `afterEach`) mapped onto Node's test runner, the DOM parser
 * the core takes for HTML (jsdom's, through `setDOMImplementation`, as a host's server would),
 * the string writer in use (as the library entries put it, which these files, importing the
 * core's modules directly, do not load), and the console guard's rule: an unexpected
 * `console.error` fails the file.
 */
import { JSDOM } from 'jsdom';
import * as nodeTest from 'node:test';
import { setDOMImplementation } from '../../src/core/dom.js';
import '../../src/core/serialize/string-writer.js';

/** What a mocha test or suite function may ask of `this`: only timeouts, which Node does not impose. */
const mochaContext = { timeout: () => mochaContext, slow: () => mochaContext, retries: () => mochaContext };

type Body = ((this: typeof mochaContext) => void | Promise<void>) | undefined;

/** Calls a mocha-style body with the mocha context as `this` (Node's own has none). */
const withContext = (body: Body): (() => void | Promise<void>) | undefined => (body ? () => body.call(mochaContext) : undefined);

// No describe.skip, describe.only, it.skip or it.only: a skipped or focused test is a defect here,
// so a file using one fails to load in the Node tier.
function describe(name: string, body: Body): void {
  void nodeTest.describe(name, withContext(body));
}

function it(name: string, body: Body): void {
  void nodeTest.it(name, withContext(body));
}

const hook = (register: (fn: () => void | Promise<void>) => void) => (body: Body) => register(withContext(body)!);

Object.assign(globalThis, {
  describe,
  it,
  before: hook(nodeTest.before),
  after: hook(nodeTest.after),
  beforeEach: hook(nodeTest.beforeEach),
  afterEach: hook(nodeTest.afterEach),
});

setDOMImplementation({ DOMParser: new JSDOM('').window.DOMParser });

// The SDK writes to the console only through its logger; anything else is a defect, as in the
// browser tiers (test/setup/console-guard.ts).
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  consoleError(...args);
  process.exitCode = 1;
  throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
};
