import { paths } from '../../../src/app/router/paths.js';
import { APP_NAME } from '../../../src/app/ui/document-title.js';
import { ISSUE_ID, OTHER_ID, PROJECT_ID } from './fixtures.js';
import { click } from './input.js';
import { byText, cleanup, FakeApi, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

/** Waits for the document's title to be `title`, saying what it was when it gives up. */
const titled = (title: string) => until(() => document.title === title, `the title "${title}"`, { saw: () => document.title });

describe("the document's title", () => {
  let before = '';
  beforeEach(() => (before = document.title));
  afterEach(cleanup);

  it('names each screen, then its project and workspace, most specific first', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.workspace('acme'), { api });
    await titled('Home · Acme');
    await app.router.navigate(paths.userProfile('acme', OTHER_ID));
    await titled('Grace · Profile · Acme');
    await app.router.navigate(paths.archives('acme', PROJECT_ID));
    await titled('Archives · Website · Acme');
    await app.router.navigate(paths.settings('acme', 'api-tokens'));
    await titled('API tokens · Settings · Acme');
    await click(byText(app.container, 'nav[aria-label="Settings"] a', 'Members'));
    await titled('Members · Settings · Acme');
    await app.router.navigate(paths.workspace('acme') + '/nowhere');
    await titled('Page not found · Acme');
  });

  it("gives an issue's page its key and title", async () => {
    const { api } = seededApi();
    renderApp(paths.issue('acme', PROJECT_ID, ISSUE_ID), { api });
    await titled('WEB-7 Fix the header · Website · Acme');
  });

  it('names the app outside a workspace, and gives the title back once the app is gone', async () => {
    renderApp(paths.signIn(), { api: new FakeApi(), user: null });
    await titled(`Sign in · ${APP_NAME}`);
    cleanup();
    await titled(before);
  });
});
