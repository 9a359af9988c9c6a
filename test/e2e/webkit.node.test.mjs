// The app's daily path end to end in WebKit: the built app (dist/app) on the real API server
// (dist/server) in WebKitGTK's MiniBrowser under its own Xvfb, driven through WebKitWebDriver with
// real clicks and keys (helpers/webkit-page.mjs). Puppeteer, which drives app.node.test.mjs in
// Chromium and Firefox, cannot drive WebKit. Fails, naming the Debian packages, when WebKitGTK's
// WebDriver or Xvfb is not installed; fails on any page error or console error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { signUp } from './helpers/api-client.mjs';
import { assertBuilt, startAppServer } from './helpers/app-server.mjs';
import { launchWebKit, webkitMissing } from './helpers/webkit-page.mjs';

const PASSWORD = 'correct horse battery';
/** What the user types: no quotes, dashes or markdown shortcuts the editor would turn into something else. */
const SENTENCE = 'Launch notes go out on Friday, after the review.';

/** The server and the browser starting, side by side: `after` stops whichever started, even when `before` gave up. */
let starting;
let server;
/** @type {import('./helpers/webkit-page.mjs').WebKitPage | undefined} */
let page;
/** Ada (the workspace's admin, signed in over the API), her project and the issue she opens. */
const world = {};

before(
  async () => {
    const missing = webkitMissing();
    if (missing) throw new Error(missing);
    assertBuilt();
    // The server's start (PGlite's migrations) took 80 s on this 2-core machine beside other runs.
    starting = Promise.allSettled([startAppServer({ startTimeout: 150_000 }), launchWebKit({ viewport: { width: 1280, height: 900 } })]);
    const [started, launched] = await starting;
    server = started.value;
    page = launched.value;
    for (const result of [started, launched]) if (result.status === 'rejected') throw result.reason;
    const ada = await signUp(server.base, { email: 'ada@example.com', password: PASSWORD, display_name: 'Ada Lovelace' });
    await ada.request('POST', '/api/workspaces', { name: 'Acme', slug: 'acme' });
    const project = await ada.request('POST', '/api/workspaces/acme/projects', { name: 'Website', identifier: 'WEB' });
    const projectPath = `/api/workspaces/acme/projects/${project.id}`;
    const issue = await ada.request('POST', `${projectPath}/issues`, { name: 'Write the launch notes' });
    Object.assign(world, { ada, project, projectPath, issue });
  },
  { timeout: 240_000 },
);

after(
  async () => {
    const [started, launched] = (await starting) ?? [];
    // Each one stopped even when the other will not stop.
    await Promise.allSettled([launched?.value?.close(), started?.value?.stop()]);
  },
  { timeout: 180_000 },
);

/** The editable box of the editor labelled `label`, once it can be typed in (WebDriver's shadow root commands). */
async function editorBox(label) {
  const host = await page.element(`rich-editor[aria-label="${label}"]`);
  await page.waitForValue(`the editor "${label}" to be editable`, (el) => el.shadowRoot?.querySelector('[role="textbox"]')?.getAttribute('contenteditable') ?? null, [host], 'true');
  return page.inShadowRoot(host, '[role="textbox"]');
}

/** Waits until the editor labelled `label` holds exactly `text`. */
function waitForEditorText(label, text) {
  const css = `rich-editor[aria-label="${label}"]`;
  return page.waitForValue(`the editor "${label}" to hold its text`, (host) => document.querySelector(host)?.shadowRoot?.querySelector('[role="textbox"]')?.textContent ?? null, [css], text);
}

/** Waits until the description's save status region says `status`. */
function waitForStatus(status) {
  return page.waitForValue('the description’s save status', () => document.querySelector('.app-editor-status[role="status"]')?.textContent ?? null, [], status);
}

test('a member signs in, opens an issue from the project’s list, writes its description, and still finds it after a reload', { timeout: 240_000 }, async () => {
  const { base } = server;
  const { ada, project, projectPath, issue } = world;
  try {
    await page.goto(`${base}/accounts/sign-in`);
    await page.fill('Email', 'ada@example.com');
    await page.fill('Password', PASSWORD);
    await page.click(await page.button('Sign in', { within: 'form' }));
    await page.waitForPath('/acme');

    // The project in the sidebar opens onto its sections; Issues is its list.
    await page.click(await page.button(/Website$/, { within: '[aria-label="Sidebar"]' }));
    await page.click(await page.button('Issues', { link: true, within: '[aria-label="Sidebar"] ul[aria-label="Website"]' }));
    await page.waitForPath(`/acme/projects/${project.id}/issues`);
    // The address changes before the list's screen is drawn (the router draws it in a transition): until then main still
    // shows the home screen, whose Recent activity links the same issue by the same name, and a click there lands on nothing
    // once the list's screen takes its place. The link is looked up in the list.
    await page.click(await page.button(`${issue.key} ${issue.name}`, { link: true, within: 'main ul[aria-label="Issues"]' }));
    await page.waitForPath(`/acme/projects/${project.id}/issues/${issue.id}`);
    await page.waitForValue('the issue’s title', () => document.querySelector('h1')?.textContent ?? null, [], issue.name);

    await page.click(await editorBox('Description'));
    await page.type(SENTENCE);
    await waitForEditorText('Description', SENTENCE);
    // Saved by itself once typing pauses.
    await waitForStatus('Saved');

    await page.reload();
    await editorBox('Description');
    await waitForEditorText('Description', SENTENCE);

    // The stored description follows the shared document on the server (derived a moment after the last change): polled, bounded.
    const sentence = new RegExp(`<p>${SENTENCE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</p>`);
    const deadline = Date.now() + 20_000;
    let stored = await ada.request('GET', `${projectPath}/issues/${issue.id}`);
    while (!sentence.test(stored.description_html) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      stored = await ada.request('GET', `${projectPath}/issues/${issue.id}`);
    }
    assert.match(stored.description_html, sentence, 'the server holds the typed sentence');
    // One last look at the page, so that what it recorded since the last wait is counted.
    await page.evaluate(() => null);
    assert.deepEqual(page.problems, [], 'no page errors, unhandled rejections or console errors');
  } catch (error) {
    error.message += await page.describe('webkit-e2e-failure');
    throw error;
  }
});
