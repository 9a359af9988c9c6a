import { expect } from '@open-wc/testing';
import { sendMouse, setViewport } from '@web/test-runner-commands';
import type { RouteObject } from 'react-router';
import { SIDEBAR_HIDDEN_KEY } from '../../../src/app/layout/sidebar-state.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { focusReturnsTo } from '../../helpers/until.js';
import { click, press } from './input.js';
import { button, byText, cleanup, renderApp, until, untilFocusedIn, withHeldScreen } from './render.js';
import { seededApi } from './seeded-api.js';
import { settled } from './timing.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

describe('layout on a phone (390×844)', () => {
  beforeEach(async () => {
    await setViewport(PHONE);
  });
  afterEach(async () => {
    cleanup();
    localStorage.removeItem(SIDEBAR_HIDDEN_KEY);
    await setViewport({ width: 800, height: 600 });
  });

  const sidebar = () => document.querySelector<HTMLElement>('nav[aria-label="Workspace"]');
  const drawer = () => document.querySelector<HTMLElement>('[role="dialog"]');
  const menuButton = (root: ParentNode) => button(root, 'Open menu');

  /** Renders the app at `url` and waits for its header's menu button. */
  async function phoneApp(url = '/acme/projects', routes?: RouteObject[]) {
    const { api } = seededApi();
    const app = renderApp(url, { api, routes });
    await until(() => menuButton(app.container), 'the menu button');
    await until(() => byText(app.container, 'h1', 'Projects'), 'the projects screen');
    return app;
  }

  it('keeps the sidebar closed until the menu button opens it as a drawer, focus inside', async () => {
    const app = await phoneApp();
    const menu = menuButton(app.container)!;
    expect(menu.localName).to.equal('button');
    expect(menu.getAttribute('aria-expanded')).to.equal('false');
    expect(menu.getAttribute('aria-controls')).to.be.a('string').and.not.empty;
    expect(sidebar()).to.equal(null);
    expect(button(app.container, 'Hide sidebar')).to.equal(null);

    await click(menu);
    const dialog = await untilFocusedIn(drawer, 'the drawer');
    expect(menu.getAttribute('aria-expanded')).to.equal('true');
    expect(dialog.id).to.equal(menu.getAttribute('aria-controls'));
    expect(dialog.getAttribute('aria-label') ?? document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).to.equal('Menu');
    expect(dialog.contains(sidebar())).to.equal(true);
    // Over the content, not beside it: the drawer starts at the left edge and the main column keeps its width.
    expect(dialog.getBoundingClientRect().left).to.equal(0);
    expect(getComputedStyle(dialog).position).to.equal('fixed');
    expect(app.container.querySelector('.app-main-column')!.getBoundingClientRect().width).to.equal(390);
    expect(document.querySelector('.app-drawer-backdrop')).to.not.equal(null);
    await expectAccessible(dialog);
  });

  it('closes the drawer on Escape and gives focus back to the menu button', async () => {
    const app = await phoneApp();
    await click(menuButton(app.container));
    await untilFocusedIn(drawer, 'the drawer');
    await press('Escape');
    await until(() => !drawer(), 'the drawer to close');
    expect(sidebar()).to.equal(null);
    const menu = menuButton(app.container)!;
    await focusReturnsTo(menu, 'the menu button');
    expect(menu.getAttribute('aria-expanded')).to.equal('false');
  });

  it('closes the drawer when an entry is chosen, also the entry of the page shown', async () => {
    const app = await phoneApp();
    await click(menuButton(app.container));
    await until(drawer, 'the drawer');
    await click(byText(sidebar()!, 'a', 'Notifications'));
    await until(() => app.location() === '/acme/notifications', 'the notifications address');
    await until(() => !drawer(), 'the drawer to close');
    await until(() => byText(app.container, 'h1', 'Notifications'), 'the notifications page');

    await click(menuButton(app.container));
    await until(drawer, 'the drawer');
    // The page already shown closes the drawer too.
    await click(() => byText(sidebar()!, 'a', 'Notifications'));
    await until(() => !drawer(), 'the drawer to close on the current entry');
  });

  it('closes the drawer as a navigation starts (Back, a link in the page), and leaves it open if opened again before the page lands', async () => {
    // The next screen's code loads until released, as on a slow network.
    const { routes, release } = withHeldScreen('notifications');
    const app = await phoneApp('/acme/projects', routes);
    await click(menuButton(app.container));
    await until(drawer, 'the drawer');
    void app.router.navigate('/acme/notifications');
    await until(() => !drawer(), 'the drawer to close as the navigation starts');
    expect(byText(app.container, 'h1', 'Projects'), 'the page still shown').to.not.equal(null);

    await click(menuButton(app.container));
    await until(drawer, 'the drawer opened again');
    release();
    await until(() => byText(app.container, 'h1', 'Notifications'), 'the notifications page');
    // Past the landing's effects: the drawer the user opened stays open.
    await settled();
    expect(drawer()?.getAttribute('data-state'), 'the drawer after the page landed').to.equal('open');
    expect(menuButton(app.container)!.getAttribute('aria-expanded')).to.equal('true');
    await press('Escape');
    await until(() => !drawer(), 'the drawer to close');
  });

  it('closes the drawer on its close button and gives focus back to the menu button', async () => {
    const app = await phoneApp();
    await click(menuButton(app.container));
    await click(button(await until(drawer, 'the drawer'), 'Close menu'));
    await until(() => !drawer(), 'the drawer to close on its button');
    await focusReturnsTo(menuButton(app.container), 'the menu button');
  });

  it('closes the drawer on a tap on the backdrop', async () => {
    const app = await phoneApp();
    await click(menuButton(app.container));
    const dialog = await untilFocusedIn(drawer, 'the drawer');
    const right = dialog.getBoundingClientRect().right;
    await sendMouse({ type: 'click', position: [Math.round((right + window.innerWidth) / 2), 400] });
    await until(() => !drawer(), 'the drawer to close');
    expect(app.location()).to.equal('/acme/projects');
  });

  it('gives the header and drawer controls tap targets of at least 44×44 px', async () => {
    const app = await phoneApp();
    const big = (element: Element | null, name: string) => {
      const box = element!.getBoundingClientRect();
      expect(box.width, `${name} width`).to.be.at.least(44);
      expect(box.height, `${name} height`).to.be.at.least(44);
    };
    big(menuButton(app.container), 'the menu button');
    big(button(app.container, 'Account: Ada'), 'the account button');
    await click(menuButton(app.container));
    const dialog = await until(drawer, 'the drawer');
    big(button(dialog, 'Close menu'), 'the close button');
    big(dialog.querySelector('.app-switcher'), 'the workspace switcher');
    for (const control of dialog.querySelectorAll('nav a, nav button')) {
      if (control.getClientRects().length) expect(control.getBoundingClientRect().height, control.textContent!).to.be.at.least(44);
    }
  });

  it('keeps the sidebar a column with its hide and show toggle at 1440×900', async () => {
    await setViewport(DESKTOP);
    const { api } = seededApi();
    const app = renderApp('/acme/projects', { api });
    await until(sidebar, 'the sidebar');
    expect(menuButton(app.container)).to.equal(null);
    expect(drawer()).to.equal(null);
    const aside = app.container.querySelector('aside.app-sidebar')!;
    expect(aside.getBoundingClientRect().width).to.equal(260);
    expect(app.container.querySelector('.app-main-column')!.getBoundingClientRect().left).to.equal(260);
    await click(button(app.container, 'Hide sidebar'));
    await until(() => !sidebar(), 'the sidebar to hide');
    expect(localStorage.getItem(SIDEBAR_HIDDEN_KEY)).to.equal('true');

    // A phone ignores the remembered choice (the drawer starts closed) and the desktop keeps it.
    await setViewport(PHONE);
    await until(() => menuButton(app.container), 'the menu button');
    await click(menuButton(app.container));
    await until(drawer, 'the drawer');
    await setViewport(DESKTOP);
    await until(() => button(app.container, 'Show sidebar'), 'the hidden sidebar');
    expect(drawer()).to.equal(null);
    expect(sidebar()).to.equal(null);
    await click(button(app.container, 'Show sidebar'));
    await until(sidebar, 'the sidebar');
  });
});
