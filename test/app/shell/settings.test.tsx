import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { paths, SETTINGS_MENU } from '../../../src/app/router/paths.js';
import { ProfileSettingsScreen } from '../../../src/app/screens/profile-settings-screen.js';
import { THEME_MODE_KEY } from '../../../src/app/ui/theme.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { user, workspace } from './fixtures.js';
import { click, typeInto } from './input.js';
import { button, byText, cleanup, FakeApi, field, renderApp, renderScreen, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

const menu = (root: ParentNode) => [...root.querySelectorAll('nav[aria-label="Settings"] a')].map((a) => a.textContent);

describe('workspace settings', () => {
  afterEach(cleanup);

  for (const [role, name, entries] of [
    [5, 'a guest', ['General', 'Members']],
    [10, 'a viewer', ['General', 'Members']],
    [15, 'a member', ['General', 'Members', 'Exports']],
    [20, 'an admin', SETTINGS_MENU.map((entry) => entry.label)],
  ] as const) {
    it(`shows ${name} the settings menu entries of their role`, async () => {
      const { api } = seededApi((scene) => (scene.workspace = workspace(role)));
      const app = renderApp(paths.settings('acme'), { api });
      await until(() => menu(app.container).length === entries.length, 'the settings menu');
      expect(menu(app.container)).to.deep.equal([...entries]);
      await expectAccessible(app.container);
    });
  }

  it('withholds a page below its minimum role', async () => {
    const { api } = seededApi((scene) => (scene.workspace = workspace(15)));
    const app = renderApp(paths.settings('acme', 'billing'), { api });
    await until(() => byText(app.container, '[role="alert"]', 'You do not have access to Billing and plans.'), 'the refusal');
  });

  it('lists the members with their roles', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.settings('acme', 'members'), { api });
    await until(() => app.container.querySelectorAll('tbody tr').length === 2, 'the members');
    // An admin's rows hold a role picker; the role shown is the one it has chosen.
    const shown = (row: HTMLTableRowElement) => `${row.cells[0].textContent}${row.querySelector('select')?.selectedOptions[0]?.textContent ?? row.cells[1].textContent}`;
    expect([...app.container.querySelectorAll<HTMLTableRowElement>('tbody tr')].map(shown)).to.deep.equal(['AdaAdmin', 'GraceMember']);
    await expectAccessible(app.container);
  });

  it('starts an export and offers the finished file for download', async () => {
    const { api } = seededApi();
    const jobs: object[] = [];
    api
      .on('GET', '/workspaces/:slug/exports', () => jobs)
      .on('POST', '/workspaces/:slug/exports', (request) => {
        const job = { id: 'j1', provider: (request.body as { provider: string }).provider, status: 'completed', progress: 100, project_ids: [], error: null, created_at: new Date().toISOString(), completed_at: new Date().toISOString() };
        jobs.push(job);
        return reply(201, job);
      });
    const app = renderApp(paths.settings('acme', 'exports'), { api });
    await until(() => app.container.querySelector('[data-empty-state="settings-export"]'), 'the empty exports');
    const format = field<HTMLSelectElement>(app.container, 'Format');
    format.value = 'xlsx';
    format.dispatchEvent(new Event('change', { bubbles: true }));
    await click(button(app.container, 'Export issues'));
    const link = await until(() => byText(app.container, 'a', 'Download'), 'the download link');
    expect(link.getAttribute('href')).to.equal('/api/workspaces/acme/exports/j1/download');
    expect(api.sent('POST', '/workspaces/acme/exports')[0]!.body).to.deep.equal({ provider: 'xlsx' });
    await expectAccessible(app.container);
  });
});

