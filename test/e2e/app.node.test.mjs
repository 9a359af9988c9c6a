// The tracker app end to end: the built app (dist/app) on the real API server (dist/server) in
// a real Chromium, driven by clicks and keys. Every test fails on a page error or a console error.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { seedTeam, signIn, signUp, TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { assertBuilt, startAppServer } from './helpers/app-server.mjs';
import { APP_LOADED, e2eBrowser, launchBrowser, onPage, openPage } from './helpers/browser.mjs';
import { button, chooseSearchResult, click, deepFind, editorBox, expectFocusBack, field, fill, focusedName, isDisabled, signInThroughUi, signInWithCookie, tabTo, waitFor, waitForPath, waitForText } from './helpers/ui.mjs';

// A 1×1 PNG: the smallest real image the upload route accepts.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let server;
let browser;
let base;
let files;
/**
 * A test for Chromium alone: a flow made of what no engine does differently (forms posted to the
 * server and its answers, lists and dialogs of React screens, the server's refusals) or of what
 * depends on the DOM only (axe). Firefox runs the flows where engines differ: the editor,
 * keyboard and focus, drag and drop, scrolling and the phone layout.
 */
const inChromium = e2eBrowser === 'chromium' ? test : () => {};

/** The shared workspace: Ada (admin), Bob (member), Gus (guest), a project and its ids. */
const world = {};

