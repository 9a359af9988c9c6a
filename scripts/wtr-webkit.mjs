// Web Test Runner in WebKitGTK, driven through WebKitWebDriver (W3C WebDriver over HTTP).
//
// WebKitWebDriver holds one session at a time, so each concurrent test file gets its own
// driver process and MiniBrowser window; windows are kept and reused for the next file.
// MiniBrowser has no headless mode: without a DISPLAY the launcher starts Xvfb.
// WTR_WEBKIT_CONCURRENCY sets how many windows run at once (default 1: only one window has
// keyboard focus); WTR_WEBKIT_DEBUG=1 prints the driver's and browser's own messages and
// where each window was when its file ended.
import { keyValue, mouseButton, pointerClick, pointerMove, pressActions, typeActions } from './webdriver-actions.mjs';
import { startDriverSession, webkitCapabilities, webkitDisplay } from './webkit-driver.mjs';

/** How many test files one MiniBrowser window runs before a fresh one takes over. */
const FILES_PER_WINDOW = 20;

/**
 * Web Test Runner's browser launcher for WebKitGTK. Options: `driverPath` (WebKitWebDriver),
 * `browserPath` (MiniBrowser), `browserArgs`, `viewport` (default 800×600, as in Chromium).
 */
export function webkitLauncher({ driverPath, browserPath, browserArgs = [], viewport = { width: 800, height: 600 } }) {
  const capabilities = webkitCapabilities({ browserPath, browserArgs });
  /** @type {import('./webkit-driver.mjs').DriverSession[]} */
  const idle = [];
  /** @type {Map<string, import('./webkit-driver.mjs').DriverSession>} */
  const busy = new Map();
  /** The display and GTK style every window shares, set up when the first window is. */
  let display = null;

  async function acquire() {
    const reused = idle.pop();
    if (reused) return reused;
    display ??= webkitDisplay();
    const { env } = await display;
    return startDriverSession({ driverPath, capabilities, env, viewport });
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
      await (await display?.catch(() => null))?.stop();
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
