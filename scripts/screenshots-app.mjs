// npm run screenshots (after the build): the tracker app on the demo data, light and dark, as
// docs/app-<screen>-<theme>.png for the README (a laptop's 1280×800), and the phone's
// docs/app-phone-<screen>-<theme>.png (390×844). OUT_DIR writes them elsewhere.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { signIn } from '../test/e2e/helpers/api-client.mjs';
import { startAppServer } from '../test/e2e/helpers/app-server.mjs';
import { APP_LOADED, launchBrowser, openPage } from '../test/e2e/helpers/browser.mjs';
import { signInThroughUi } from '../test/e2e/helpers/ui.mjs';

const root = new URL('..', import.meta.url).pathname;
const outDir = process.env.OUT_DIR ?? join(root, 'docs');

/** The demo admin's e-mail and the password the seed printed once at start. */
function demoAdmin(output) {
  const line = /(admin@acme\.test) \/ (\S+)/.exec(output.join(''));
  if (!line) throw new Error(`the server did not print the demo accounts:\n${output.join('')}`);
  return { email: line[1], password: line[2] };
}

/** The addresses of the screens to take, from the demo data as the admin sees it. */
async function screens(api) {
  const projects = await api.request('GET', '/api/workspaces/acme/projects');
  const first = {};
  for (const project of projects) {
    const at = `/api/workspaces/acme/projects/${project.id}`;
    for (const kind of ['issues', 'cycles', 'pages']) {
      const items = await api.request('GET', `${at}/${kind}`);
      // The cycle under way, whose panels draw a burn-down, rather than any cycle; a public page at the top, with the pages in it.
      const item =
        kind === 'cycles' ? items.find((cycle) => cycle.status === 'current') : kind === 'pages' ? items.find((page) => !page.parent_id && page.access === 'public') : items[0];
      if (item && !first[kind]) first[kind] = `/acme/projects/${project.id}/${kind}/${item.id}`;
      if (kind === 'issues' && item && !first.list) first.list = `/acme/projects/${project.id}/issues`;
    }
    if (project.inbox_view && !first.inbox) first.inbox = `/acme/projects/${project.id}/inbox`;
  }
  return [
    ['home', '/acme'],
    ['projects', '/acme/projects'],
    ['issues', first.list],
    ['board', `${first.list}?layout=board`],
    ['issue', first.issues],
    ['palette', first.list, openPalette],
    ['cycle', first.cycles],
    ['notifications', '/acme/notifications'],
    ['inbox', first.inbox],
    ['page-editor', first.pages],
    ['settings', '/acme/settings'],
  ];
}

/** The screens taken on a phone too: the list, an issue, and the drawer opened over the list. */
const PHONE_SCREENS = new Map([
  ['issues', 'issues'],
  ['issue', 'issue'],
  ['board', 'board'],
  ['menu', 'issues'],
]);

/** Ctrl+K, then a word typed: the command palette with issues found and actions. */
async function openPalette(page) {
  await page.keyboard.down('Control');
  await page.keyboard.press('k');
  await page.keyboard.up('Control');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Search or run a command');
  await page.keyboard.type('the');
  await page.waitForFunction(() => document.querySelectorAll('[role="option"]').length > 2 && !document.querySelector('[role="dialog"] [role="status"]')?.textContent.includes('Searching'));
}

/** The phone's menu button pressed: the sidebar as a drawer over the screen. */
async function openDrawer(page) {
  await page.click('button[aria-label="Open menu"]');
  await page.waitForSelector('aside.app-sidebar');
}

const server = await startAppServer({ seedDemo: true });
const browser = await launchBrowser();
const failures = [];
try {
  const admin = demoAdmin(server.output);
  const list = await screens(await signIn(server.base, admin));
  mkdirSync(outDir, { recursive: true });
  const phoneList = [...PHONE_SCREENS].map(([name, screen]) => {
    const [, path] = list.find(([listed]) => listed === screen);
    return [name, path, name === 'menu' ? openDrawer : undefined];
  });
  const sizes = [
    { prefix: 'app', width: 1280, height: 800, screens: list },
    { prefix: 'app-phone', width: 390, height: 844, screens: phoneList },
  ];
  for (const { prefix, width, height, screens: taken } of sizes) {
    for (const theme of ['light', 'dark']) {
      const session = await openPage(browser, { theme, width, height });
      const { page, problems } = session;
      await signInThroughUi(page, server.base, admin);
      for (const [name, path, prepare] of taken) {
        // The app keeps its live stream open, so the network is never idle: APP_LOADED allows it.
        await page.goto(server.base + path, APP_LOADED);
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), { timeout: 10_000 }).catch(() => {});
        await prepare?.(page);
        // Let the editor draw its document, popups settle and the theme's transitions end.
        await new Promise((resolve) => setTimeout(resolve, 400));
        const notFound = await page.evaluate(() => /not found|could not be found/i.test(document.querySelector('h1')?.textContent ?? ''));
        if (notFound) failures.push(`${name}: ${path} shows the not-found screen`);
        const file = join(outDir, `${prefix}-${name}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(`${notFound ? 'not found' : 'wrote'} ${file}`);
      }
      failures.push(...problems.map((problem) => `${prefix} ${theme}: ${problem}`));
      await session.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
if (failures.length) {
  console.error(`Some screenshots are not right:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
