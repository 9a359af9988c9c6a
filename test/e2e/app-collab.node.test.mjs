// Editing together end to end: the built app on the real API server, two people in two browsers
// (own cookies each) typing into one issue description, then one page, at the same time. Each sees
// both edits within seconds, nobody is asked about a conflict, both edits are there after a
// reload, and the REST API's description holds both (derived on the server from the shared document).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { seedTeam, TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { assertBuilt, startAppServer } from './helpers/app-server.mjs';
import { launchBrowser, openPage } from './helpers/browser.mjs';
import { editorBox, signInWithCookie } from './helpers/ui.mjs';

/** How long the REST API may take to show what the editors show (the server derives it debounced). */
const DERIVED_WITHIN_MS = 20_000;

let server;
let browser;
/** Ada (admin), Bob (member), Gus (guest), their project, an issue and a page. */
const world = {};

before(
  async () => {
    assertBuilt();
    server = await startAppServer();
    browser = await launchBrowser();
    const base = server.base;
    const { ada, bob, gus, project, projectPath } = await seedTeam(base);
    const issue = await ada.request('POST', `${projectPath}/issues`, { name: 'Plan the launch', description_html: '<p>Scope.</p><p>Dates.</p>' });
    const page = await ada.request('POST', `${projectPath}/pages`, { name: 'Runbook', description_html: '<h1>Steps</h1><p>Check the build.</p>' });
    Object.assign(world, { ada, bob, gus, project, projectPath, issue, page });
  },
  { timeout: 300_000 },
);

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page of its own (own cookies) signed in as `email`. */
async function signedIn(email) {
  const session = await openPage(browser);
  await signInWithCookie(session.page, server.base, { email, password: PASSWORD });
  return session;
}

/**
 * Resolves when the live stream of the next document `page` loads answers 200 (the server then
 * tells it every change). The document shown before may still be opening its own stream (the
 * screen after signing in does): that stream's answer, which ends with its document, does not count.
 */
function liveStreamOfNextDocument(page) {
  return new Promise((resolve) => {
    // Asked for once the next document has arrived (not on a route change within the old one).
    let arrived = false;
    const ours = new Set();
    const onRequest = (request) => {
      if (arrived && request.url().endsWith('/api/workspaces/acme/events')) ours.add(request);
    };
    const onResponse = (response) => {
      const request = response.request();
      if (request.isNavigationRequest() && request.frame() === page.mainFrame() && request.resourceType() === 'document') arrived = true;
      if (!ours.has(request) || response.status() !== 200) return;
      page.off('request', onRequest).off('response', onResponse);
      resolve();
    };
    page.on('request', onRequest).on('response', onResponse);
  });
}

/** The text of the editor labelled `label` as the document holds it (its HTML, so others' caret labels do not count). */
const editorHtml = (page, label) => page.$eval(`rich-editor[aria-label="${label}"]`, (el) => el.getHTML());

/** Waits until the editor labelled `label` holds every one of `texts`; says what it held when it gives up. */
async function waitForEditorTexts(page, label, texts, who) {
  try {
    await page.waitForFunction(
      (wanted, words) => {
        const html = document.querySelector(`rich-editor[aria-label="${wanted}"]`)?.getHTML() ?? '';
        return words.every((word) => html.includes(word));
      },
      { timeout: 15_000 },
      label,
      texts,
    );
  } catch (error) {
    error.message += ` (${who}'s "${label}" held ${await editorHtml(page, label).catch(() => '?')})`;
    throw error;
  }
}

/** Waits until the status line says "Saved": the server stored every change this editor made. */
const waitForSaved = (page) => page.waitForFunction(() => document.querySelector('.app-editor-status[role="status"]')?.textContent === 'Saved', { timeout: 15_000 });

/** Waits until the others present include `name`. */
const waitForPresent = (page, name) =>
  page.waitForFunction((wanted) => [...document.querySelectorAll('ul[aria-label="Also here"] > li')].some((item) => item.textContent.includes(wanted)), { timeout: 15_000 }, name);