before(async () => {
  assertBuilt();
  files = mkdtempSync(join(tmpdir(), 'tracker-e2e-files-'));
  writeFileSync(join(files, 'pixel.png'), PNG);
  // The main flows on PGlite, as `npm start` keeps its data; the other files on npm test's PostgreSQL.
  server = await startAppServer({ database: 'pglite' });
  base = server.base;
  browser = await launchBrowser();

  const { ada, bob, gus, project, projectPath } = await seedTeam(base);
  const issue = await ada.request('POST', `${projectPath}/issues`, { name: 'Write the launch notes' });
  const cycle = await ada.request('POST', `${projectPath}/cycles`, { name: 'Launch week' });
  const page = await ada.request('POST', `${projectPath}/pages`, {
    name: 'Handbook',
    description_html: `<h1>Welcome</h1>${'<p>Filler text for scrolling.</p>'.repeat(30)}<h2>Setup</h2>${'<p>More filler text.</p>'.repeat(30)}<h2>Releases</h2><p>How we ship.</p>`,
  });
  Object.assign(world, { ada, bob, gus, project, projectPath, issue, cycle, page });
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

const appPath = {
  issues: () => `/acme/projects/${world.project.id}/issues`,
  issue: (id = world.issue.id) => `/acme/projects/${world.project.id}/issues/${id}`,
  cycles: () => `/acme/projects/${world.project.id}/cycles`,
  cycle: (id = world.cycle.id) => `/acme/projects/${world.project.id}/cycles/${id}`,
  pages: () => `/acme/projects/${world.project.id}/pages`,
};

/** A fresh page (own cookies) signed in as `email` (its session cookie: signInWithCookie); its first visit loads the app. */
async function signedIn(email, options) {
  const session = await openPage(browser, options);
  // The page's tab in front, as a user's would be: keys go to the focused page only (two Firefox
  // runs under load lost a Ctrl+K and an Enter pressed right after a visit, cause not yet found).
  await session.page.bringToFront();
  await signInWithCookie(session.page, base, { email, password: PASSWORD });
  return session;
}

/** Goes to `path` and waits for the app to settle (no requests in flight, the lazy screen drawn). */
async function visit(page, path) {
  await page.goto(base + path, APP_LOADED);
  // React draws its first screen a task or more after the page's script runs: until then the root
  // is empty (no spinner either), and a key pressed meanwhile reaches no listener of the app.
  await waitFor(
    page,
    `${path} drawn, with no spinner or busy region`,
    () => document.getElementById('root')?.firstElementChild && !document.querySelector('[aria-busy="true"], .app-spinner'),
  );
}

/**
 * Goes to `path` inside the running app, as a click on a link does (the router takes the new
 * address; nothing reloads), and waits for it to settle. The sweeps below walk every screen
 * this way: loading the whole app again for each was most of their time.
 */
async function navigate(page, path) {
  // A session's first screen loads the app (signedIn puts only the session cookie in its browser).
  if (!page.url().startsWith(base)) return visit(page, path);
  await page.evaluate((to) => {
    history.pushState(history.state, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await waitFor(page, `the app to show ${path}`, (to) => location.pathname + location.search === to && !document.querySelector('[aria-busy="true"], .app-spinner'), {}, path);
  await page.waitForNetworkIdle({ idleTime: 300 });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .app-spinner'));
}

/** Waits until the description or page says its text is saved (its save status region). */
/**
 * Resolves once the editor says "Saved" and nothing is unsent. "Saved" is drawn a render after
 * the state it shows, so the last key's change may be on its way with the previous "Saved" still
 * on screen; the page's own guard tells: a beforeunload it does not cancel (one dispatched by a
 * script never asks the user).
 */
function waitForSaved(page) {
  return page.waitForFunction(() => {
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    return document.querySelector('.app-editor-status[role="status"]')?.textContent === 'Saved' && !leaving.defaultPrevented;
  }, { timeout: 15_000 });
}

/** The text of the editor labelled `label` (its shadow root's document). */
function editorHtml(page, label) {
  return page.$eval(`rich-editor[aria-label="${label}"]`, (el) => el.shadowRoot.querySelector('[role="textbox"]').innerHTML);
}

inChromium('a new member signs up, creates a workspace (a reserved URL refused) and a project, and files an issue', async () => {
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await page.goto(`${base}/accounts/sign-up`);
    await fill(page, 'Email', 'cleo@example.com');
    await fill(page, 'Password', PASSWORD);
    await click(page, 'Create account');
    await waitForPath(page, '/onboarding');
    await fill(page, 'Display name', 'Cleo');
    const role = await field(page, 'What is your role?');
    const founder = await role.evaluate((select) => [...select.options].find((option) => option.textContent === 'Founder / Executive').value);
    await role.select(founder);
    await (await field(page, '2-10')).click();
    await click(page, 'Continue');
    await waitForPath(page, '/create-workspace');

    await fill(page, 'Workspace name', 'Cleo Labs');
    await fill(page, 'Workspace URL', 'onboarding');
    await click(page, 'Create workspace');
    await waitForText(page, 'This workspace URL is reserved.');
    assert.equal(await page.evaluate(() => location.pathname), '/create-workspace');

    await fill(page, 'Workspace URL', 'cleo-labs');
    await click(page, 'Create workspace');
    await waitForPath(page, '/cleo-labs');
    await visit(page, '/cleo-labs/projects');
    await click(page, 'Create project');
    await fill(page, 'Name', 'Apps');
    assert.equal(await (await field(page, 'Identifier')).evaluate((input) => input.value), 'APPS');
    await click(page, 'Create project', { within: '[role="dialog"]' });
    await waitForPath(page, /^\/cleo-labs\/projects\/[0-9a-f-]+\/issues$/);
    // The name is isolated in the sentence (src/app/ui/bidi.ts: FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE).
    await waitForText(page, 'Project \u2068Apps\u2069 created.');

    await click(page, 'Create issue');
    await fill(page, 'Title', 'Ship the first build');
    await click(page, 'Create issue', { within: '[role="dialog"]' });
    await button(page, 'APPS-1 Ship the first build', { link: true });
    await click(page, 'APPS-1 Ship the first build', { link: true });
    await waitForPath(page, /\/issues\/[0-9a-f-]+$/);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Ship the first build');
    assert.deepEqual(problems, []);
  });
});

test('a member writes a description with an uploaded image and a mention, adds a link, and sees the activity', async () => {
  const session = await signedIn('bob@example.com');
  const { page, problems } = session;
  await onPage(session, async () => {
    await visit(page, appPath.issue());
    const box = await editorBox(page, 'Description');
    await box.click();
    await page.keyboard.type('Launch plan for ');
    // The image comes through the slash menu's Image entry, which opens the file chooser.
    await page.keyboard.press('Enter');
    await page.keyboard.type('/image');
    const choosing = page.waitForFileChooser({ timeout: 20_000 });
    // Reported after the menu's own failure, which says more.
    choosing.catch(() => {});
    await deepFind(page, '[role="option"]', /Image/).catch((error) => {
      throw new Error(`typing /image shows no Image entry in the slash menu (${error.message})`);
    });
    await page.keyboard.press('Enter');
    const chooser = await choosing;
    await chooser.accept([join(files, 'pixel.png')]);
    const src = await page.waitForFunction(() => {
      const image = document.querySelector('rich-editor[aria-label="Description"]').shadowRoot.querySelector('[role="textbox"] img');
      return image && !image.src.startsWith('blob:') && !image.src.startsWith('data:') ? image.src : null;
    });
    const imageUrl = await src.jsonValue();
    const served = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get('content-type') };
    }, imageUrl);
    assert.equal(served.status, 200);
    assert.match(served.type, /^image\/png/);

    // A mention of another member: @ opens the list, picking Ada puts @Ada Lovelace in the text.
    await box.click();
    await page.keyboard.press('End');
    await page.keyboard.down('Control');
    await page.keyboard.press('End');
    await page.keyboard.up('Control');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Review with @Ada');
    const option = await deepFind(page, '[role="option"]', /Ada Lovelace/).catch(async (error) => {
      const html = await page.evaluate(() => document.querySelector('rich-editor[aria-label="Description"]').shadowRoot.querySelector('[role="textbox"]').innerHTML);
      throw new Error(`typing @Ada shows no Ada Lovelace in the mention list (${error.message}) ${html}`);
    });
    await option.click();
    await page.waitForFunction(() => document.querySelector('rich-editor[aria-label="Description"]').shadowRoot.querySelector('[role="textbox"] [data-type="mention"]'));

    // Saved by itself once typing pauses.
    await waitForSaved(page);
    // The editor's readiness is what to wait for after the reload (editorBox waits until it takes
    // keys): a loaded run once spent the whole navigation bound waiting for the network to rest.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await editorBox(page, 'Description');
    await page.waitForFunction(() => document.querySelector('rich-editor[aria-label="Description"]').shadowRoot.querySelector('[role="textbox"] img'));
    const saved = await editorHtml(page, 'Description');
    assert.ok(saved.includes(new URL(imageUrl).pathname), `the saved description shows the uploaded image (${saved})`);
    assert.match(saved, /@Ada Lovelace/);
    assert.match(saved, /Launch plan for/);

    await click(page, 'Add link');
    await fill(page, 'URL', 'https://example.com/launch');
    await fill(page, 'Title (optional)', 'Launch checklist');
    await click(page, 'Add link', { within: '[role="dialog"] form' });
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    await button(page, /Launch checklist/, { link: true });
    await waitForText(page, 'created the link');
    // The description's activity is written by the server as it derives the stored description from
    // the shared document (a moment after the last change): once the API has it, the feed shows it.
    const activities = `${world.projectPath}/issues/${world.issue.id}/activities`;
    const deadline = Date.now() + 20_000;
    while (!(await world.bob.request('GET', activities)).some((activity) => activity.field === 'description') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await page.reload(APP_LOADED);
    await waitForText(page, 'updated the description');
    assert.deepEqual(problems, []);
  });
});

/**
 * The link to `path` in the mail a server started with its log on wrote there for `to` (its
 * default mailer logs each mail); null when that mail holds none. Waits for the mail.
 */
function mailedLink(server, to, path) {
  const pattern = new RegExp(`^https?://\\S+${path}#token=\\S+$`, 'm');
  return server.outputFind((output) => {
    const mail = output
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes('"mail"'))
      .map((line) => JSON.parse(line).mail)
      .find((message) => message?.to === to);
    return mail ? (pattern.exec(mail.text)?.[0] ?? null) : undefined;
  });
}

inChromium('someone who forgot their password asks for a link on sign-in, opens the mailed link and is signed in with the new one', async () => {
  // A server of its own with its log on: its default mailer writes each mail there.
  const mailing = await startAppServer({ env: { LOG_LEVEL: 'info' } });
  const email = 'dora@example.com';
  try {
    const elsewhere = await signUp(mailing.base, { email, password: PASSWORD, display_name: 'Dora' });
    const session = await openPage(browser);
    const { page, problems } = session;
    await onPage(session, async () => {
      await page.goto(`${mailing.base}/accounts/sign-in`);
      await fill(page, 'Email', email);
      await click(page, 'Forgot your password?', { link: true });
      await waitForPath(page, '/accounts/forgot-password');
      await click(page, 'Send link');
      await waitForText(page, 'we have sent it a link to choose a new password');
      const link = await mailedLink(mailing, email, '/accounts/reset-password');
      assert.ok(link, 'the mail holds the link');
      await page.goto(link);
      await fill(page, 'New password', 'a new and long password');
      await click(page, 'Set password');
      await waitFor(page, 'the app to leave the account screens', () => !location.pathname.startsWith('/accounts/'));
      await assert.rejects(elsewhere.request('GET', '/api/users/me'), undefined, 'the other session ended');
      await assert.rejects(signIn(mailing.base, { email, password: PASSWORD }), undefined, 'the old password no longer works');
      await signIn(mailing.base, { email, password: 'a new and long password' });
      assert.deepEqual(problems, []);
    });
  } finally {
    await mailing.stop();
  }
});

