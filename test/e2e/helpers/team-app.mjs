// The start most end-to-end files share: the built app's server and a browser, started side by
// side, and the team of `seedTeam` (Ada, Bob, Gus and the project "Website") made through the API.
import { seedTeam } from './api-client.mjs';
import { startAppServer } from './app-server.mjs';
import { launchBrowser } from './browser.mjs';

/**
 * Starts the server (with `serverOptions`) and the browser, then seeds the team into `world`.
 * Answers `{ server, browser }`; whatever started is stopped again when the other fails.
 */
export async function startTeamApp(world, serverOptions) {
  const [started, launched] = await Promise.allSettled([startAppServer(serverOptions), launchBrowser()]);
  const app = { server: started.value, browser: launched.value };
  const failed = [started, launched].find((result) => result.status === 'rejected');
  if (failed) {
    await stopTeamApp(app);
    throw failed.reason;
  }
  Object.assign(world, await seedTeam(app.server.base));
  return app;
}

/** Stops what `startTeamApp` started (either may be missing). */
export async function stopTeamApp({ server, browser } = {}) {
  await browser?.close();
  await server?.stop();
}
