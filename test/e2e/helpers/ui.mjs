// Finding things in the app the way a user does (by label, by button text) and acting on them
// with real clicks and keys.
import assert from 'node:assert/strict';
import { parseSetCookie } from './api-client.mjs';

/**
 * `page.waitForFunction`, whose failure names what was awaited (`what`), so a timeout in a long
 * flow says which step gave up, not only "Waiting failed".
 */
export async function waitFor(page, what, fn, options, ...args) {
  try {
    return await page.waitForFunction(fn, options ?? {}, ...args);
  } catch (error) {
    error.message = `waiting for ${what}: ${error.message}`;
    throw error;
  }
}

/** Waits until `path` is the page's pathname. */
export async function waitForPath(page, path) {
  const pattern = path instanceof RegExp ? path.source : `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  await waitFor(page, `the address ${pattern}`, (source) => new RegExp(source).test(location.pathname), {}, pattern);
}

/** The visible form control labelled `label` (its <label>'s text, or aria-label). */
export async function field(page, label) {
  const handle = await waitFor(
    page,
    `the field "${label}"`,
    (wanted) => {
      const visible = (el) => el && el.getClientRects().length > 0;
      for (const element of document.querySelectorAll('label')) {
        const own = [...element.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
        if ((own === wanted || element.textContent.trim() === wanted) && visible(element.control)) return element.control;
      }
      return [...document.querySelectorAll('input, textarea, select')].find((el) => el.getAttribute('aria-label') === wanted && visible(el)) ?? null;
    },
    {},
    label,
  );
  return handle.asElement();
}

/**
 * Clicks `element` as its own click() does (scrolled into view, at its centre) and fails unless
 * the press reached it or one of its labels. Puppeteer measures the point and presses there in
 * separate protocol calls without looking at what is there: an element replaced or covered in
 * between (the next screen drawn in place of the one it was found on) would let the press land
 * on whatever is at that point, and the click return as if it had worked. A press on the same
 * control drawn again in its place (same element, text and name) counts as reaching it.
 */
export async function clickElement(element, options) {
  const press = await element.evaluateHandle((el) => {
    const record = { el, reached: false };
    const reach = () => {
      record.reached = true;
    };
    // Both: a pointerdown handler that prevents its default (a menu's trigger) keeps the mousedown from being sent.
    for (const target of [el, ...(el.labels ?? [])]) for (const type of ['pointerdown', 'mousedown']) target.addEventListener(type, reach, { capture: true, once: true });
    // A screen that re-rendered the same control in its place (same element, text and name) between measuring and pressing: the press reached it.
    const same = (other) => other instanceof Element && other !== el && other.localName === el.localName && other.textContent.trim() === el.textContent.trim() && other.getAttribute('aria-label') === el.getAttribute('aria-label');
    const replaced = (event) => {
      if (!el.isConnected && event.composedPath().some(same)) reach();
    };
    for (const type of ['pointerdown', 'mousedown']) document.addEventListener(type, replaced, { capture: true, once: true });
    return record;
  });
  await element.click(options);
  try {
    await element.frame.waitForFunction((record) => record.reached, {}, press);
  } catch (error) {
    const seen = await press
      .evaluate(({ el }) => {
        if (!el.isConnected) return 'the element left the page';
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const what = hit ? `<${hit.localName}${hit.id ? `#${hit.id}` : ''}${typeof hit.className === 'string' && hit.className ? `.${hit.className.trim().split(/\s+/).join('.')}` : ''}>` : 'nothing';
        return `the element is still on the page, and ${what} is at its centre`;
      })
      .catch(() => null);
    // Its document gone: the press loaded another one (a link the router does not take), so it
    // pressed something that navigates; the record went with the document it was made in.
    if (seen === null) return;
    error.message = `waiting for the press to reach the element: ${error.message}; last saw: ${seen}`;
    throw error;
  }
}

/** Replaces the text of the field labelled `label` by typing `value`. */
export async function fill(page, label, value) {
  const input = await field(page, label);
  await clickElement(input, { count: 3 });
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(value);
}

/** The visible button (or link, with `{ link: true }`) whose name is `name` (a string or RegExp). */
export async function button(page, name, { link = false, within = 'body', timeout } = {}) {
  const handle = await waitFor(
    page,
    `the ${link ? 'link' : 'button'} ${name}${within === 'body' ? '' : ` in ${within}`}`,
    (source, flags, isLink, scope) => {
      const wanted = new RegExp(source, flags);
      const root = document.querySelector(scope);
      if (!root) return null;
      const candidates = root.querySelectorAll(isLink ? 'a[href]' : 'button, [role="button"], [role="tab"], [role="menuitem"]');
      return [...candidates].find((el) => el.getClientRects().length > 0 && (wanted.test((el.getAttribute('aria-label') ?? '').trim()) || wanted.test(el.textContent.trim()))) ?? null;
    },
    timeout === undefined ? {} : { timeout },
    name instanceof RegExp ? name.source : `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
    name instanceof RegExp ? name.flags : '',
    link,
    within,
  );
  return handle.asElement();
}

