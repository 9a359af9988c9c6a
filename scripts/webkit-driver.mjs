// WebKitGTK through WebKitWebDriver (W3C WebDriver over HTTP): one driver process and the one
// MiniBrowser window its session holds, the X display it needs, and the capabilities that start
// it. Web Test Runner's WebKit launcher (scripts/wtr-webkit.mjs) and the app's end-to-end flow
// in WebKit (test/e2e/webkit.node.test.mjs) both drive WebKit through this.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startXvfb } from './xvfb.mjs';
import { freePort } from './free-port.mjs';

const KEYBOARD = 'keyboard';
const MOUSE = 'mouse';


const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A WebDriver command in a few words: the keys typed or the pointer's moves, for a stuck one. */
function describeRequest(method, path, body) {
  if (path !== '/actions' || !body?.actions) return `WebDriver ${method} ${path}`;
  const steps = body.actions.flatMap((source) =>
    source.actions
      .filter((action) => action.type !== 'pause')
      .map((action) => (action.type === 'pointerMove' ? `move ${action.x},${action.y}` : action.type === 'keyDown' ? `key ${JSON.stringify(action.value)}` : action.type)),
  );
  const shown = steps.filter((step) => !step.startsWith('keyUp'));
  return `WebDriver ${method} ${path} (${shown.slice(0, 12).join(', ')}${shown.length > 12 ? ', …' : ''})`;
}

/**
 * The capabilities of a MiniBrowser session: `browserPath` (MiniBrowser) started for automation
 * with `browserArgs`.
 */
export function webkitCapabilities({ browserPath, browserArgs = [] }) {
  return {
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: browserPath, args: ['--automation', ...browserArgs] },
    // A test page that opens alert() must not stop every command after it.
    unhandledPromptBehavior: 'dismiss',
  };
}

/** One WebKitWebDriver process and the one browser session it holds. */
export class DriverSession {
  /**
   * `requestTimeout` (ms) bounds each command: one the driver has not answered by then throws,
   * naming it. Without it a command waits as long as the driver takes (Web Test Runner's
   * progress names a stuck one instead, through `unanswered`).
   */
  constructor({ driverPath, capabilities, env, requestTimeout = null }) {
    this.driverPath = driverPath;
    this.capabilities = capabilities;
    this.env = env;
    this.requestTimeout = requestTimeout;
    this.testSessionId = null;
    this.url = null;
    this.broken = false;
    /** The WebDriver commands sent and not answered yet. */
    this.pending = new Set();
  }