inChromium('an admin invites someone without an account, who makes it from the mailed link and lands in the workspace', async () => {
  const mailing = await startAppServer({ env: { LOG_LEVEL: 'info' } });
  const invited = 'nia@example.com';
  try {
    const admin = await signUp(mailing.base, { email: 'ida@example.com', password: PASSWORD, display_name: 'Ida' });
    await admin.request('POST', '/api/workspaces', { name: 'Studio', slug: 'studio' });
    const session = await openPage(browser);
    const { page, problems } = session;
    await onPage(session, async () => {
      await signInThroughUi(page, mailing.base, { email: 'ida@example.com', password: PASSWORD });
      await page.goto(`${mailing.base}/studio/settings/members`, APP_LOADED);
      await fill(page, 'Email', invited);
      await click(page, 'Add member');
      await waitForText(page, `No account uses ${invited}.`);
      await click(page, 'Send invitation');
      await waitForText(page, `Invitation sent to ${invited}.`);
      await waitForText(page, 'Pending invitations');
      // The one refusal: adding an email that has no account (the browser logs every 4xx answer).
      const refused = /Failed to load resource: the server responded with a status of 404 .*\/api\/workspaces\/studio\/members\)$/;
      assert.deepEqual(problems.filter((problem) => !refused.test(problem)), []);
      assert.equal(problems.length, 1);
    });

    const link = await mailedLink(mailing, invited, '/workspace-invitations');
    assert.ok(link, 'the mail holds the link');
    const guest = await openPage(browser);
    await onPage(guest, async () => {
      await guest.page.goto(link, APP_LOADED);
      await waitForText(guest.page, `Ida invited ${invited} to join Studio as Member.`);
      await fill(guest.page, 'Name', 'Nia');
      await fill(guest.page, 'Password', 'a long enough password');
      await click(guest.page, 'Create account and join');
      await waitForPath(guest.page, '/studio');
      assert.deepEqual(guest.problems, []);
    });
    const nia = await signIn(mailing.base, { email: invited, password: 'a long enough password' });
    assert.deepEqual([nia.user.display_name, (await nia.request('GET', '/api/workspaces/studio')).role], ['Nia', 15]);
  } finally {
    await mailing.stop();
  }
});

inChromium('an admin connects GitHub, and a signed pull request event links and moves the issue it names', async () => {
  const issue = await world.ada.request('POST', `${world.projectPath}/issues`, { name: 'Fix the signup button' });
  const session = await signedIn('ada@example.com');
  const { page, problems } = session;
  await onPage(session, async () => {
    await visit(page, `/acme/projects/${world.project.id}/settings`);
    await click(page, 'Connect GitHub');
    const secret = await (await field(page, 'Webhook secret')).evaluate((input) => input.value);
    await click(page, 'Done');
    const payloadUrl = await (await field(page, 'Payload URL')).evaluate((input) => input.value);
    assert.match(payloadUrl, /^http:\/\/127\.0\.0\.1:\d+\/api\/integrations\/github\/[0-9a-f-]{36}$/);

    // What GitHub sends when a pull request naming the issue's key in its branch opens.
    const body = JSON.stringify({
      action: 'opened',
      number: 7,
      pull_request: { number: 7, title: 'Make the signup button work', html_url: 'https://github.com/acme/web/pull/7', head: { ref: `web-${issue.sequence_id}-signup` }, body: '', merged: false, draft: false },
    });
    const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const answer = await fetch(payloadUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-github-event': 'pull_request', 'x-hub-signature-256': signature }, body });
    assert.equal(answer.status, 200, await answer.clone().text());
    assert.deepEqual(await answer.json(), { result: `Pull request #7 opened: WEB-${issue.sequence_id} linked and moved to In Progress.` });

    await visit(page, appPath.issue(issue.id));
    await waitForText(page, '#7 Make the signup button work');
    await waitForText(page, 'In Progress');
    await visit(page, `/acme/projects/${world.project.id}/settings`);
    await waitForText(page, `Pull request #7 opened: WEB-${issue.sequence_id} linked and moved to In Progress.`);
    await click(page, 'Disconnect');
    await click(page, 'Disconnect', { within: '[role="dialog"]' });
    await waitForText(page, 'No integrations configured');
    assert.deepEqual(problems, []);
  });
});

inChromium('autosave survives a reload', async () => {
  const issue = await world.bob.request('POST', `${world.projectPath}/issues`, { name: 'Draft the FAQ' });
  const session = await signedIn('bob@example.com');
  const { page, problems } = session;
  await onPage(session, async () => {
    await visit(page, appPath.issue(issue.id));
    const box = await editorBox(page, 'Description');
    await box.click();
    await page.keyboard.type('Questions people ask before buying');
    // Saved once the editor holds every key typed: a "Saved" for the text before the last keys
    // were read would leave them unsent, and the reload would rightly ask before leaving.
    await page.waitForFunction(() => document.querySelector('rich-editor[aria-label="Description"]').shadowRoot.querySelector('[role="textbox"]').textContent === 'Questions people ask before buying');
    await waitForSaved(page);
    // The editor's readiness is what to wait for after the reload (editorBox waits until it takes
    // keys): a loaded run once spent the whole navigation bound waiting for the network to rest.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await editorBox(page, 'Description');
    await page.waitForFunction(() => document.querySelector('rich-editor[aria-label="Description"]').shadowRoot.querySelector('[role="textbox"]').textContent === 'Questions people ask before buying');
    assert.deepEqual(problems, []);
  });
});

inChromium('a member deletes several issues at once from the project list', async () => {
  for (const name of ['Old idea one', 'Old idea two', 'Keep this one']) await world.bob.request('POST', `${world.projectPath}/issues`, { name });
  const session = await signedIn('bob@example.com');
  const { page, problems } = session;
  await onPage(session, async () => {
    await visit(page, appPath.issues());
    await button(page, /Old idea two$/, { link: true });
    await click(page, 'More issue actions');
    await click(page, 'Delete issues');
    await click(page, 'Delete selected issues');
    await waitForText(page, 'Please select at least one issue.');
    await page.$$eval('[role="dialog"] label', (labels) => {
      for (const label of labels) if (/Old idea (one|two)/.test(label.textContent)) label.querySelector('input').dataset.pick = 'yes';
    });
    for (const checkbox of await page.$$('[role="dialog"] input[data-pick="yes"]')) await checkbox.click();
    await waitForText(page, '2 selected');
    await click(page, 'Delete selected issues');
    await waitForText(page, 'Issues deleted successfully!');
    await page.waitForFunction(() => !document.body.innerText.includes('Old idea'));
    await button(page, /Keep this one$/, { link: true });
    assert.deepEqual(problems, []);
  });
});

inChromium('a member creates a cycle, adds existing issues with the issue picker and sees the progress breakdown', async () => {
  const session = await signedIn('bob@example.com');
  const { page, problems } = session;
  await onPage(session, async () => {
    await visit(page, appPath.cycles());
    await click(page, 'Create cycle');
    await fill(page, 'Cycle name', 'Polish sprint');
    await click(page, 'Create cycle', { within: '[role="dialog"]' });
    await click(page, /Polish sprint/, { link: true });
    await waitForPath(page, /\/cycles\/[0-9a-f-]+$/);
    await click(page, 'Add existing issues', { timeout: 5000 });
    await fill(page, 'Search issues', 'launch');
    await chooseSearchResult(page, 'launch', 'Write the launch notes');
    await waitFor(page, 'the issue to be ticked', () => document.querySelector('[role="dialog"] [aria-label="Selected issues"]'));
    await click(page, 'Add selected issues');
    await waitFor(page, 'the picker to close', () => !document.querySelector('[role="dialog"]'));
    await button(page, /Write the launch notes/, { link: true });
    await waitForText(page, '0 of 1 done');
    await click(page, 'States');
    await waitForText(page, /Backlog/);
    assert.deepEqual(problems, []);
  });
});

test("Escape in a dialog's editor is the editor's first, and the next closes the dialog, with no page error", async () => {
  const session = await signedIn('bob@example.com');
  const { page, problems } = session;
  await onPage(session, async () => {
    await visit(page, appPath.issues());
    await click(page, 'Create issue');
    const box = await editorBox(page, 'Description');
    await box.click();
    // Firefox sent the editor's copy of this Escape round again until its stack ran out ("too much recursion").
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => !!document.querySelector('[role="dialog"]')), true, "the first Escape is the editor's");
    await page.keyboard.press('Escape');
    await waitFor(page, 'the dialog closed', () => !document.querySelector('[role="dialog"]'));
    assert.deepEqual(problems, []);
  });
});

