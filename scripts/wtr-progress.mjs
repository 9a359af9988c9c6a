// Web Test Runner: which test each running file is in, told by the page (test/setup/console-guard.ts).

/**
 * Follows each test file's progress: the page reports every test as it starts and ends (the
 * `test-progress` command, not awaited), so a file that stops making progress is named with the
 * test it is in, in every engine and with no debugger attached, with the page's last error in
 * that test (a failure mocha could not report stops its run) and, in WebKit, a command the
 * browser has not answered. The runner itself reports a file's results only when it ends, and
 * a file that times out only as "did not finish".
 *
 * `plugin` goes into the config's plugins, `middleware` into its middleware and `reporter` into its
 * reporters (before the one that uses `lastStep`); `lastStep(sessionId)` describes where a file was when
 * it stopped, for the run's list of failures (scripts/count-reporter.mjs).
 */
export function testProgress({ stallMs = Number(process.env.WTR_STALL_MS ?? 60_000) } = {}) {
  /** Per session (one test file in one browser): the last step the page reported, and when. */
  const steps = new Map();
  /** Per session: when its test page was asked for, until it reports its first test. */
  const loading = new Map();
  /** Sessions whose results the runner has (a timed-out one too): no more watching. */
  const reported = new Set();
  /** Requests the dev server has not answered yet. */
  const unanswered = new Set();
  const describe = (step, now = Date.now()) => {
    // A launcher that drives its browser itself (WebKit's) says which command it is waiting on.
    const stuck = step.launcher?.stuckCommand?.(step.sessionId);
    return (
      `${step.phase === 'ended' ? 'last ended' : 'in'} "${step.test}" (${step.count} tests started; ${Math.round((now - step.at) / 1000)} s since` +
      `${stuck ? `; ${stuck}` : ''}${step.problem ? `; the page's last error: ${step.problem}` : ''})`
    );
  };
  const describeLoading = (sessionId, now = Date.now()) => {
    const since = loading.get(sessionId)?.since;
    const pending = [...unanswered].filter((request) => now - request.at > 5_000).map((request) => `${request.url} (${Math.round((now - request.at) / 1000)} s)`);
    return (
      (since ? `before its first test, ${Math.round((now - since) / 1000)} s after its page was asked for` : 'before its first test, its page never requested') +
      (pending.length ? `; unanswered requests: ${pending.slice(0, 5).join(', ')}` : '')
    );
  };
  let timer = null;
  const plugin = {
    name: 'test-progress',
    serverStart() {
      timer = setInterval(() => {
        const now = Date.now();
        for (const [sessionId, step] of steps) {
          if (reported.has(sessionId) || now - step.at < stallMs * (step.warned + 1)) continue;
          step.warned++;
          const seconds = Math.round((now - step.at) / 1000);
          console.error(
            step.finished
              ? `A test file's tests ended ${seconds} s ago in ${step.browser}, and the runner has not received their results: ${step.file}`
              : `A test file has made no progress for ${seconds} s in ${step.browser}: ${step.file}, ${describe(step, now)}`,
          );
        }
        for (const [sessionId, page] of loading) {
          if (reported.has(sessionId) || now - page.since < stallMs * (page.warned + 1)) continue;
          page.warned++;
          console.error(`A test page has not started its first test: ${describeLoading(sessionId, now)}`);
        }
      }, Math.min(stallMs / 2, 15_000));
      timer.unref();
    },
    serverStop() {
      clearInterval(timer);
    },
    executeCommand({ command, payload, session }) {
      if (command !== 'test-progress') return undefined;
      loading.delete(session.id);
      const previous = steps.get(session.id);
      if (payload?.phase === 'problem') {
        // An error the page saw (a failed test's report that threw, say): kept for a stall's report.
        if (previous) previous.problem = String(payload.problem ?? '');
        return true;
      }
      steps.set(session.id, {
        file: session.testFile.replace(`${process.cwd()}/`, ''),
        browser: session.browser.name,
        launcher: session.browser,
        sessionId: session.id,
        test: String(payload?.test ?? ''),
        phase: payload?.phase === 'ended' ? 'ended' : payload?.phase === 'finished' ? 'finished' : 'started',
        finished: payload?.phase === 'finished',
        count: (previous?.count ?? 0) + (payload?.phase === 'started' ? 1 : 0),
        // The page's last error stays with the test it happened in.
        problem: payload?.phase === 'started' ? null : (previous?.problem ?? null),
        at: Date.now(),
        warned: 0,
      });
      return true;
    },
  };
  /** Dev server middleware: notes test pages asked for and requests not yet answered. */
  async function middleware(context, next) {
    const sessionId = context.query?.['wtr-session-id'];
    if (typeof sessionId === 'string' && !steps.has(sessionId) && !loading.has(sessionId)) loading.set(sessionId, { since: Date.now(), warned: 0 });
    const request = { url: context.url, at: Date.now() };
    unanswered.add(request);
    try {
      await next();
    } finally {
      unanswered.delete(request);
    }
  }
  /** A reporter: a file whose results came in needs no more watching. */
  const reporter = {
    reportTestFileResults({ sessionsForTestFile }) {
      for (const session of sessionsForTestFile) reported.add(session.id);
    },
  };
  return {
    plugin,
    middleware,
    reporter,
    /** Where the file of this session last was. */
    lastStep(sessionId) {
      const step = steps.get(sessionId);
      if (step?.finished) return `past its last test, its results not received (${Math.round((Date.now() - step.at) / 1000)} s since)`;
      return step ? describe(step) : describeLoading(sessionId);
    },
  };
}