describe('profile settings screen', () => {
  afterEach(() => {
    cleanup();
    localStorage.removeItem(THEME_MODE_KEY);
  });

  it('saves the profile', async () => {
    const api = new FakeApi().on('PATCH', '/users/me', (request) => ({ ...user, ...(request.body as object) }));
    const app = renderScreen('/profile', <ProfileSettingsScreen />, '/profile', { api, user });
    await expectAccessible(app.container);
    await typeInto(field(app.container, 'Last name'), '-King');
    await click(button(app.container, 'Save profile'));
    await until(() => byText(document, '.app-toast', 'Profile saved.'), 'the toast');
    expect(api.sent('PATCH', '/users/me')[0]!.body).to.deep.equal({ display_name: 'Ada', first_name: 'Ada', last_name: 'Lovelace-King' });
  });

  it("changes the password with the current one, shows the server's refusal, and empties the form once changed", async () => {
    let attempts = 0;
    const api = new FakeApi().on('PUT', '/users/me/password', () => (++attempts === 1 ? reply(400, { error: 'The current password is not right.' }) : undefined));
    const app = renderScreen('/profile', <ProfileSettingsScreen />, '/profile', { api, user });
    const form = app.container.querySelector<HTMLElement>('form[aria-label="Change password"]')!;
    await click(button(form, 'Change password'));
    await until(() => byText(form, '[role="alert"]', 'Current password is required.'), 'the field errors');
    expect(api.sent('PUT', '/users/me/password')).to.have.length(0);
    await typeInto(field(form, 'Current password'), 'guess');
    await typeInto(field(form, 'New password'), 'a brand new one');
    await click(button(form, 'Change password'));
    await until(() => byText(form, '[role="alert"]', 'The current password is not right.'), 'the refusal');
    expect(field(form, 'New password').value, 'what was typed stays').to.equal('a brand new one');
    await typeInto(field(form, 'Current password'), ' again');
    await click(button(form, 'Change password'));
    await until(() => byText(document, '.app-toast', 'Password changed. Other browsers signed in to your account are signed out.'), 'the toast');
    expect(api.sent('PUT', '/users/me/password').map((request) => request.body)).to.deep.equal([
      { current_password: 'guess', new_password: 'a brand new one' },
      { current_password: 'guess again', new_password: 'a brand new one' },
    ]);
    expect([field(form, 'Current password').value, field(form, 'New password').value]).to.deep.equal(['', '']);
    await expectAccessible(app.container);
  });

  it('uploads a profile picture, then deletes the one it replaces', async () => {
    const OLD = '/api/users/file-assets/99999999-9999-4999-8999-999999999999';
    const NEW = '/api/users/file-assets/88888888-8888-4888-8888-888888888888';
    const api = new FakeApi()
      .on('POST', '/users/file-assets', () => reply(201, { id: '88888888-8888-4888-8888-888888888888', asset: NEW }))
      .on('PATCH', '/users/me', (request) => ({ ...user, avatar: OLD, ...(request.body as object) }))
      .on('DELETE', '/users/file-assets/:assetId', () => undefined);
    const app = renderScreen('/profile', <ProfileSettingsScreen />, '/profile', { api, user: { ...user, avatar: OLD } });
    expect(app.container.querySelector('.app-profile-picture .app-avatar img')!.getAttribute('src')).to.equal(OLD);
    await click(button(app.container, 'Change picture'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the upload dialog');
    expect(dialog.querySelector('h2')!.textContent).to.equal('Upload profile picture');
    const input = await until(() => dialog.querySelector<HTMLInputElement>('input[type="file"]'), 'the file input');
    const files = new DataTransfer();
    files.items.add(new File(['png'], 'me.png', { type: 'image/png' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await click(await until(() => [...dialog.querySelectorAll('button')].find((b) => /upload/i.test(b.textContent ?? '') && !b.disabled) ?? null, 'the upload button'));
    await until(() => api.sent('DELETE', '/users/file-assets/:assetId').length === 1, 'the old picture deleted');
    expect(api.sent('PATCH', '/users/me')[0]!.body).to.deep.equal({ avatar: NEW });
    expect(api.sent('DELETE', '/users/file-assets/:assetId')[0]!.path).to.contain('99999999-9999-4999-8999-999999999999');
    await until(() => byText(document, '.app-toast', 'Profile picture updated.'), 'the toast');
    await until(() => app.container.querySelector('.app-profile-picture .app-avatar img')?.getAttribute('src') === NEW, 'the new picture shown');
    await expectAccessible(app.container);
  });

  it('offers an upload when there is no picture, and removes one', async () => {
    const OLD = '/api/users/file-assets/99999999-9999-4999-8999-999999999999';
    const api = new FakeApi()
      .on('PATCH', '/users/me', (request) => ({ ...user, ...(request.body as object) }))
      .on('DELETE', '/users/file-assets/:assetId', () => undefined);
    const app = renderScreen('/profile', <ProfileSettingsScreen />, '/profile', { api, user: { ...user, avatar: OLD } });
    await click(button(app.container, 'Remove picture'));
    await until(() => byText(document, '.app-toast', 'Profile picture removed.'), 'the toast');
    expect(api.sent('PATCH', '/users/me')[0]!.body).to.deep.equal({ avatar: null });
    expect(api.sent('DELETE', '/users/file-assets/:assetId')).to.have.length(1);
    await until(() => button(app.container, 'Upload picture'), 'the upload button');
    expect(byText(app.container, 'p', 'No profile picture yet.')).to.not.equal(null);
  });

  it('switches the theme mode, and edits and saves a custom theme', async () => {
    const stored = { theme: 'custom', background: '#0d101b', text: '#c5c5c5', primary: '#3f76ff', sidebarBackground: '#0d101b', sidebarText: '#c5c5c5', darkPalette: false, palette: '#0d101b,#c5c5c5,#3f76ff,#0d101b,#c5c5c5' };
    const api = new FakeApi()
      .on('GET', '/users/me/theme', () => stored)
      .on('PATCH', '/users/me/theme', (request) => request.body);
    const app = renderScreen('/profile', <ProfileSettingsScreen />, '/profile', { api, user });
    await click(field(app.container, 'Dark'));
    await until(() => document.documentElement.dataset.theme === 'dark', 'the dark theme');
    expect(localStorage.getItem(THEME_MODE_KEY)).to.equal('dark');
    await click(field(app.container, 'Custom'));
    const form = await until(() => app.container.querySelector<HTMLElement>('form[aria-label="Custom theme"]'), 'the custom theme form');
    await until(() => document.documentElement.style.getPropertyValue('--app-bg') === '#0d101b', 'the stored theme applied');
    const background = field(form, 'Background color');
    background.select();
    await typeInto(background, '#000000');
    await click(button(form, 'Set theme'));
    await until(() => api.sent('PATCH', '/users/me/theme').length === 1, 'the theme save');
    expect((api.sent('PATCH', '/users/me/theme')[0]!.body as { background: string }).background).to.equal('#000000');
    await until(() => byText(document, '.app-toast', 'Theme saved.'), 'the toast');
    await expectAccessible(app.container);
  });
});

describe('profile settings in the app shell', () => {
  afterEach(async () => {
    cleanup();
    await setViewport({ width: 800, height: 600 });
  });

  const sidebar = () => document.querySelector<HTMLElement>('nav[aria-label="Workspace"]');
  const heading = (root: ParentNode) => byText(root, 'main#main h1', 'Profile settings');

  it('opens /profile in the first workspace, with the sidebar and header, at 1440 px', async () => {
    await setViewport({ width: 1440, height: 900 });
    const { api } = seededApi();
    const app = renderApp('/profile', { api });
    await until(() => heading(app.container), 'the profile settings in the layout');
    expect(app.location()).to.equal(paths.accountSettings('acme'));
    expect(sidebar()).to.not.equal(null);
    expect(app.container.querySelector('header.app-header')).to.not.equal(null);
    // The page header is the one every screen uses, directly in the layout's main.
    expect(app.container.querySelector('main#main > header.app-page-header h1')!.textContent).to.equal('Profile settings');
    expect(app.container.querySelectorAll('main')).to.have.length(1);
    expect(field(app.container, 'Display name').value).to.equal('Ada');
    await expectAccessible(app.container);
  });

  it('shows the drawer button instead of the sidebar at 390 px', async () => {
    await setViewport({ width: 390, height: 844 });
    const { api } = seededApi();
    const app = renderApp(paths.accountSettings('acme'), { api });
    await until(() => heading(app.container), 'the profile settings in the layout');
    expect(button(app.container, 'Open menu')).to.not.equal(null);
    expect(sidebar()).to.equal(null);
    expect(window.innerWidth).to.equal(390);
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
  });

  it("goes there from the header's account menu", async () => {
    const { api } = seededApi();
    const app = renderApp('/acme/projects', { api });
    await click(await until(() => app.container.querySelector<HTMLElement>('.app-account-button'), 'the account button'));
    await click(await until(() => byText(document.body, '[role="menuitem"]', 'Profile settings'), 'the menu item'));
    await until(() => heading(app.container), 'the profile settings');
    expect(app.location()).to.equal(paths.accountSettings('acme'));
  });

  it('keeps /profile a page of its own for someone without a workspace', async () => {
    const { api } = seededApi();
    api.on('GET', '/workspaces', () => []);
    const app = renderApp('/profile', { api });
    await until(() => byText(app.container, 'main h1', 'Profile settings'), 'the profile settings');
    expect(app.location()).to.equal('/profile');
    expect(byText(app.container, 'a', 'Back to the app')).to.not.equal(null);
    await expectAccessible(app.container);
  });
});