test('a guest keeps an issue among their favorites and finds it in the sidebar after a reload', async () => {
  const session = await signedIn('gus@example.com');
  const { page, problems } = session;
  await onPage(session, async () => {
    await visit(page, appPath.issue());
    const toggle = await button(page, 'Favorite', { timeout: 10_000 });
    await page.waitForFunction((el) => !el.hasAttribute('aria-disabled'), {}, toggle);
    await toggle.click();
    await page.waitForFunction((el) => el.getAttribute('aria-pressed') === 'true', {}, toggle);
    await page.reload(APP_LOADED);
    await button(page, /Write the launch notes$/, { link: true, within: 'aside.app-sidebar' });
    assert.deepEqual((await world.gus.request('GET', '/api/workspaces/acme/favorites')).map((favorite) => [favorite.kind, favorite.entity_id]), [['issue', world.issue.id]]);
    assert.deepEqual(problems, []);
  });
});

test('a member puts a page inside another, finds it in the tree and the breadcrumb, and moves it to the top', async () => {
  const session = await signedIn('bob@example.com');
  const { page, problems } = session;
  await onPage(session, async () => {
    await visit(page, `${appPath.pages()}/${world.page.id}`);
    await click(page, 'Add a page inside', { timeout: 10_000 });
    await fill(page, 'Page name', 'Laptops');
    await page.keyboard.press('Enter');
    // The new page opens in the editor.
    await page.waitForFunction((parent) => /\/pages\/[0-9a-f-]{36}$/.test(location.pathname) && !location.pathname.endsWith(parent), {}, world.page.id);
    const laptops = page.url().split('/').pop();
    await button(page, 'Handbook', { link: true, within: 'nav[aria-label="Breadcrumb"]' });

    await visit(page, appPath.pages());
    await click(page, 'Pages in “Handbook”');
    await click(page, 'Laptops', { link: true });
    await waitForPath(page, new RegExp(`/pages/${laptops}$`));
    await click(page, 'Page actions');
    await click(page, 'Move page', { within: '[role="menu"]' });
    const where = await field(page, 'Move to');
    await where.select('');
    await click(page, 'Move page', { within: '[role="dialog"]' });
    await waitForText(page, 'Page moved.');
    await page.waitForFunction(() => document.querySelectorAll('nav[aria-label="Breadcrumb"] a').length === 1);
    const stored = await world.bob.request('GET', `${world.projectPath}/pages/${laptops}`);
    assert.equal(stored.parent_id, null);
    assert.deepEqual(problems, []);
  });
});

