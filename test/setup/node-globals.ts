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

/** Documents parsed on one jsdom window before a new window takes over (see RenewingDOMParser). */
const DOCUMENTS_PER_WINDOW = 500;

/**
 * jsdom's DOMParser on a window replaced every DOCUMENTS_PER_WINDOW documents. A document that
 * matches a selector gives the window its selector engine's event listeners (jsdom 29's
 * dom-selector), which stay for good, and each listener added scans the window's list: on one
 * window for every document, the HTML round trip's corpus spent a seventh of its time adding them.
 */
let parserWindow = new JSDOM('').window;
let parsedOnWindow = 0;
class RenewingDOMParser {
  parseFromString(markup: string, type: DOMParserSupportedType): Document {
    if (++parsedOnWindow > DOCUMENTS_PER_WINDOW) {
      parserWindow = new JSDOM('').window;
      parsedOnWindow = 1;
    }
    return new parserWindow.DOMParser().parseFromString(markup, type);
  }
}
setDOMImplementation({ DOMParser: RenewingDOMParser });

// The SDK writes to the console only through its logger; anything else is a defect, as in the
// browser tiers (test/setup/console-guard.ts).
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  consoleError(...args);
  process.exitCode = 1;
  throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
};
