// Web Test Runner in WebKitGTK, driven through WebKitWebDriver (W3C WebDriver over HTTP).
//
// WebKitWebDriver holds one session at a time, so each concurrent test file gets its own
// driver process and MiniBrowser window; windows are kept and reused for the next file.
// MiniBrowser has no headless mode: without a DISPLAY the launcher starts Xvfb.
// WTR_WEBKIT_CONCURRENCY sets how many windows run at once (default 1: only one window has
// keyboard focus); WTR_WEBKIT_DEBUG=1 prints the driver's and browser's own messages and
// where each window was when its file ended.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyValue, mouseButton, pointerClick, pointerMove, pressActions, typeActions } from './webdriver-actions.mjs';
import { startXvfb } from './xvfb.mjs';

const KEYBOARD = 'keyboard';
const MOUSE = 'mouse';

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many test files one MiniBrowser window runs before a fresh one takes over. */
const FILES_PER_WINDOW = 20;

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

/** One WebKitWebDriver process and the one browser session it holds. */
class DriverSession {
  constructor({ driverPath, capabilities, env }) {
    this.driverPath = driverPath;
    this.capabilities = capabilities;
    this.env = env;
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

  async close() {
    try {
      if (this.id) await this.request('DELETE', '');
    } catch {
      // the browser is already gone
    }
    this.process?.kill();
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
  process.once('exit', () => rmSync(home, { recursive: true, force: true }));
  return home;
}

/**
 * Web Test Runner's browser launcher for WebKitGTK. Options: `driverPath` (WebKitWebDriver),
 * `browserPath` (MiniBrowser), `browserArgs`, `viewport` (default 800×600, as in Chromium).
 */
export function webkitLauncher({ driverPath, browserPath, browserArgs = [], viewport = { width: 800, height: 600 } }) {
  const capabilities = {
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: browserPath, args: ['--automation', ...browserArgs] },
    // A test page that opens alert() must not stop every command after it.
    unhandledPromptBehavior: 'dismiss',
  };
  /** @type {DriverSession[]} */
  const idle = [];
  /** @type {Map<string, DriverSession>} */
  const busy = new Map();
  let env = process.env;
  let xvfb = null;
  let displayReady = null;

  async function ensureDisplay() {
    env = { ...process.env, XDG_CONFIG_HOME: narrowChrome() };
    if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) return;
    xvfb = await startXvfb();
    env.DISPLAY = xvfb.display;
  }

  async function acquire() {
    const reused = idle.pop();
    if (reused) return reused;
    displayReady ??= ensureDisplay();
    await displayReady;
    // A window that will not take the asked size (or a driver that will not start) is
    // replaced by another, twice at most.
    for (let attempt = 1; ; attempt++) {
      const driver = new DriverSession({ driverPath, capabilities, env });
      try {
        await driver.start(viewport);
        return driver;
      } catch (error) {
        await driver.close();
        if (attempt === 3) throw error;
      }
    }
  }

  const launcher = {
    name: 'WebKit',
    type: 'webdriver',

    async initialize(config) {
      // Web Test Runner's own command plugins come first in the chain and reject webdriver
      // browsers for set-viewport and key down/up; this launcher's commands go ahead of them.
      config.plugins.unshift(webkitCommandsPlugin());
    },

    async stop() {
      const all = [...idle.splice(0), ...busy.values()];
      busy.clear();
      await Promise.all(all.map((driver) => driver.close()));
      xvfb?.stop();
    },

    async startSession(sessionId, url) {
      const driver = await acquire();
      driver.testSessionId = sessionId;
      driver.url = url;
      busy.set(sessionId, driver);
      await driver.navigate(url);
    },

    isActive: (sessionId) => busy.has(sessionId),

    /** For test progress: the command a file's window has not answered for 5 s, if any. */
    stuckCommand: (sessionId) => busy.get(sessionId)?.unanswered(5_000) ?? null,

    getBrowserUrl: (sessionId) => busy.get(sessionId)?.url,

    async startDebugSession() {
      throw new Error('Debugging is not supported in WebKit; run the file in Chromium with --manual.');
    },

    async stopSession(sessionId) {
      const driver = busy.get(sessionId);
      busy.delete(sessionId);
      if (!driver) return {};
      try {
        // Stop whatever the page is still running, and hand the next file a clean window.
        if (process.env.WTR_WEBKIT_DEBUG) console.error(`WebKit window after ${sessionId}:`, await driver.request('GET', '/url').catch((e) => e.message));
        if (driver.broken) throw new Error('input state lost');
        await driver.navigate('about:blank');
        await driver.releaseInput();
        // Measured, not remembered: one question when the page already has the default size.
        await driver.setViewport(viewport);
        // A window that ran many files is replaced: late in a long run, one that had run some
        // ninety of them stalled on a file that passes alone in a fresh one.
        driver.filesRun = (driver.filesRun ?? 0) + 1;
        if (driver.filesRun >= FILES_PER_WINDOW) throw new Error('window retired');
        idle.push(driver);
      } catch {
        // A crashed or stuck browser is replaced by a new one for the next file.
        await driver.close();
      }
      return {};
    },

    /** The session's driver, for the commands below and in scripts/wtr-input.mjs. */
    driver(sessionId) {
      const driver = busy.get(sessionId);
      if (!driver) throw new Error(`No WebKit window runs test session ${sessionId}`);
      return driver;
    },

    // What @web/test-runner-commands asks of a webdriver launcher.
    sendKeys: (sessionId, keys) =>
      launcher.driver(sessionId).keys(keys.length === 1 ? pressActions(keys[0]) : typeActions(keys.join(''))),
    sendMouseMove: (sessionId, x, y) => launcher.driver(sessionId).pointer([pointerMove(x, y)]),
    sendMouseClick: (sessionId, x, y, button) =>
      launcher.driver(sessionId).pointer([pointerMove(x, y), ...pointerClick(button)]),
    sendMouseDown: (sessionId, button) =>
      launcher.driver(sessionId).pointer([{ type: 'pointerDown', button: mouseButton(button) }]),
    sendMouseUp: (sessionId, button) =>
      launcher.driver(sessionId).pointer([{ type: 'pointerUp', button: mouseButton(button) }]),
    resetMouse: async (sessionId) => {
      const driver = launcher.driver(sessionId);
      await driver.releaseInput();
      await driver.pointer([pointerMove(0, 0)]);
    },
  };
  return launcher;
}

/**
 * The commands of @web/test-runner-commands that its own plugins do not give webdriver
 * browsers: set-viewport, and send-keys with `down`/`up` (held modifiers).
 */
function webkitCommandsPlugin() {
  return {
    name: 'webkit-commands',
    async executeCommand({ command, payload, session }) {
      if (session.browser.type !== 'webdriver' || typeof session.browser.driver !== 'function') return undefined;
      const driver = session.browser.driver(session.id);
      if (command === 'set-viewport') {
        await driver.setViewport(payload);
        return true;
      }
      if (command === 'send-keys' && payload && typeof payload === 'object') {
        if (typeof payload.type === 'string') await driver.keys(typeActions(payload.type));
        else if (typeof payload.press === 'string') await driver.keys(pressActions(payload.press));
        else if (typeof payload.down === 'string') await driver.keys([{ type: 'keyDown', value: keyValue(payload.down) }]);
        else if (typeof payload.up === 'string') await driver.keys([{ type: 'keyUp', value: keyValue(payload.up) }]);
        else return undefined;
        return true;
      }
      return undefined;
    },
  };
}
