// npm run screenshots (after the build): the tracker app on the demo data, light and dark, as
// docs/app-<screen>-<theme>.png for the README. OUT_DIR writes them elsewhere.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { signIn } from '../test/e2e/helpers/api-client.mjs';
import { startAppServer } from '../test/e2e/helpers/app-server.mjs';
import { launchBrowser, openPage } from '../test/e2e/helpers/browser.mjs';
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
      const [item] = await api.request('GET', `${at}/${kind}`);
      if (item && !first[kind]) first[kind] = `/acme/projects/${project.id}/${kind}/${item.id}`;
      if (kind === 'issues' && item && !first.list) first.list = `/acme/projects/${project.id}/issues`;
    }
  }
  return [
    ['projects', '/acme/projects'],
    ['issues', first.list],
    ['issue', first.issues],
    ['cycle', first.cycles],
    ['page-editor', first.pages],
    ['settings', '/acme/settings'],
  ];
}

const server = await startAppServer({ seedDemo: true });
const browser = await launchBrowser();
const failures = [];
try {
  const admin = demoAdmin(server.output);
  const list = await screens(await signIn(server.base, admin));
  mkdirSync(outDir, { recursive: true });
  for (const theme of ['light', 'dark']) {
    const session = await openPage(browser, { theme, width: 1280, height: 800 });
    const { page, problems } = session;
    await signInThroughUi(page, server.base, admin);
    for (const [name, path] of list) {
      await page.goto(server.base + path, { waitUntil: 'networkidle0' });
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), { timeout: 10_000 }).catch(() => {});
      // Let the editor draw its document and the theme's transitions end.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const notFound = await page.evaluate(() => /not found|could not be found/i.test(document.querySelector('h1')?.textContent ?? ''));
      if (notFound) failures.push(`${name}: ${path} shows the not-found screen`);
      const file = join(outDir, `app-${name}-${theme}.png`);
      await page.screenshot({ path: file });
      console.log(`${notFound ? 'not found' : 'wrote'} ${file}`);
    }
    failures.push(...problems.map((problem) => `${theme}: ${problem}`));
    await session.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
if (failures.length) {
  console.error(`Some screenshots are not right:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
