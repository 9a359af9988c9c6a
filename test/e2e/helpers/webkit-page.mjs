// The app in WebKit for the end-to-end flow: one WebKitGTK MiniBrowser window driven through
// WebKitWebDriver over W3C WebDriver HTTP (scripts/webkit-driver.mjs), with real keys and clicks
// as WebDriver actions, waits that poll the rendered page, and a record of every page problem.
// Puppeteer cannot drive WebKit, so this stands in for helpers/browser.mjs and helpers/ui.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findMiniBrowser, findWebKitDriver, findXvfb } from '../../../scripts/browsers.mjs';
import { pointerClick, pointerMove, pressActions, typeActions } from '../../../scripts/webdriver-actions.mjs';
import { startDriverSession, webkitCapabilities, webkitDisplay } from '../../../scripts/webkit-driver.mjs';

/** The keys of W3C WebDriver's element and shadow root references. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const SHADOW = 'shadow-6066-11e4-a52e-4f735466cecf';

/** How long one WebDriver command may go unanswered (a navigation on a busy machine included). */
const COMMAND_TIMEOUT_MS = 60_000;
/** How long a wait for the page to show something lasts by default. */
const WAIT_TIMEOUT_MS = 30_000;
/** The pause between two looks at the page while waiting. */
const POLL_MS = 100;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What is missing to run WebKit here (naming the Debian package), or null when it can run. */
export function webkitMissing() {
  const missing = [];
  if (!findWebKitDriver()) missing.push("WebKitWebDriver (Debian's webkit2gtk-driver, or set WEBKIT_WEBDRIVER_PATH)");
  if (!findMiniBrowser()) missing.push("MiniBrowser (Debian's webkit2gtk-driver brings it, or set MINIBROWSER_PATH)");
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY && !findXvfb()) missing.push("Xvfb (Debian's xvfb, or set XVFB_PATH)");
  return missing.length ? `WebKit cannot run here, missing: ${missing.join('; ')}. Install with: apt-get install -y webkit2gtk-driver xvfb` : null;
}

/**
 * Runs in the page before every command: records uncaught errors (window.onerror, a failed
 * element load), unhandled promise rejections and console.error into `window.__e2eProblems`
 * once per document, and answers that list. Errors thrown while a document loads, before the
 * first command after it, are not seen.
 */
function problemRecorder() {
  if (window.__e2eProblems) return window.__e2eProblems;
  const problems = (window.__e2eProblems = []);
  const text = (value) => {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    if (typeof value === 'string') return value;
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  };
  addEventListener(
    'error',
    (event) => {
      if (event instanceof ErrorEvent) problems.push(`page error: ${event.message} (${event.filename}:${event.lineno})`);
      else if (event.target && event.target !== window) problems.push(`failed to load: <${event.target.localName}> ${event.target.src || event.target.href || ''}`);
    },
    true,
  );
  addEventListener('unhandledrejection', (event) => problems.push(`unhandled rejection: ${text(event.reason)}`));
  const original = console.error;
  console.error = function (...args) {
    problems.push(`console: ${args.map(text).join(' ')}`);
    return original.apply(this, args);
  };
  return problems;
}

/** The elements a user reaches by name: buttons, tabs and menu items, or links. */
function named(source, flags, isLink, scope) {
  const wanted = new RegExp(source, flags);
  const root = document.querySelector(scope);
  if (!root) return { found: null, seen: `no ${scope}` };
  const candidates = [...root.querySelectorAll(isLink ? 'a[href]' : 'button, [role="button"], [role="tab"], [role="menuitem"]')].filter((el) => el.getClientRects().length > 0);
  const name = (el) => (el.getAttribute('aria-label') ?? el.textContent).trim();
  const found = candidates.find((el) => wanted.test((el.getAttribute('aria-label') ?? '').trim()) || wanted.test(el.textContent.trim())) ?? null;
  return { found, seen: `${isLink ? 'links' : 'buttons'} in ${scope}: ${candidates.map(name).slice(0, 30).join(' | ') || 'none'}` };
}