  async start(viewport) {
    this.port = await freePort();
    this.base = `http://127.0.0.1:${this.port}`;
    this.process = spawn(this.driverPath, [`--port=${this.port}`, '--host=local'], {
      env: this.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    this.process.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
    // WTR_WEBKIT_DEBUG=1 shows what the driver and MiniBrowser say ("WebProcess CRASHED").
    if (process.env.WTR_WEBKIT_DEBUG) this.process.stderr.pipe(process.stderr);
    const exited = new Promise((_, reject) =>
      this.process.once('exit', (code) => reject(new Error(`WebKitWebDriver exited (${code}): ${stderr.trim()}`))),
    );
    exited.catch(() => {});
    await Promise.race([this.waitUntilReady(), exited]);
    const created = await this.request('POST', '/session', { capabilities: { alwaysMatch: this.capabilities } }, false);
    this.id = created.sessionId;
    if (process.env.WTR_WEBKIT_DEBUG) console.error(`WebKit window: ${this.base}/session/${this.id}`);
    await this.setViewport(viewport);
  }

  async waitUntilReady() {
    for (let tries = 0; tries < 200; tries++) {
      try {
        const response = await fetch(`${this.base}/status`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`WebKitWebDriver did not answer on ${this.base}`);
  }

  /** One WebDriver command; resolves to its `value`, throws with the driver's error text. */
  async request(method, path, body, inSession = true) {
    const url = `${this.base}${inSession ? `/session/${this.id}` : ''}${path}`;
    const pending = { what: describeRequest(method, path, body), at: Date.now() };
    this.pending.add(pending);
    try {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        ...(this.requestTimeout ? { signal: AbortSignal.timeout(this.requestTimeout) } : {}),
      }).catch((error) => {
        if (error?.name === 'TimeoutError') throw new Error(`${pending.what}: no answer within ${this.requestTimeout / 1000} s`);
        throw error;
      });
      const json = await response.json().catch(() => ({}));
      if (!response.ok) {
        const { error = response.status, message = '' } = json.value ?? {};
        throw new Error(`WebDriver ${method} ${path}: ${error}: ${message}`);
      }
      return json.value;
    } finally {
      this.pending.delete(pending);
    }
  }

  /** The oldest command the driver has not answered for `ms`, described (or null). */
  unanswered(ms, now = Date.now()) {
    const oldest = [...this.pending].find((request) => now - request.at >= ms);
    return oldest ? `${oldest.what} unanswered for ${Math.round((now - oldest.at) / 1000)} s` : null;
  }

  execute(script, args = []) {
    return this.request('POST', '/execute/sync', { script, args });
  }

  navigate(url) {
    return this.request('POST', '/url', { url });
  }

  /** Sizes the window so that the page's viewport is `width` × `height` CSS pixels. */
  async setViewport({ width, height }) {
    const inner = () => this.execute('return [innerWidth, innerHeight]');
    for (let attempt = 0; attempt < 3; attempt++) {
      const [innerWidth, innerHeight] = await inner();
      if (innerWidth === width && innerHeight === height) return;
      if (process.env.WTR_WEBKIT_DEBUG) console.error(`WebKit window ${this.id}: page ${innerWidth}×${innerHeight}, sizing to ${width}×${height}`);
      const rect = await this.request('GET', '/window/rect');
      await this.request('POST', '/window/rect', {
        width: rect.width + width - innerWidth,
        height: rect.height + height - innerHeight,
      });
      // The window manager applies the size after answering: wait (up to 2 s) for the page to
      // have the size asked, or a new size that holds for 25 ms, before measuring again; the
      // next attempt would otherwise correct from a stale or half-applied size.
      let last = `${innerWidth}×${innerHeight}`;
      for (let wait = 0; wait < 80; wait++) {
        await sleep(25);
        const [w, h] = await inner();
        if (w === width && h === height) break;
        const now = `${w}×${h}`;
        if (now === last && (w !== innerWidth || h !== innerHeight)) break;
        last = now;
      }
    }
    const [innerWidth, innerHeight] = await inner();
    if (innerWidth !== width || innerHeight !== height) {
      // A file must never run at a size it did not ask for (a phone-sized page hides what a
      // wide one shows): the caller replaces this window.
      throw new Error(`the page stays ${innerWidth}×${innerHeight}, not ${width}×${height}`);
    }
  }

  keys(actions) {
    return this.actions([], actions);
  }

  pointer(actions) {
    return this.actions(actions, []);
  }

  /**
   * Pointer actions, then key actions, in one request: the key source waits out the
   * pointer's ticks, so the keys are queued right behind the last pointer event.
   */
  actions(pointer, keys) {
    const sources = [];
    const pause = { type: 'pause', duration: 0 };
    if (pointer.length) {
      sources.push({ type: 'pointer', id: MOUSE, parameters: { pointerType: 'mouse' }, actions: [...pointer, ...keys.map(() => pause)] });
    }
    if (keys.length) sources.push({ type: 'key', id: KEYBOARD, actions: [...pointer.map(() => pause), ...keys] });
    return this.request('POST', '/actions', { actions: sources }).catch((error) => {
      // After a failed actions request (a move outside the window, say) WebKitWebDriver's
      // input state stays wrong for the whole session: keys then lose Shift ("!" types "1")
      // even after releasing all input. The window is not reused for another file.
      this.broken = true;
      throw error;
    });
  }

  /** Releases every key and button still held, as a fresh page would find them. */
  releaseInput() {
    return this.request('DELETE', '/actions');
  }

  /** Ends the session (closing its window) and the driver; resolves once the driver has exited. */
  async close() {
    try {
      if (this.id) await this.request('DELETE', '');
    } catch {
      // the browser is already gone
    }
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * A GTK configuration folder whose style lets MiniBrowser's window be as narrow as a phone:
 * its toolbar's buttons keep the window's page at least 447 px wide otherwise, and a test
 * asking for 390 would run at 447. Only GTK's own widgets take this style (WebKitGTK draws
 * the page's controls itself).
 */
function narrowChrome() {
  const home = mkdtempSync(join(tmpdir(), 'rich-editor-webkit-gtk-'));
  for (const gtk of ['gtk-3.0', 'gtk-4.0']) {
    mkdirSync(join(home, gtk));
    writeFileSync(join(home, gtk, 'gtk.css'), 'button { min-width: 0; padding: 0; }\n');
  }
  const remove = () => rmSync(home, { recursive: true, force: true });
  process.once('exit', remove);
  return { home, remove };
}

/**
 * The environment MiniBrowser runs in: the GTK style above, and an X display (this process's
 * own, or an Xvfb started for it when it has none). `stop()` stops that Xvfb and removes the
 * style, and resolves once they are gone.
 */
export async function webkitDisplay({ screen } = {}) {
  const chrome = narrowChrome();
  const env = { ...process.env, XDG_CONFIG_HOME: chrome.home };
  if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) return { env, stop: chrome.remove };
  let xvfb;
  try {
    xvfb = await startXvfb(screen ? { screen } : {});
  } catch (error) {
    chrome.remove();
    throw error;
  }
  env.DISPLAY = xvfb.display;
  return {
    env,
    async stop() {
      await xvfb.stop();
      chrome.remove();
    },
  };
}

/**
 * A started DriverSession whose page is `viewport` large; a window that will not take that size
 * (or a driver that will not start) is replaced by another, twice at most.
 */
export async function startDriverSession({ driverPath, capabilities, env, viewport, requestTimeout = null }) {
  for (let attempt = 1; ; attempt++) {
    const driver = new DriverSession({ driverPath, capabilities, env, requestTimeout });
    try {
      await driver.start(viewport);
      return driver;
    } catch (error) {
      await driver.close();
      if (attempt === 3) throw error;
    }
  }
}