test('a member edits a page and jumps through its table of contents', async () => {
  const session = await signedIn('bob@example.com', { height: 700 });
  const { page, problems } = session;
  await onPage(session, async () => {
    await visit(page, appPath.pages());
    await click(page, 'Handbook', { link: true, timeout: 5000 });
    await waitForPath(page, new RegExp(`/pages/${world.page.id}$`));
    const box = await editorBox(page, 'Page content');
    await box.click();
    await page.keyboard.down('Control');
    await page.keyboard.press('End');
    await page.keyboard.up('Control');
    await page.keyboard.type(' Edited in the browser.');
    await waitForSaved(page);
    const contents = await page.waitForFunction(() => [...document.querySelectorAll('nav, aside, [role="navigation"]')].find((el) => /contents/i.test(el.getAttribute('aria-label') ?? el.textContent)) ?? null);
    const tocSelector = await contents.asElement().evaluate((el) => {
      el.dataset.toc = 'yes';
      return '[data-toc="yes"]';
    });
    const headingTop = (text) =>
      page.evaluate((wanted) => {
        const heading = [...document.querySelector('rich-editor').shadowRoot.querySelectorAll('h1, h2, h3')].find((h) => h.textContent === wanted);
        return heading.getBoundingClientRect().top;
      }, text);
    const inView = (level, text) =>
      page.waitForFunction(
        (tag, wanted) => {
          const heading = [...document.querySelector('rich-editor').shadowRoot.querySelectorAll(tag)].find((h) => h.textContent === wanted);
          const top = heading?.getBoundingClientRect().top;
          return top !== undefined && top >= 0 && top < innerHeight;
        },
        {},
        level,
        text,
      );
    // Typing at the end scrolled there: the contents go back to the top, then down to the last heading.
    await click(page, 'Welcome', { within: tocSelector });
    await inView('h1', 'Welcome');
    assert.ok((await headingTop('Releases')) > 700, 'the last heading is below the fold');
    await click(page, 'Releases', { within: tocSelector });
    await inView('h2', 'Releases');
    await page.reload(APP_LOADED);
    await page.waitForFunction(() => document.querySelector('rich-editor')?.shadowRoot?.textContent.includes('Edited in the browser.'));
    assert.deepEqual(problems, []);
  });
});

inChromium('a custom theme from the profile settings changes the app’s colours', async () => {
  const session = await signedIn('bob@example.com');
  const { page, problems } = session;
  await onPage(session, async () => {
    await visit(page, '/profile');
    const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await (await field(page, 'Custom')).click();
    await fill(page, 'Background color', '#202a44');
    await fill(page, 'Text color', '#f4f4f4');
    await fill(page, 'Primary color', '#ffb020');
    await fill(page, 'Sidebar background color', '#101522');
    await fill(page, 'Sidebar text color', '#e8e8e8');
    // The colours show as a preview while typing; the theme is stored once the app says so.
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(32, 42, 68)');
    assert.notEqual(before, 'rgb(32, 42, 68)');
    await click(page, 'Set theme');
    await waitForText(page, 'Theme saved.');
    const stored = await world.bob.request('GET', '/api/users/me/theme');
    assert.equal(stored.background.toLowerCase(), '#202a44');
    await visit(page, appPath.issues());
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(32, 42, 68)');
    const sidebar = await page.$eval('aside.app-sidebar', (el) => getComputedStyle(el).backgroundColor);
    assert.equal(sidebar, 'rgb(16, 21, 34)');
    assert.deepEqual(problems, []);
  });
});

inChromium("a member makes a copy of an illustrated issue: the copy's image is its own, so removing it leaves the original's", async () => {
  const original = await world.bob.request('POST', `${world.projectPath}/issues`, { name: 'Draw the onboarding flow' });
  const { asset } = await world.bob.upload('/api/workspaces/acme/file-assets', { bytes: PNG, filename: 'flow.png', type: 'image/png' });
  await world.bob.request('PUT', `${world.projectPath}/issues/${original.id}/description`, { description_html: `<p>The flow:</p><img src="${asset}">`, version: 1 });
  const session = await signedIn('bob@example.com');
  const { page, problems } = session;
  /** The address of the image the description editor shows (a stored one, not one uploading). */
  const shownImage = () =>
    page
      .waitForFunction(() => {
        const image = document.querySelector('rich-editor[aria-label="Description"]')?.shadowRoot?.querySelector('[role="textbox"] img');
        return image && !image.src.startsWith('blob:') ? new URL(image.src).pathname : null;
      })
      .then((handle) => handle.jsonValue());
  // Asked from here, not the page: the page's cache keeps what it showed, and a 404 there is a console error.
  const statusOf = (urls) => Promise.all(urls.map(async (url) => (await fetch(base + url, { headers: { cookie: world.bob.cookie } })).status));
  await onPage(session, async () => {
    await visit(page, appPath.issue(original.id));
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Draw the onboarding flow');
    await click(page, 'Issue actions');
    await (await deepFind(page, '[role="menuitem"]', /Make a copy/)).click();
    // The copy's address: one matching any issue's address was the original's own already, and the wait ended at once.
    await waitForPath(page, new RegExp(`/issues/(?!${original.id}$)[0-9a-f-]+$`));
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Draw the onboarding flow (copy)');
    await waitForText(page, /created as a copy of/);
    const copiedImage = await shownImage();
    assert.notEqual(copiedImage, asset, 'the copy shows an image of its own');
    assert.deepEqual(await statusOf([copiedImage]), [200]);

    // Removing it from the copy deletes the copy's asset only.
    const box = await editorBox(page, 'Description');
    await box.click();
    const removed = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes(copiedImage.split('/').at(-1)));
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await page.keyboard.press('Backspace');
    assert.equal((await removed).status(), 204);
    assert.deepEqual(await statusOf([asset, copiedImage]), [200, 404]);
    await visit(page, appPath.issue(original.id));
    assert.equal(await shownImage(), asset);
    assert.deepEqual(problems, []);
  });
});