/** Clicks the button named `name`. */
export async function click(page, name, options) {
  const target = await button(page, name, options);
  await clickElement(target);
}

/** Waits until the page shows `text` (a string or RegExp) in its visible text. */
export async function waitForText(page, text, { timeout } = {}) {
  await waitFor(
    page,
    `the text ${text}`,
    (source, flags) => new RegExp(source, flags).test(document.body.innerText),
    timeout === undefined ? {} : { timeout },
    text instanceof RegExp ? text.source : text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    text instanceof RegExp ? text.flags : '',
  );
}

/**
 * In an open issue picker whose search box holds `query`: once the search's own answer is listed
 * (not busy, every issue offered matching the query: the list shown before it may still be up,
 * as the search waits for typing to rest), ticks the issue whose row includes `wanted` (its name
 * or key) and waits until it is ticked.
 */
export async function chooseSearchResult(page, query, wanted) {
  const row = await waitFor(
    page,
    `the picker's answer to "${query}" offering ${wanted}`,
    (query, wanted) => {
      const list = document.querySelector('[role="dialog"] .app-checklist-issues:not([aria-busy="true"])');
      const labels = [...(list?.querySelectorAll('label.app-checklist-issue') ?? [])];
      if (!labels.length || !labels.every((label) => label.textContent.toLowerCase().includes(query.toLowerCase()))) return null;
      return labels.find((label) => label.textContent.includes(wanted))?.querySelector('input') ?? null;
    },
    {},
    query,
    wanted,
  );
  await clickElement(row.asElement());
  await waitFor(page, `${wanted} ticked`, (wanted) => [...document.querySelectorAll('[role="dialog"] label.app-checklist-issue')].find((label) => label.textContent.includes(wanted))?.querySelector('input')?.checked, {}, wanted);
}

/** Whether the visible button named `name` is disabled. */
export async function isDisabled(page, name, options) {
  const target = await button(page, name, options);
  return target.evaluate((el) => el.disabled === true || el.getAttribute('aria-disabled') === 'true');
}

/** The editable box inside the <rich-editor> labelled `label` (in its shadow root), once it takes typing. */
export async function editorBox(page, label) {
  // Once it can be typed in: an editor on a shared document takes no keys until its document has arrived.
  const handle = await waitFor(
    page,
    `the editor "${label}" to take typing`,
    (wanted) => {
      const box = [...document.querySelectorAll('rich-editor')].find((el) => el.getAttribute('aria-label') === wanted)?.shadowRoot?.querySelector('[role="textbox"]');
      return box?.getAttribute('contenteditable') === 'true' ? box : null;
    },
    {},
    label,
  );
  return handle.asElement();
}

/**
 * Signs the page's browser context in through the API: the session cookie the server's sign-in
 * answers with go into the context before the page's first load, as the browser would keep them
 * (name, value, path, HttpOnly and SameSite, for the server's host). For tests whose subject is not
 * signing in, which then load the screen they are about: the sign-in screen and the home screen
 * it lands on cost a page load each, about a processor-second a test (signing in is tested
 * through its screen where it is the subject: signInThroughUi).
 */
