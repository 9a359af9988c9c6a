import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { OTHER_ID } from './fixtures.js';
import { byText, cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

/** Whether `tab` is shown whole inside its strip's box. */
function inView(tab: HTMLElement): boolean {
  const strip = tab.closest<HTMLElement>('.app-tabs-list')!.getBoundingClientRect();
  const box = tab.getBoundingClientRect();
  return box.left >= strip.left - 0.5 && box.right <= strip.right + 0.5;
}

/** The strip's edges marked as having tabs beyond them. */
const edges = (strip: HTMLElement) => [strip.hasAttribute('data-more-before'), strip.hasAttribute('data-more-after')];

describe('tab strips on a phone (390×844)', () => {
  beforeEach(() => setViewport({ width: 390, height: 844 }));
  afterEach(async () => {
    cleanup();
    await setViewport({ width: 800, height: 600 });
  });

  it("opened at a profile's Activity tab, scroll it into view and fade the edge with tabs beyond it", async () => {
    const { api } = seededApi();
    const app = renderApp(paths.userProfile('acme', OTHER_ID, 'activity'), { api });
    const strip = await until(() => app.container.querySelector<HTMLElement>('[role="tablist"][aria-label="Profile of Grace"]'), 'the profile tabs');
    const activity = byText(strip, '[role="tab"]', 'Activity')!;
    expect(activity.getAttribute('aria-selected')).to.equal('true');
    expect(strip.scrollWidth, 'the tabs are wider than the screen').to.be.above(strip.clientWidth);
    await until(() => inView(activity), 'the Activity tab in view', { saw: () => [strip.scrollLeft, activity.getBoundingClientRect().right] });
    expect(edges(strip), 'tabs before it, none after').to.deep.equal([true, false]);
    expect(getComputedStyle(strip).maskImage).to.contain('linear-gradient');
    await expectAccessible(app.container);

    // Another tab chosen from elsewhere (a link, Back): the strip follows it, and its edge marks too.
    await app.router.navigate(paths.userProfile('acme', OTHER_ID));
    const summary = byText(strip, '[role="tab"]', 'Summary')!;
    await until(() => summary.getAttribute('aria-selected') === 'true' && inView(summary), 'the Summary tab in view', { saw: () => strip.scrollLeft });
    expect(edges(strip), 'tabs after it, none before').to.deep.equal([false, true]);
    await app.router.navigate(paths.userProfile('acme', OTHER_ID, 'activity'));
    await until(() => inView(activity), 'the Activity tab in view again', { saw: () => strip.scrollLeft });

    // Scrolled by hand, the marks follow.
    strip.scrollLeft = 0;
    await until(() => edges(strip).join() === 'false,true', 'the edge marks after scrolling back', { saw: () => edges(strip) });
  });

  it('opened at Settings › API tokens, scroll that tab into view', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.settings('acme', 'api-tokens'), { api });
    const strip = await until(() => app.container.querySelector<HTMLElement>('nav.app-tabs-list[aria-label="Settings"]'), 'the settings tabs');
    const tokens = await until(() => byText(strip, 'a', 'API tokens'), 'the API tokens tab');
    expect(tokens.getAttribute('aria-current')).to.equal('page');
    expect(strip.scrollWidth, 'the tabs are wider than the screen').to.be.above(strip.clientWidth);
    await until(() => inView(tokens), 'the API tokens tab in view', { saw: () => [strip.scrollLeft, tokens.getBoundingClientRect().right] });
    expect(edges(strip)).to.deep.equal([true, false]);
    expect(document.documentElement.scrollWidth, 'the page itself does not scroll sideways').to.be.at.most(390);
  });
});