/** The visible form control labelled `wanted` (its <label>'s own text, or aria-label). */
function labelled(wanted) {
  const visible = (el) => el && el.getClientRects().length > 0;
  const labels = [...document.querySelectorAll('label')];
  for (const element of labels) {
    const own = [...element.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if ((own === wanted || element.textContent.trim() === wanted) && visible(element.control)) return { found: element.control };
  }
  const found = [...document.querySelectorAll('input, textarea, select')].find((el) => el.getAttribute('aria-label') === wanted && visible(el)) ?? null;
  return { found, seen: `labels: ${labels.map((label) => label.textContent.trim()).join(' | ') || 'none'}` };
}

/**
 * Scrolls `element` into view and answers the viewport point at its centre when a click there
 * reaches it (the topmost element there, through shadow roots, is it or inside it). From then on
 * `window.__e2ePress` records whether a press reached it, for {@link pressReached}.
 */
function clickPoint(element) {
  if (!element.isConnected) return { found: null, seen: 'the element left the page' };
  element.scrollIntoView({ block: 'center', inline: 'center' });
  const rect = element.getBoundingClientRect();
  if (!rect.width || !rect.height) return { found: null, seen: `the element is ${rect.width}×${rect.height}` };
  const x = Math.round(rect.left + rect.width / 2);
  const y = Math.round(rect.top + rect.height / 2);
  let hit = document.elementFromPoint(x, y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  for (let node = hit; node; node = node.parentNode ?? node.host) {
    if (node !== element) continue;
    const press = (window.__e2ePress = { element, x, y, reached: false });
    const reach = () => {
      press.reached = true;
    };
    // Both: a pointerdown handler that prevents its default (a menu's trigger) keeps the mousedown from being sent.
    for (const type of ['pointerdown', 'mousedown']) element.addEventListener(type, reach, { capture: true, once: true });
    return { found: [x, y] };
  }
  const describe = (el) => (el ? `<${el.localName}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''}>` : 'nothing');
  return { found: null, seen: `${describe(hit)} covers (${x}, ${y})` };
}

/**
 * Whether the press at the point {@link clickPoint} answered reached its element; when it did not,
 * what is at that point now and whether the element is still on the page.
 */
function pressReached() {
  const press = window.__e2ePress;
  // No record in this document: the press loaded another one (a link the router does not take), so it pressed
  // something that navigates; the record went with the document it was made in.
  if (!press) return { found: 'another document' };
  if (press.reached) return { found: true };
  const hit = document.elementFromPoint(press.x, press.y);
  const what = hit ? `<${hit.localName}${hit.id ? `#${hit.id}` : ''}${hit.className && typeof hit.className === 'string' ? `.${hit.className.split(' ').join('.')}` : ''}>` : 'nothing';
  return { found: null, seen: `${press.element.isConnected ? 'the element is still on the page' : 'the element left the page'}, and ${what} is at (${press.x}, ${press.y})` };
}

/**
 * A MiniBrowser window (its page `viewport` large) on its own X display. `close()` ends the
 * session, the driver and the display, whatever state they are in.
 */
export async function launchWebKit({ viewport = { width: 1280, height: 900 } } = {}) {
  const missing = webkitMissing();
  if (missing) throw new Error(missing);
  // A screen larger than the window with its toolbar, so the window is never clipped.
  const display = await webkitDisplay({ screen: `${viewport.width + 320}x${viewport.height + 300}x24` });
  try {
    const capabilities = webkitCapabilities({ browserPath: findMiniBrowser() });
    const driver = await startDriverSession({ driverPath: findWebKitDriver(), capabilities, env: display.env, viewport, requestTimeout: COMMAND_TIMEOUT_MS });
    return new WebKitPage(driver, display);
  } catch (error) {
    await display.stop();
    throw error;
  }
}

/** The page in one WebKit window, driven as a user does: clicks, keys, and looking at what it shows. */
export class WebKitPage {
  constructor(driver, display) {
    this.driver = driver;
    this.display = display;
    /** Every page problem recorded so far, in every document the window showed. */
    this.problems = [];
  }

  /** Runs `fn(...args)` in the page (elements come and go as WebDriver element references). */
  async evaluate(fn, ...args) {
    const script = `const problems = (${problemRecorder})();\nconst value = (${fn}).apply(null, arguments);\nreturn [value, problems.splice(0)];`;
    const [value, problems] = await this.driver.execute(script, args);
    this.problems.push(...problems);
    return value;
  }

  /**
   * Polls `fn(...args)` in the page (every POLL_MS) until it answers `{ found }` with `found`
   * neither null, undefined nor false, and answers that; after `timeout` ms it throws, naming
   * `what` and the `seen` of its last answer.
   */
  waitFor(what, fn, args = [], options) {
    return this.poll(what, fn, args, (answer) => answer ?? {}, options);
  }

  /** Polls `fn(...args)` in the page until it answers `wanted` (compared as JSON), as `waitFor` does. */
  waitForValue(what, fn, args, wanted, options) {
    const json = JSON.stringify(wanted);
    return this.poll(what, fn, args, (value) => ({ found: JSON.stringify(value) === json, seen: JSON.stringify(value) }), options);
  }

  async poll(what, fn, args, judge, { timeout = WAIT_TIMEOUT_MS } = {}) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const { found, seen } = judge(await this.evaluate(fn, ...args));
      if (found !== null && found !== undefined && found !== false) return found;
      if (Date.now() >= deadline) throw new Error(`Gave up after ${timeout / 1000} s waiting for ${what}; last saw: ${seen ?? JSON.stringify(found)}`);
      await sleep(POLL_MS);
    }
  }

  /** Opens `url` (resolves once it has loaded). */
  async goto(url) {
    await this.driver.navigate(url);
    await this.evaluate(() => null);
  }

  /** Reloads the page, as the browser's reload button does. */
  async reload() {
    await this.evaluate(() => null);
    await this.driver.request('POST', '/refresh', {});
    await this.evaluate(() => null);
  }

  /** Waits until the page's pathname matches `path` (a string, exactly, or a RegExp). */
  waitForPath(path, options) {
    const source = path instanceof RegExp ? path.source : `^${escapeRegExp(path)}$`;
    return this.waitFor(
      `the address ${path}`,
      (pattern) => (new RegExp(pattern).test(location.pathname) ? { found: location.pathname } : { found: null, seen: location.pathname }),
      [source],
      options,
    );
  }

  /** The visible button (or link, with `{ link: true }`) named `name` (a string or RegExp), within `within`. */
  button(name, { link = false, within = 'body' } = {}) {
    const regExp = name instanceof RegExp ? name : new RegExp(`^${escapeRegExp(name)}$`);
    return this.waitFor(`the ${link ? 'link' : 'button'} ${regExp} in ${within}`, named, [regExp.source, regExp.flags, link, within]);
  }

  /** The visible form control labelled `label`. */
  field(label) {
    return this.waitFor(`the field labelled "${label}"`, labelled, [label]);
  }

  /** The element `selector` finds in the page (waiting for it). */
  element(selector) {
    return this.waitFor(`an element ${selector}`, (css) => ({ found: document.querySelector(css), seen: `no ${css}` }), [selector]);
  }

  /** The element `selector` finds in the shadow root of `host` (WebDriver's shadow root commands). */
  async inShadowRoot(host, selector) {
    const shadow = await this.driver.request('GET', `/element/${host[ELEMENT]}/shadow`);
    return this.driver.request('POST', `/shadow/${shadow[SHADOW]}/element`, { using: 'css selector', value: selector });
  }

  /**
   * Clicks `element` with the mouse at its centre, once nothing covers it there, and fails unless
   * the press reached it: the point is measured and pressed in separate WebDriver commands, and an
   * element replaced or covered in between (the next screen drawn in place of the one it was on)
   * would let the press land on whatever is there instead.
   */
  async click(element) {
    const [x, y] = await this.waitFor('the element to be clickable', clickPoint, [element]);
    await this.driver.pointer([pointerMove(x, y), ...pointerClick('left')]);
    await this.waitFor(`the press at (${x}, ${y}) to reach the element`, pressReached);
  }

  /** Types `text` with the keyboard into whatever has focus. */
  type(text) {
    return this.driver.keys(typeActions(text));
  }

  /** Presses a key or a chord (`Enter`, `Control+a`). */
  press(keys) {
    return this.driver.keys(pressActions(keys));
  }

  /** Replaces the text of the field labelled `label` by clicking it, selecting all and typing `value`. */
  async fill(label, value) {
    await this.click(await this.field(label));
    await this.press('Control+a');
    await this.press('Backspace');
    await this.type(value);
  }

  /** Where the page is and what it shows, for a failure's message (and a screenshot in .test-results/). */
  async describe(name) {
    const where = await this.evaluate(() => ({ path: location.pathname, text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 1200) })).catch((error) => ({ path: '?', text: `(unreadable: ${error.message})` }));
    let screenshot = '';
    try {
      const png = await this.driver.request('GET', '/screenshot');
      const dir = new URL('../../../.test-results', import.meta.url).pathname;
      mkdirSync(dir, { recursive: true });
      screenshot = join(dir, `${name}.png`);
      writeFileSync(screenshot, Buffer.from(png, 'base64'));
    } catch {
      // no screenshot: the window is gone
    }
    return `\n  at ${where.path}\n  the page showed: ${where.text}\n  problems: ${JSON.stringify(this.problems)}${screenshot ? `\n  screenshot: ${screenshot}` : ''}`;
  }

  /** Ends the session (its window), the driver and the X display; never throws. */
  async close() {
    await this.driver.close().catch(() => {});
    await Promise.resolve()
      .then(() => this.display.stop())
      .catch(() => {});
  }
}