export async function signInWithCookie(page, base, { email, password }) {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`signing in as ${email}: ${response.status} ${await response.text()}`);
  const { hostname } = new URL(base);
  const cookies = response.headers.getSetCookie().map((line) => {
    const { name, value, attributes } = parseSetCookie(line);
    const sameSite = attributes.get('samesite')?.toLowerCase();
    return {
      name,
      value,
      domain: hostname,
      path: attributes.get('path') || '/',
      httpOnly: attributes.has('httponly'),
      ...(sameSite && { sameSite: sameSite === 'strict' ? 'Strict' : sameSite === 'none' ? 'None' : 'Lax' }),
    };
  });
  if (!cookies.length) throw new Error(`signing in as ${email}: the answer set no cookie`);
  await page.browserContext().setCookie(...cookies);
}

/** Signs in through the sign-in screen and waits to leave it. */
export async function signInThroughUi(page, base, { email, password }) {
  await page.goto(`${base}/accounts/sign-in`);
  await fill(page, 'Email', email);
  await fill(page, 'Password', password);
  await click(page, 'Sign in', { within: 'form' });
  await waitFor(page, 'the app to leave the sign-in screen', () => !location.pathname.startsWith('/accounts/'));
}

/** Waits for an element matching `selector` whose text matches `text`, searching every shadow root too. */
export async function deepFind(page, selector, text = /[\s\S]*/) {
  const handle = await waitFor(
    page,
    `${selector} showing ${text}`,
    (css, source, flags) => {
      const wanted = new RegExp(source, flags);
      const roots = [document];
      for (let i = 0; i < roots.length; i++) {
        for (const element of roots[i].querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
      }
      for (const root of roots) {
        // An option's text may live in its own shadow root (the editor's listbox options).
        const text = (el) => `${el.getAttribute('aria-label') ?? ''} ${el.textContent} ${el.shadowRoot?.textContent ?? ''}`;
        const found = [...root.querySelectorAll(css)].find((el) => el.getClientRects().length > 0 && wanted.test(text(el)));
        if (found) return found;
      }
      return null;
    },
    {},
    selector,
    text.source,
    text.flags,
  );
  return handle.asElement();
}

/** The accessible name of the focused element, as the tests name buttons and links (aria-label, else its text). */
export function focusedName(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el && el !== document.body ? (el.getAttribute('aria-label') ?? el.textContent).trim() : null;
  });
}

/**
 * Expects focus back on the element named `name` once a dialog has closed: Radix returns it a
 * task after the dialog goes, so it is waited for (up to `timeout` ms) before the check.
 */
export async function expectFocusBack(page, name, { timeout = 2_000 } = {}) {
  await page
    .waitForFunction(
      (wanted) => {
        const el = document.activeElement;
        return el && el !== document.body && (el.getAttribute('aria-label') ?? el.textContent).trim() === wanted;
      },
      { timeout },
      name,
    )
    .catch(() => {});
  assert.equal(await focusedName(page), name, `focus back on "${name}"`);
}

/** Presses Tab (as a keyboard-only user does) until the focused element's name is `name`; fails after `limit` presses. */
export async function tabTo(page, name, { limit = 80 } = {}) {
  const wanted = name instanceof RegExp ? name : new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const seen = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await focusedName(page);
    if (focused !== null && wanted.test(focused)) return;
    seen.push(focused);
  }
  throw new Error(`Tab never reached ${wanted} in ${limit} presses; it went through: ${seen.slice(0, 40).join(' | ')}`);
}

/** The response to the next PATCH of one issue the page sends (an in-place change is shown before the server has it). */
export const nextIssuePatch = (page) => page.waitForResponse((response) => response.request().method() === 'PATCH' && /\/issues\/[^/]+$/.test(new URL(response.url()).pathname));