/** Nothing asks about a conflict or about leaving: no dialog, no alert, no conflict panel. */
async function assertNoQuestion(page, who) {
  const asked = await page.evaluate(() => [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="alert"], .app-conflict')].map((el) => el.textContent.trim()).filter(Boolean));
  assert.deepEqual(asked, [], `${who} was asked something`);
}

/** Polls `read` (the REST API) until `holds` is true of its answer, at most DERIVED_WITHIN_MS; says what it last saw. */
async function eventually(read, holds, what) {
  const deadline = Date.now() + DERIVED_WITHIN_MS;
  let last;
  for (;;) {
    last = await read();
    if (holds(last)) return last;
    if (Date.now() > deadline) assert.fail(`${what} within ${DERIVED_WITHIN_MS / 1000} s; last saw ${JSON.stringify(last)}`);
    // A poll of the server's state, not a wait for time to pass: the next answer is what is waited for.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Ada and Bob open `path`, see each other present, and type at once: Ada at the start of the
 * document, Bob at its end. Both see both edits, nobody is asked anything, both edits are there
 * after a reload, and `stored()` (the REST API) comes to hold both.
 */
async function typeTogether({ path, label, adaTypes, bobTypes, stored }) {
  const [ada, bob] = await Promise.all([signedIn('ada@example.com'), signedIn('bob@example.com')]);
  try {
    await Promise.all([ada.page.goto(server.base + path), bob.page.goto(server.base + path)]);
    const [adaBox, bobBox] = await Promise.all([editorBox(ada.page, label), editorBox(bob.page, label)]);
    await Promise.all([waitForPresent(ada.page, 'Bob Member'), waitForPresent(bob.page, 'Ada Lovelace')]);

    await adaBox.click();
    await bobBox.click();
    await ada.page.keyboard.down('Control');
    await ada.page.keyboard.press('Home');
    await ada.page.keyboard.up('Control');
    await bob.page.keyboard.down('Control');
    await bob.page.keyboard.press('End');
    await bob.page.keyboard.up('Control');
    // At the same time, key by key.
    await Promise.all([ada.page.keyboard.type(adaTypes), bob.page.keyboard.type(bobTypes)]);

    const both = [adaTypes.trim(), bobTypes.trim()];
    await Promise.all([waitForEditorTexts(ada.page, label, both, 'Ada'), waitForEditorTexts(bob.page, label, both, 'Bob')]);
    await Promise.all([waitForSaved(ada.page), waitForSaved(bob.page)]);
    assert.equal(await editorHtml(ada.page, label), await editorHtml(bob.page, label), 'both show the same document');
    await assertNoQuestion(ada.page, 'Ada');
    await assertNoQuestion(bob.page, 'Bob');

    await Promise.all([ada.page.reload(), bob.page.reload()]);
    await Promise.all([editorBox(ada.page, label), editorBox(bob.page, label)]);
    await Promise.all([waitForEditorTexts(ada.page, label, both, 'Ada after a reload'), waitForEditorTexts(bob.page, label, both, 'Bob after a reload')]);
    await assertNoQuestion(ada.page, 'Ada');

    // Needs the server's derived description (the stored copy follows the shared document).
    await eventually(stored, (html) => both.every((text) => html.includes(text)), "the REST API's description to hold both edits");
    assert.deepEqual(ada.problems, [], "Ada's page problems");
    assert.deepEqual(bob.problems, [], "Bob's page problems");
  } finally {
    await Promise.all([ada.close(), bob.close()]);
  }
}

test('two people type into one issue description at the same time and both keep their words', { timeout: 180_000 }, async () => {
  const { issue, project, projectPath, ada } = world;
  await typeTogether({
    path: `/acme/projects/${project.id}/issues/${issue.id}`,
    label: 'Description',
    adaTypes: 'Ada wrote this first. ',
    bobTypes: ' Bob added this last.',
    stored: async () => (await ada.request('GET', `${projectPath}/issues/${issue.id}`)).description_html,
  });
});

test('two people type into one page at the same time and both keep their words', { timeout: 180_000 }, async () => {
  const { page, project, projectPath, ada } = world;
  await typeTogether({
    path: `/acme/projects/${project.id}/pages/${page.id}`,
    label: 'Page content',
    adaTypes: 'Release ',
    bobTypes: ' Then tag it.',
    stored: async () => (await ada.request('GET', `${projectPath}/pages/${page.id}`)).description_html,
  });
});

test('a guest sees the description read-only and is present for the others', { timeout: 120_000 }, async () => {
  const { issue, project } = world;
  const [ada, gus] = await Promise.all([signedIn('ada@example.com'), signedIn('gus@example.com')]);
  try {
    const path = `${server.base}/acme/projects/${project.id}/issues/${issue.id}`;
    await Promise.all([ada.page.goto(path), gus.page.goto(path)]);
    await editorBox(ada.page, 'Description');
    await gus.page.waitForFunction(() => document.querySelector('.app-editor-status[role="status"]')?.textContent === 'Read-only');
    const editable = await gus.page.$eval('rich-editor[aria-label="Description"]', (el) => el.shadowRoot.querySelector('[role="textbox"]').getAttribute('contenteditable'));
    assert.equal(editable, 'false');
    await Promise.all([waitForPresent(ada.page, 'Gus Guest'), waitForPresent(gus.page, 'Ada Lovelace')]);
    assert.deepEqual(ada.problems, []);
    assert.deepEqual(gus.problems, []);
  } finally {
    await Promise.all([ada.close(), gus.close()]);
  }
});

test("another person's rename and comment show on an open issue without a reload", { timeout: 120_000 }, async () => {
  const { project, projectPath, ada: adaApi, bob: bobApi } = world;
  const issue = await adaApi.request('POST', `${projectPath}/issues`, { name: 'Book the venue' });
  const ada = await signedIn('ada@example.com');
  try {
    // The workspace's live stream answers once the server listens for it: what Bob does after that reaches Ada.
    const streaming = liveStreamOfNextDocument(ada.page);
    await ada.page.goto(`${server.base}/acme/projects/${project.id}/issues/${issue.id}`);
    await ada.page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Book the venue');
    await streaming;

    await bobApi.request('PATCH', `${projectPath}/issues/${issue.id}`, { name: 'Book the venue for May' });
    await bobApi.request('POST', `${projectPath}/issues/${issue.id}/comments`, { comment_html: '<p>Two rooms are free.</p>' });
    await ada.page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Book the venue for May', { timeout: 15_000 });
    await ada.page.waitForFunction(
      () => document.querySelector('rich-editor[aria-label="Comment by Bob Member"]')?.getHTML() === '<p>Two rooms are free.</p>',
      { timeout: 15_000 },
    );
    assert.deepEqual(ada.problems, [], "Ada's page problems");
  } finally {
    await ada.close();
  }
});
