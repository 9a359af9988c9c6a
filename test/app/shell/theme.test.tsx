import { expect } from '@open-wc/testing';
import type { Theme } from '../../../src/app/api/types.js';
import { DARK_COLOURS, LIGHT_COLOURS } from '../../../src/app/ui/theme.css.js';
import { applyCustomTheme, clearCustomTheme, contrast, customThemeProperties, readableOn, storedThemeMode, THEME_MODE_KEY } from '../../../src/app/ui/theme.js';
import { useTheme } from '../../../src/app/ui/theme-provider.js';
import { cleanup, FakeApi, renderScreen, until } from './render.js';
import { user } from './fixtures.js';

const custom: Theme = {
  theme: 'custom',
  background: '#0d101b',
  text: '#c5c5c5',
  primary: '#3f76ff',
  sidebarBackground: '#101522',
  sidebarText: '#d0d0d0',
  darkPalette: true,
  palette: '#0d101b,#c5c5c5,#3f76ff,#101522,#d0d0d0',
};

describe('theme', () => {
  afterEach(() => {
    cleanup();
    localStorage.removeItem(THEME_MODE_KEY);
  });

  for (const [name, colours] of [['light', LIGHT_COLOURS], ['dark', DARK_COLOURS]] as const) {
    it(`keeps text at 4.5:1 or more in the ${name} theme`, () => {
      const pairs: Array<[string, string]> = [
        ['--app-text', '--app-bg'],
        ['--app-text', '--app-surface'],
        ['--app-muted', '--app-bg'],
        ['--app-muted', '--app-surface'],
        ['--app-primary-text', '--app-primary'],
        ['--app-primary', '--app-bg'],
        ['--app-danger', '--app-bg'],
        ['--app-danger-solid-text', '--app-danger-solid'],
        ['--app-success', '--app-bg'],
        ['--app-sidebar-text', '--app-sidebar-bg'],
        ['--app-muted', '--app-sidebar-bg'],
      ];
      for (const [fg, bg] of pairs) {
        const ratio = contrast(colours[fg as keyof typeof LIGHT_COLOURS], colours[bg as keyof typeof LIGHT_COLOURS]);
        expect(ratio, `${fg} on ${bg}`).to.be.at.least(4.5);
      }
    });
  }

  it("sets a custom theme's colours on :root and picks readable text on its primary", () => {
    const root = document.createElement('div');
    applyCustomTheme(custom, root);
    expect(root.style.getPropertyValue('--app-bg')).to.equal('#0d101b');
    expect(root.style.getPropertyValue('--app-sidebar-bg')).to.equal('#101522');
    expect(root.style.getPropertyValue('--app-primary-text')).to.equal(readableOn('#3f76ff'));
    expect(root.dataset.theme).to.equal('dark');
    clearCustomTheme(root);
    expect(root.style.getPropertyValue('--app-bg')).to.equal('');
    expect(customThemeProperties({ ...custom, primary: '#ffee00' })['--app-primary-text']).to.equal('#000000');
  });

  it('reads the stored mode, and falls back to the system for anything else', () => {
    expect(storedThemeMode({ getItem: (key) => (key === THEME_MODE_KEY ? 'dark' : null) })).to.equal('dark');
    expect(storedThemeMode({ getItem: () => 'purple' })).to.equal('system');
    expect(storedThemeMode(null)).to.equal('system');
  });

  it("applies the user's custom theme from GET /api/users/me/theme in custom mode", async () => {
    const api = new FakeApi().on('GET', '/users/me/theme', () => custom);
    let seen = '';
    function Probe() {
      const theme = useTheme();
      seen = theme.resolved;
      return <button onClick={() => theme.setMode('custom')}>Use my theme</button>;
    }
    const rendered = renderScreen('/', <Probe />, '/', { api, user });
    expect(api.sent('GET', '/users/me/theme')).to.have.length(0);
    rendered.container.querySelector('button')!.click();
    await until(() => document.documentElement.style.getPropertyValue('--app-bg') === '#0d101b', 'the custom background');
    expect(document.documentElement.style.getPropertyValue('--app-text')).to.equal('#c5c5c5');
    expect(document.documentElement.dataset.theme).to.equal('dark');
    expect(seen).to.equal('dark');
    expect(getComputedStyle(document.body).backgroundColor).to.equal('rgb(13, 16, 27)');
  });

  it("paints the whole page in the chosen theme, below a screen taller than the window too, over the page's own first colours", async () => {
    // The app's page paints html from the system's theme before the app's styles arrive.
    const page = await (await fetch('/demo/app.html')).text();
    const early = document.createElement('style');
    early.textContent = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
    document.head.prepend(early);
    try {
      renderScreen('/', <p style={{ height: '300vh' }}>tall</p>, '/', { user });
      await until(() => document.querySelector('style[data-app-style="app-theme"]'), 'the theme stylesheet');
      const seen = new Set<string>();
      for (const mode of ['dark', 'light']) {
        document.documentElement.dataset.theme = mode;
        const bg = getComputedStyle(document.body).backgroundColor;
        expect(getComputedStyle(document.documentElement).backgroundColor, `the page behind the body, ${mode}`).to.equal(bg);
        seen.add(bg);
      }
      expect(seen.size, 'each theme its own colour').to.equal(2);
    } finally {
      early.remove();
    }
  });

  it('defines the light colours on :root and the dark ones under data-theme="dark"', async () => {
    renderScreen('/', <p>x</p>, '/', { user });
    await until(() => document.querySelector('style[data-app-style="app-theme"]'), 'the theme stylesheet');
    document.documentElement.dataset.theme = 'light';
    expect(getComputedStyle(document.documentElement).getPropertyValue('--app-bg').trim()).to.equal(LIGHT_COLOURS['--app-bg']);
    document.documentElement.dataset.theme = 'dark';
    expect(getComputedStyle(document.documentElement).getPropertyValue('--app-bg').trim()).to.equal(DARK_COLOURS['--app-bg']);
  });
});
