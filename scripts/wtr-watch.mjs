// Web Test Runner: what to say when a test page stops answering (see watchTestPage).

/**
 * Says what happened when a test page stops answering: a renderer crash, a page that navigated
 * away from its test file, a blocking alert/confirm (dismissed, so the file still finishes), or
 * a page whose main thread is stuck after a minute and a half (the script's stack). Without
 * this, each shows only as a file that timed out. Chromium and Firefox (puppeteer pages); which
 * test a file is in is told in every engine by scripts/wtr-progress.mjs.
 */
export function watchTestPage(page) {
  let started = Date.now();
  let debug = null;
  page.on('error', (error) => console.error(`A test page crashed (${page.url()}): ${error.message}`));
  page.on('dialog', (dialog) => {
    console.error(`A test page opened an ${dialog.type()} dialog box (${page.url()}): "${dialog.message()}"; dismissed it`);
    dialog.dismiss().catch(() => {});
  });
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame() || frame.url() === 'about:blank') return;
    if (frame.url().includes('wtr-session-id')) started = Date.now();
    else console.error(`A test page navigated away from its tests, to ${frame.url()}`);
  });
  let checking = false;
  const watchdog = setInterval(async () => {
    if (page.isClosed()) return clearInterval(watchdog);
    if (checking || Date.now() - started < WATCHDOG_MS) return;
    const seconds = Math.round((Date.now() - started) / 1000);
    if (!page.url().includes('wtr-session-id')) {
      if (page.url() !== 'about:blank') console.error(`A test page has been on ${page.url()} for ${seconds} s, not on its test file`);
      return;
    }
    checking = true;
    // Which test the file is in, and whether it ended, comes from scripts/wtr-progress.mjs; this
    // asks only whether the page's main thread still answers, and if not, where it is stuck.
    const state = await Promise.race([
      page.evaluate(() => true).catch((error) => ({ error: error.message })),
      new Promise((resolve) => setTimeout(() => resolve('stuck'), 10_000)),
    ]);
    checking = false;
    if (state?.error) return console.error(`A test file has run for ${seconds} s and its page cannot be asked anything: ${state.error} (${page.url()})`);
    if (state !== 'stuck') return;
    clearInterval(watchdog);
    console.error(`A test page has not answered for 10 s after ${seconds} s (${page.url()}); its script: ${await pausedStack(debug)}`);
  }, WATCHDOG_MS / 3);
  page.once('close', () => clearInterval(watchdog));
  // The debugger is attached up front: a page whose main thread is stuck cannot take
  // Debugger.enable any more, but can still be paused to show where it is.
  page
    .createCDPSession()
    .then(async (cdp) => {
      await cdp.send('Debugger.enable');
      // `debugger` statements must not stop the tests; an explicit pause still does.
      await cdp.send('Debugger.setBreakpointsActive', { active: false });
      debug = cdp;
    })
    .catch(() => {});
  return page;
}

const WATCHDOG_MS = Number(process.env.WTR_WATCHDOG_MS ?? 90_000);

/** The JavaScript stack of a page whose main thread does not answer, by pausing it in the debugger. */
async function pausedStack(cdp) {
  if (!cdp) return 'unknown (no debugger attached)';
  try {
    const paused = new Promise((resolve) => cdp.once('Debugger.paused', resolve));
    await cdp.send('Debugger.pause');
    const { callFrames } = await Promise.race([paused, new Promise((_, reject) => setTimeout(() => reject(new Error('it did not pause')), 10_000))]);
    const test = await cdp
      .send('Debugger.evaluateOnCallFrame', { callFrameId: callFrames[0].callFrameId, expression: 'window.__currentTest', returnByValue: true })
      .then(({ result }) => result.value)
      .catch(() => undefined);
    await cdp.send('Debugger.resume').catch(() => {});
    return `in "${test ?? 'no test yet'}"` + callFrames.map((frame) => `\n    ${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*?\/\/[^/]*/, '')}:${frame.location.lineNumber + 1}`).join('');
  } catch (error) {
    return `unknown (${error.message})`;
  }
}