inChromium('a guest sees the forbidden actions disabled, and the server refuses them when called directly', async () => {
  // An issue whose description a member illustrated: what a guest typically opens.
  const illustrated = await world.bob.request('POST', `${world.projectPath}/issues`, { name: 'Explain the release diagram' });
  const { asset } = await world.bob.upload('/api/workspaces/acme/file-assets', { bytes: PNG, filename: 'diagram.png', type: 'image/png' });
  await world.bob.request('PUT', `${world.projectPath}/issues/${illustrated.id}/description`, { description_html: `<p>The diagram:</p><img src="${asset}">`, version: 1 });
  const link = await world.bob.request('POST', `${world.projectPath}/issues/${illustrated.id}/links`, { url: 'https://example.com/guide', title: 'Guide' });
  const session = await signedIn('gus@example.com');
  const { page, problems } = session;
  await onPage(session, async () => {
    await visit(page, appPath.issues());
    await button(page, /Write the launch notes/, { link: true });
    assert.equal(await isDisabled(page, 'Create issue'), true);
    await click(page, 'More issue actions');
    assert.equal(await isDisabled(page, 'Delete issues'), true);
    await page.keyboard.press('Escape');
    await visit(page, appPath.issue(illustrated.id));
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Explain the release diagram');
    await page.waitForFunction(() => document.querySelector('rich-editor[aria-label="Description"]')?.shadowRoot?.querySelector('[role="textbox"] img'));
    assert.equal(await isDisabled(page, 'Add link'), true);
    assert.equal(await isDisabled(page, 'Edit link Guide'), true);
    const editable = await page.$eval('rich-editor[aria-label="Description"]', (el) => el.shadowRoot.querySelector('[role="textbox"]').getAttribute('contenteditable'));
    assert.equal(editable, 'false');
    const statuses = await page.evaluate(
      async (projectPath, issueId, linkId) => {
        const send = async (method, path, body) =>
          (await fetch(projectPath + path, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) })).status;
        return {
          createIssue: await send('POST', '/issues', { name: 'Sneaky' }),
          addLink: await send('POST', `/issues/${issueId}/links`, { url: 'https://example.com/x' }),
          editLink: await send('PATCH', `/issues/${issueId}/links/${linkId}`, { title: 'Changed' }),
          deleteIssues: await send('DELETE', '/bulk-delete-issues', { issue_ids: [issueId] }),
        };
      },
      world.projectPath,
      illustrated.id,
      link.id,
    );
    assert.deepEqual(statuses, { createIssue: 403, addLink: 403, editLink: 403, deleteIssues: 403 });
    // The four refused calls above are the only failed requests, and nothing else went wrong.
    const refused = /Failed to load resource: the server responded with a status of 403/;
    assert.deepEqual(problems.filter((problem) => !refused.test(problem)), []);
    // Chromium reports each refused request on the console.
    assert.equal(problems.filter((problem) => refused.test(problem)).length, 4);
  });
});

/** The sizes the flows below run at: a laptop and a phone. */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The id of the project's state named `name`. */
async function stateId(name) {
  const states = await world.ada.request('GET', `${world.projectPath}/states`);
  const state = states.find((candidate) => candidate.name === name);
  assert.ok(state, `the project has a ${name} state`);
  return state.id;
}

/** Waits until the board's column `column` holds the card named `card` (its link's name). */
function waitForCard(page, column, card) {
  return page.waitForFunction(
    (columnName, cardName) => [...document.querySelectorAll(`ul[aria-label="${columnName}"] a`)].some((link) => link.getAttribute('aria-label') === cardName),
    {},
    column,
    card,
  );
}

for (const size of [DESKTOP, PHONE]) {
  const phone = size === PHONE;
  test(`the board moves an issue between states ${phone ? 'by keyboard on a phone' : 'by mouse and by keyboard'}, and the server keeps it (${size.width}×${size.height})`, async () => {
    const issue = await world.bob.request('POST', `${world.projectPath}/issues`, { name: `Move me around (${size.width})` });
    const card = `${world.project.identifier}-${issue.sequence_id} ${issue.name}`;
    const session = await signedIn('bob@example.com', size);
    const { page, problems } = session;
    await onPage(session, async () => {
      await visit(page, `${appPath.issues()}?layout=board`);
      await waitForCard(page, 'Backlog', card);
      let expected = 'Backlog';
      if (!phone) {
        // By mouse: pressed on the card, moved in steps over the Todo column, released there.
        const from = await (await page.waitForFunction((name) => document.querySelector(`a[aria-label="${name}"]`)?.closest('li'), {}, card)).asElement().boundingBox();
        const to = await (await page.$('ul[aria-label="Todo"]')).boundingBox();
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        await page.mouse.move(to.x + to.width / 2, to.y + 20, { steps: 12 });
        await page.waitForSelector('[data-drop-target]');
        await page.mouse.up();
        expected = 'Todo';
        await waitForCard(page, 'Todo', card);
        // A drop is not a click: the board stays.
        assert.equal(await page.evaluate(() => location.pathname), appPath.issues());
      }
      // By keyboard: Tab to the card, Shift+Right Arrow moves it to the next column, and focus stays on it.
      await tabTo(page, card);
      await page.keyboard.down('Shift');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.up('Shift');
      const next = phone ? 'Todo' : 'In Progress';
      await waitForCard(page, next, card);
      await waitForText(page, `${card.split(' ')[0]} moved to ${next}`);
      assert.equal(await focusedName(page), card, 'focus follows the moved card');
      expected = next;

      await page.reload(APP_LOADED);
      await waitForCard(page, expected, card);
      const stored = await world.bob.request('GET', `${world.projectPath}/issues/${issue.id}`);
      assert.equal(stored.state_id, await stateId(expected));
      assert.deepEqual(problems, []);
    });
  });

  test(`Ctrl+K finds an issue by its key and Enter opens it (${size.width}×${size.height})`, async () => {
    const issue = await world.bob.request('POST', `${world.projectPath}/issues`, { name: `Find me by key (${size.width})` });
    const key = `${world.project.identifier}-${issue.sequence_id}`;
    const session = await signedIn('bob@example.com', size);
    const { page, problems } = session;
    await onPage(session, async () => {
      await visit(page, '/acme/projects');
      // Keys go to the page only once it has focus (a new page under load may not have it yet).
      await page.waitForFunction(() => document.hasFocus());
      await page.keyboard.down('Control');
      await page.keyboard.press('k');
      await page.keyboard.up('Control');
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Search or run a command');
      await page.keyboard.type(key);
      // The issue with that key comes first and is the highlighted option.
      await page.waitForFunction(
        (wanted, name) => {
          const option = document.querySelector('[role="option"][aria-selected="true"]');
          return option?.textContent.includes(wanted) && option.textContent.includes(name);
        },
        {},
        key,
        issue.name,
      );
      await page.keyboard.press('Enter');
      await waitForPath(page, new URL(base + appPath.issue(issue.id)).pathname);
      await page.waitForFunction((name) => document.querySelector('h1')?.textContent === name, {}, issue.name);
      assert.equal(await page.$('[role="dialog"]'), null, 'the palette closed');
      assert.deepEqual(problems, []);
    });
  });

  test(`focus returns after Escape to the button that opened a dialog, with the keyboard only (${size.width}×${size.height})`, async () => {
    const issue = await world.bob.request('POST', `${world.projectPath}/issues`, { name: `Keep me (${size.width})` });
    const session = await signedIn('bob@example.com', size);
    const { page, problems } = session;
    const dialogShown = () => page.waitForFunction(() => document.querySelector('[role="dialog"], [role="alertdialog"]') && document.activeElement !== document.body);
    const dialogGone = () => page.waitForFunction(() => !document.querySelector('[role="dialog"], [role="alertdialog"]'));
    await onPage(session, async () => {
      await visit(page, appPath.issues());
      // Create issue: opened by Enter on the page's button, focus in the title, Escape back to the button.
      await tabTo(page, 'Create issue');
      await page.keyboard.press('Enter');
      await dialogShown();
      assert.equal(await page.evaluate(() => document.activeElement.closest('[role="dialog"]') !== null), true, 'focus moved into the dialog');
      await page.keyboard.press('Escape');
      await dialogGone();
      await expectFocusBack(page, 'Create issue');

      // Delete confirmation on the issue page, from the "Issue actions" menu: Space opens the menu,
      // End and Enter choose "Delete issue", Escape closes the confirmation, and nothing was deleted.
      await visit(page, appPath.issue(issue.id));
      await page.waitForFunction((name) => document.querySelector('h1')?.textContent === name, {}, issue.name);
      await tabTo(page, 'Issue actions', { limit: 120 });
      // ' ' is the space bar's key in both CDP and WebDriver BiDi (BiDi knows no "Space").
      await page.keyboard.press(' ');
      // The menu opened from the keyboard puts focus on its first entry once it is drawn; End then moves to the last.
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem' && document.activeElement.textContent.trim() === 'Copy link');
      await page.keyboard.press('End');
      await page.waitForFunction(() => document.activeElement?.textContent.trim() === 'Delete issue', { timeout: 5_000 });
      assert.equal(await focusedName(page), 'Delete issue');
      await page.keyboard.press('Enter');
      await dialogShown();
      await page.keyboard.press('Escape');
      await dialogGone();
      await expectFocusBack(page, 'Issue actions');
      const stored = await world.bob.request('GET', `${world.projectPath}/issues/${issue.id}`);
      assert.equal(stored.name, issue.name);
      assert.deepEqual(problems, []);
    });
  });
}

