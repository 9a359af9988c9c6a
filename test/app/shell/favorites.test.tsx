// Favorites: the toggle on an issue, a page, a cycle or a module, and the sidebar's section that
// lists what the user keeps (the workspace's favorites route, faked here).
import { expect } from '@open-wc/testing';
import type { Favorite } from '../../../src/app/api/favorites.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { cycleDetail, ISSUE_ID, project, PROJECT_ID } from './fixtures.js';
import { click, press } from './input.js';
import { pageDetail, PAGE_ID } from './page-fixtures.js';
import { button, byText, cleanup, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

const FAVORITES = '/workspaces/:slug/favorites';

/** A seeded API whose favorites route keeps what is added and forgets what is removed. */
function withFavorites(change?: Parameters<typeof seededApi>[0]) {
  const seeded = seededApi(change);
  const kept: Favorite[] = [];
  seeded.api
    .on('GET', FAVORITES, () => kept)
    .on('POST', FAVORITES, (request) => {
      const { kind, entity_id: entityId } = request.body as { kind: Favorite['kind']; entity_id: string };
      const names: Record<string, [string, string | null]> = { [ISSUE_ID]: ['Fix the header', 'WEB-7'], [PAGE_ID]: ['Handbook', null] };
      const [name, key] = names[entityId] ?? ['Something', null];
      const favorite: Favorite = { id: `f${kept.length + 1}`, kind, entity_id: entityId, project_id: PROJECT_ID, name, key, created_at: '2025-01-02T10:00:00.000Z' };
      kept.push(favorite);
      return reply(201, favorite);
    })
    .on('DELETE', `${FAVORITES}/:favoriteId`, (request) => {
      kept.splice(kept.findIndex((favorite) => favorite.id === request.params.favoriteId), 1);
      return undefined;
    });
  return { ...seeded, kept };
}

const sidebarFavorites = () => {
  const heading = byText(document, '.app-sidebar-heading', 'Favorites');
  return heading ? [...heading.nextElementSibling!.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]) : null;
};

describe('favorites', () => {
  afterEach(cleanup);

  it('keeps the open issue from its toggle, lists it in the sidebar, and lets it go again', async () => {
    const { api } = withFavorites();
    const app = renderApp(paths.issue('acme', PROJECT_ID, ISSUE_ID), { api });
    const toggle = await until(() => button(app.container, 'Favorite'), 'the toggle');
    await until(() => toggle.getAttribute('aria-disabled') === null, 'the favorites read');
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    expect(sidebarFavorites(), 'no section while there are none').to.equal(null);

    await click(toggle);
    await until(() => toggle.getAttribute('aria-pressed') === 'true', 'pressed');
    expect(sidebarFavorites()).to.deep.equal([['WEB-7 Fix the header', paths.issue('acme', PROJECT_ID, ISSUE_ID)]]);
    expect(api.sent('POST', '/workspaces/acme/favorites')[0]!.body).to.deep.equal({ kind: 'issue', entity_id: ISSUE_ID });
    expect(document.activeElement, 'focus stays on the toggle').to.equal(toggle);
    await expectAccessible(app.container);

    // From the keyboard, as a toggle: Space lets it go.
    await press(' ');
    await until(() => toggle.getAttribute('aria-pressed') === 'false', 'released');
    await until(() => sidebarFavorites() === null, 'the section gone');
    expect(api.sent('DELETE', '/workspaces/acme/favorites/:favoriteId').map((request) => request.params.favoriteId)).to.deep.equal(['f1']);
  });

  it('lets a viewer keep a page, and says why when the server refuses', async () => {
    const { api, kept } = withFavorites((scene) => (scene.projects = [project(10)]));
    api.on('GET', '/workspaces/:slug/projects/:projectId/pages/:pageId', () => pageDetail());
    const app = renderApp(paths.page('acme', PROJECT_ID, PAGE_ID), { api });
    const toggle = await until(() => button(app.container, 'Favorite'), 'the toggle');
    await until(() => toggle.getAttribute('aria-disabled') === null, 'the favorites read');
    await click(toggle);
    await until(() => sidebarFavorites()?.length === 1, 'the page kept');
    expect(sidebarFavorites()).to.deep.equal([['Handbook', paths.page('acme', PROJECT_ID, PAGE_ID)]]);
    expect(kept.map((favorite) => favorite.kind)).to.deep.equal(['page']);

    api.on('DELETE', `${FAVORITES}/:favoriteId`, () => reply(404, { error: 'Favorite not found.' }));
    await click(toggle);
    await until(() => byText(document.body, '.app-toast', 'Favorite not found.'), 'the refusal');
  });

  it('offers the toggle on a cycle', async () => {
    const { api } = withFavorites();
    const cycle = cycleDetail({ status: 'draft' });
    api
      .on('GET', '/workspaces/:slug/projects/:projectId/cycles/:cycleId', () => cycle)
      .on('GET', '/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues', () => []);
    const app = renderApp(paths.cycle('acme', PROJECT_ID, cycle.id), { api });
    const toggle = await until(() => button(app.container, 'Favorite'), 'the toggle');
    await until(() => toggle.getAttribute('aria-disabled') === null, 'the favorites read');
    await click(toggle);
    await until(() => sidebarFavorites()?.length === 1, 'the cycle kept');
    expect(api.sent('POST', '/workspaces/acme/favorites')[0]!.body).to.deep.equal({ kind: 'cycle', entity_id: cycle.id });
  });
});