inChromium('a member puts an issue into a cycle and a module from its page, and the server keeps them', async () => {
  const issue = await world.bob.request('POST', `${world.projectPath}/issues`, { name: 'Plan the release' });
  const module = await world.ada.request('POST', `${world.projectPath}/modules`, { name: 'Release tooling' });
  const session = await signedIn('bob@example.com', DESKTOP);
  const { page, problems } = session;
  /** The side panel's picker button for `name` (named by its hidden label and its value). */
  const property = (name) =>
    page.waitForFunction(
      (wanted) => [...document.querySelectorAll('.app-picker-button')].find((el) => document.getElementById(el.getAttribute('aria-labelledby').split(' ')[0])?.textContent === wanted) ?? null,
      {},
      name,
    );
  const shows = (name, value) =>
    page.waitForFunction(
      (wanted, text) =>
        [...document.querySelectorAll('.app-picker-button')].some(
          (el) => document.getElementById(el.getAttribute('aria-labelledby').split(' ')[0])?.textContent === wanted && el.querySelector('.app-picker-value')?.textContent === text,
        ),
      {},
      name,
      value,
    );
  await onPage(session, async () => {
    await visit(page, appPath.issue(issue.id));
    await shows('Cycle', 'No cycle');
    await (await property('Cycle')).asElement().click();
    await (await deepFind(page, '.app-picker-popup [role="option"]', /Launch week/)).click();
    await shows('Cycle', 'Launch week');
    await (await property('Modules')).asElement().click();
    await (await deepFind(page, '.app-picker-popup [role="option"]', /Release tooling/)).click();
    await shows('Modules', 'Release tooling');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('.app-picker-popup'));

    await page.reload(APP_LOADED);
    await shows('Cycle', 'Launch week');
    await shows('Modules', 'Release tooling');
    const stored = await world.bob.request('GET', `${world.projectPath}/issues/${issue.id}`);
    assert.equal(stored.cycle_id, world.cycle.id);
    assert.deepEqual(stored.module_ids, [module.id]);
    const inCycle = await world.bob.request('GET', `${world.projectPath}/cycles/${world.cycle.id}/cycle-issues`);
    assert.ok(inCycle.some((row) => row.id === issue.id), 'the cycle lists the issue');
    assert.deepEqual(problems, []);
  });
});

const SCREENS = [
  ['home', () => '/acme'],
  ['projects', () => '/acme/projects'],
  ['issues list', appPath.issues],
  ['board', () => `${appPath.issues()}?layout=board`],
  ['issue page', () => appPath.issue()],
  ['cycles', appPath.cycles],
  ['cycle page', () => appPath.cycle()],
  ['pages', appPath.pages],
  ['settings', () => '/acme/settings'],
  ['profile settings', () => '/acme/settings/account'],
];

/** Whether the page's background is dark (the system's dark mode reaches the app through a media query). */
function drawnDark(page) {
  return page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
  });
}

const AXE_SOURCE = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/** Runs axe-core on the whole page; answers its violations as short lines. */
async function axeViolations(page) {
  // Evaluated rather than added as a <script>: the app's CSP refuses inline scripts, as it should.
  // Once per loaded page: the sweeps move through the app without reloading it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary}`).slice(0, 3).join('; ')})`);
}

/** Opens the command palette with Ctrl+K on the current screen, types a query, and answers axe's violations with it open. */
async function paletteViolations(page) {
  await page.keyboard.down('Control');
  await page.keyboard.press('k');
  await page.keyboard.up('Control');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Search or run a command');
  await page.keyboard.type('launch');
  await page.waitForFunction(() => document.querySelector('[role="option"]') && !document.querySelector('[role="dialog"] [role="status"]')?.textContent.includes('Searching'));
  const violations = await axeViolations(page);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  return violations;
}

// What axe finds depends on the DOM, its roles and the computed colours, not on the engine: the
// accessibility sweeps run in Chromium only.
inChromium('every main screen passes axe in light and dark', async () => {
  const found = [];
  const problemsSeen = [];
  for (const theme of ['light', 'dark']) {
    const { page, problems, close } = await signedIn('ada@example.com', { theme });
    for (const [name, path] of SCREENS) {
      await navigate(page, path());
      assert.equal(await drawnDark(page), theme === 'dark', `${name} is drawn in the ${theme} theme`);
      for (const violation of await axeViolations(page)) found.push(`${name} (${theme}): ${violation}`);
    }
    for (const violation of await paletteViolations(page)) found.push(`command palette (${theme}): ${violation}`);
    problemsSeen.push(...problems);
    await close();
    const signedOut = await openPage(browser, { theme });
    await signedOut.page.goto(`${base}/accounts/sign-in`, APP_LOADED);
    await field(signedOut.page, 'Email');
    for (const violation of await axeViolations(signedOut.page)) found.push(`sign-in (${theme}): ${violation}`);
    problemsSeen.push(...signedOut.problems);
    await signedOut.close();
  }
  assert.deepEqual(found, []);
  assert.deepEqual(problemsSeen, []);
});

inChromium('every main screen passes axe on a phone (390×844), with the drawer closed and open, in light and dark', async () => {
  const found = [];
  const problemsSeen = [];
  for (const theme of ['light', 'dark']) {
    const session = await signedIn('ada@example.com', { theme, ...PHONE });
    await onPage(session, async (page) => {
      for (const [name, path] of SCREENS) {
        await navigate(page, path());
        assert.equal(await drawnDark(page), theme === 'dark', `${name} is drawn in the ${theme} theme`);
        assert.equal(await page.$('aside.app-sidebar'), null, `${name} starts with the drawer closed`);
        for (const violation of await axeViolations(page)) found.push(`${name}, drawer closed (${theme}): ${violation}`);
        await click(page, 'Open menu');
        await page.waitForSelector('aside.app-sidebar');
        // The drawer slides in: axe reads colours once it is still.
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        for (const violation of await axeViolations(page)) found.push(`${name}, drawer open (${theme}): ${violation}`);
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !document.querySelector('aside.app-sidebar'));
      }
      for (const violation of await paletteViolations(page)) found.push(`command palette (${theme}): ${violation}`);
      problemsSeen.push(...session.problems);
    });
  }
  assert.deepEqual(found, []);
  assert.deepEqual(problemsSeen, []);
});

/**
 * What a phone-sized window shows wrong on the current screen, as short lines: content sticking
 * out past the right edge (the page then scrolls sideways; deepest elements named, so a failure
 * says which rule to fix), content flush against an edge of the screen, and text cut short with
 * an ellipsis in the screen's body.
 */
function phoneLayoutProblems(page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const name = (el) => `${el.localName}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const text = (el) => (el.textContent || el.value || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const within = (el, overflow) => {
      for (let up = el.parentElement; up; up = up.parentElement) if (overflow.test(getComputedStyle(up).overflowX)) return true;
      return false;
    };
    // Inside a box of its own that scrolls (a wide table, a strip of tabs) or clips is not the page scrolling sideways.
    const scrolledAside = (el) => within(el, /auto|scroll|hidden|clip/);
    const found = [];
    if (document.documentElement.scrollWidth > width) {
      const wide = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > width + 0.5 && !scrolledAside(el));
      const deepest = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
      found.push(`${document.documentElement.scrollWidth} px wide: ${deepest.slice(0, 5).map((el) => `${name(el)} "${text(el)}"`).join(', ')}`);
    }
    const content = [...document.querySelectorAll('main :is(h1, h2, h3, p, label, a, button, input, select, textarea, th, td, dt, dd)')].filter(
      (el) => el.getClientRects().length > 0,
    );
    const flush = content.filter((el) => {
      if (within(el, /auto|scroll/)) return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && (box.left < 8 || box.right > width - 8);
    });
    if (flush.length) found.push(`flush with the screen's edge: ${flush.slice(0, 5).map((el) => `${name(el)} "${text(el)}"`).join(', ')}`);
    const cut = content.filter((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1);
    if (cut.length) found.push(`cut short: ${cut.slice(0, 5).map((el) => `${name(el)} "${text(el)}"`).join(', ')}`);
    return found;
  });
}

test('every main screen fits a phone (390×844) without scrolling sideways, in light and dark', async () => {
  const longName = 'Investigate the intermittently failing synchronisation of notification preferences between workspaces';
  const issue = await world.ada.request('POST', `${world.projectPath}/issues`, { name: longName });
  await world.ada.request('POST', `${world.projectPath}/cycles/${world.cycle.id}/cycle-issues`, { issues: [issue.id] });
  const module = await world.ada.request('POST', `${world.projectPath}/modules`, { name: 'Notification preferences and delivery channels' });
  await world.ada.request('POST', `${world.projectPath}/modules/${module.id}/module-issues`, { issues: [issue.id] });
  const screens = [
    ['home', () => '/acme'],
    ['projects', () => '/acme/projects'],
    ['issues list', appPath.issues],
    ['issue page', () => appPath.issue(issue.id)],
    ['cycles', appPath.cycles],
    ['cycle page', () => appPath.cycle()],
    ['modules', () => `/acme/projects/${world.project.id}/modules`],
    ['module page', () => `/acme/projects/${world.project.id}/modules/${module.id}`],
    ['pages', appPath.pages],
    ['page editor', () => `/acme/projects/${world.project.id}/pages/${world.page.id}`],
    ['settings', () => '/acme/settings'],
    ['settings members', () => '/acme/settings/members'],
    ['project settings', () => `/acme/projects/${world.project.id}/settings`],
    ['profile settings', () => '/acme/settings/account'],
    ['user profile', () => `/acme/profile/${world.ada.user.id}`],
    ['notifications', () => '/acme/notifications'],
  ];
  const overflowing = [];
  const problemsSeen = [];
  for (const theme of ['light', 'dark']) {
    const session = await signedIn('ada@example.com', { theme, width: 390, height: 844 });
    await onPage(session, async (page) => {
      for (const [name, path] of screens) {
        await navigate(page, path());
        await page.waitForFunction(() => document.querySelector('main')?.innerText.trim());
        assert.equal(await drawnDark(page), theme === 'dark', `${name} is drawn in the ${theme} theme`);
        if (path().startsWith('/acme')) {
          // A workspace screen: its sidebar waits behind the menu button.
          assert.equal(await page.$('aside.app-sidebar'), null, `${name} shows no sidebar until the menu opens`);
          await button(page, 'Open menu');
        }
        for (const problem of await phoneLayoutProblems(page)) overflowing.push(`${name} (${theme}): ${problem}`);
      }
      problemsSeen.push(...session.problems);
    });
  }
  assert.deepEqual(overflowing, []);
  assert.deepEqual(problemsSeen, []);
});
