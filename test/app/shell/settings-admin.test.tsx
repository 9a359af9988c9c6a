import { expect } from '@open-wc/testing';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { members, OTHER_ID, USER_ID, workspace } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { isolated } from '../../../src/app/ui/bidi.js';

const menu = (root: ParentNode) => [...root.querySelectorAll('nav[aria-label="Settings"] a')].map((a) => a.textContent);

describe('workspace settings: roles, general, members, exports', () => {
  afterEach(cleanup);

  it('keeps the admin entries out of reach of a guest: hidden in the menu, refused at their addresses', async () => {
    for (const page of ['billing', 'webhooks', 'api-tokens', 'exports']) {
      const { api } = seededApi((scene) => (scene.workspace = workspace(5)));
      const app = renderApp(paths.settings('acme', page), { api });
      await until(() => byText(app.container, '[role="alert"]', 'You do not have access to'), `the refusal of ${page}`);
      expect(menu(app.container)).to.deep.equal(['General', 'Members']);
      expect(app.container.querySelector('[data-empty-state]')).to.equal(null);
      await expectAccessible(app.container);
      cleanup();
    }
  });

  it('shows an admin the webhooks and API tokens empty states', async () => {
    for (const [page, state] of [
      ['webhooks', 'settings-webhooks'],
      ['api-tokens', 'settings-api-tokens'],
    ]) {
      const { api } = seededApi();
      const app = renderApp(paths.settings('acme', page!), { api });
      await until(() => app.container.querySelector(`[data-empty-state="${state}"]`), state!);
      await expectAccessible(app.container);
      cleanup();
    }
  });

  it('lets an admin rename the workspace', async () => {
    const { api, scene } = seededApi();
    api.on('PATCH', '/workspaces/:slug', (request) => (scene.workspace = { ...scene.workspace, ...(request.body as object) }));
    const app = renderApp(paths.settings('acme'), { api });
    const name = await until(() => field(app.container, 'Workspace name'), 'the name field');
    await expectAccessible(app.container);
    // The form stands apart from the facts above it.
    const facts = app.container.querySelector('dl.app-facts')!.getBoundingClientRect();
    const form = app.container.querySelector('form[aria-label="Rename the workspace"]')!.getBoundingClientRect();
    expect(form.top - facts.bottom, 'space between the facts and the form').to.be.at.least(16);
    name.select();
    await typeInto(name, 'Acme Labs');
    await press('Enter');
    await until(() => byText(document, '.app-toast', 'Workspace renamed.'), 'the toast');
    expect(api.sent('PATCH', '/workspaces/acme')[0]!.body).to.deep.equal({ name: 'Acme Labs' });
  });

  it('does not offer a guest the rename or the logo', async () => {
    const { api } = seededApi((scene) => (scene.workspace = workspace(5)));
    const app = renderApp(paths.settings('acme'), { api });
    await until(() => byText(app.container, 'dd', 'Guest'), 'the general page');
    expect(app.container.querySelector('form[aria-label="Rename the workspace"]')).to.equal(null);
    expect(button(app.container, 'Upload logo')).to.equal(null);
  });

  it('sets the uploaded logo, then deletes the old one', async () => {
    const OLD = '/api/workspaces/file-assets/33333333-3333-4333-8333-333333333333/99999999-9999-4999-8999-999999999999';
    const NEW = '/api/workspaces/file-assets/33333333-3333-4333-8333-333333333333/88888888-8888-4888-8888-888888888888';
    const { api, scene } = seededApi((s) => (s.workspace = workspace(20, { logo: OLD })));
    api
      .on('POST', '/workspaces/:slug/file-assets', () => reply(201, { id: '88888888-8888-4888-8888-888888888888', asset: NEW }))
      .on('PATCH', '/workspaces/:slug', (request) => (scene.workspace = { ...scene.workspace, ...(request.body as object) }))
      .on('DELETE', '/workspaces/file-assets/:assetId', () => undefined);
    const app = renderApp(paths.settings('acme'), { api });
    await click(await until(() => button(app.container, 'Change logo'), 'the logo button'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the upload dialog');
    const input = await until(() => dialog.querySelector<HTMLInputElement>('input[type="file"]'), 'the file input');
    const files = new DataTransfer();
    files.items.add(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.png', { type: 'image/png' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    const upload = await until(() => [...dialog.querySelectorAll('button')].find((b) => /upload/i.test(b.textContent ?? '') && !b.disabled) ?? null, 'the upload button');
    await click(upload);
    await until(() => api.sent('DELETE', '/workspaces/file-assets/:assetId').length === 1, 'the old logo deleted');
    expect(api.sent('PATCH', '/workspaces/acme')[0]!.body).to.deep.equal({ logo: NEW });
    expect(api.sent('DELETE', '/workspaces/file-assets/:assetId')[0]!.path).to.contain('99999999-9999-4999-8999-999999999999');
    expect(api.requests.findIndex((r) => r.method === 'PATCH')).to.be.below(api.requests.findIndex((r) => r.method === 'DELETE'));
  });

  it("lets an admin change a member's role, shows the server's refusal, and removes a member", async () => {
    const { api } = seededApi();
    api
      .on('PATCH', '/workspaces/:slug/members/:userId', (request) =>
        request.params.userId === USER_ID ? reply(409, { error: 'A workspace needs at least one admin.' }) : { ...members[1], role: (request.body as { role: number }).role },
      )
      .on('DELETE', '/workspaces/:slug/members/:userId', () => undefined);
    const app = renderApp(paths.settings('acme', 'members'), { api });
    const graceRole = await until(() => app.container.querySelector<HTMLSelectElement>('select[aria-label="Role of Grace"]'), 'the role select');
    await expectAccessible(app.container);
    // A lower workspace role lowers project roles above it too, for good: asked first.
    const lower = async (select: HTMLSelectElement, role: string) => {
      select.focus();
      select.value = role;
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the question before lowering');
    };
    let asking = await lower(graceRole, '10');
    expect(asking.textContent).to.contain(`${isolated('Grace')} becomes Viewer in ${isolated('Acme')}, and Viewer in each of its projects where their role is higher. Raising their workspace role later does not raise those project roles again.`);
    await press('Escape');
    await until(() => !document.querySelector('[role="dialog"]'), 'the question gone');
    expect(api.sent('PATCH', `/workspaces/acme/members/${OTHER_ID}`), 'nothing changed without a yes').to.have.length(0);
    expect(graceRole.value, 'the select shows the role she still has').to.equal('15');
    await until(() => document.activeElement === graceRole, 'focus back on the select');
    asking = await lower(graceRole, '10');
    await click(button(asking, 'Change role'));
    await until(() => api.sent('PATCH', `/workspaces/acme/members/${OTHER_ID}`).length === 1, 'the role change');
    expect(api.sent('PATCH', `/workspaces/acme/members/${OTHER_ID}`)[0]!.body).to.deep.equal({ role: 10 });
    const adaRole = app.container.querySelector<HTMLSelectElement>('select[aria-label="Role of Ada"]')!;
    await click(button(await lower(adaRole, '15'), 'Change role'));
    await until(() => byText(document, '.app-toast', 'A workspace needs at least one admin.'), "the server's refusal");
    // From the keyboard: the toast may cover the button's place on the screen. Removing asks first.
    button(app.container, 'Remove Grace')!.focus();
    await press('Enter');
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the confirmation');
    expect(dialog.textContent).to.contain(`Remove ${isolated('Grace')} from ${isolated('Acme')}?`);
    expect(api.sent('DELETE', `/workspaces/acme/members/${OTHER_ID}`), 'nothing removed before confirming').to.have.length(0);
    await click(button(dialog, 'Remove'));
    await until(() => api.sent('DELETE', `/workspaces/acme/members/${OTHER_ID}`).length === 1, 'the removal');
    await until(() => byText(document, '.app-toast', 'Member removed.'), 'the toast');
    await until(() => document.activeElement === app.container.querySelector('table[aria-label="Members"]'), 'focus on the members');
  });

  it('lets anyone leave the workspace after confirming; the last admin is told why not', async () => {
    const { api, scene } = seededApi((s) => (s.workspace = workspace(15)));
    let refuse = true;
    api.on('DELETE', '/workspaces/:slug/members/:userId', () => (refuse ? reply(409, { error: 'A workspace needs at least one admin.' }) : undefined));
    const app = renderApp(paths.settings('acme', 'members'), { api });
    await click(await until(() => button(app.container, 'Leave'), 'the leave button'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the confirmation');
    expect(dialog.textContent).to.contain(`Leave ${isolated('Acme')}?`);
    await click(button(dialog, 'Leave'));
    await until(() => byText(dialog, '[role="alert"]', 'A workspace needs at least one admin.'), 'the refusal in the dialog');
    expect(api.sent('DELETE', `/workspaces/acme/members/${USER_ID}`)).to.have.length(1);
    refuse = false;
    scene.workspace = { ...scene.workspace, slug: 'elsewhere' };
    await click(button(dialog, 'Leave'));
    await until(() => byText(document, '.app-toast', `You left ${isolated('Acme')}.`), 'the toast');
    await until(() => !app.location().startsWith('/acme'), 'away from the workspace', { saw: app.location });
  });

  it('adds a member by e-mail', async () => {
    const { api } = seededApi();
    api.on('POST', '/workspaces/:slug/members', () => reply(201, members[1]));
    const app = renderApp(paths.settings('acme', 'members'), { api });
    await typeInto(await until(() => field(app.container, 'Email'), 'the e-mail field'), 'grace@example.test');
    await click(button(app.container, 'Add member'));
    await until(() => byText(document, '.app-toast', 'Member added.'), 'the toast');
    expect(api.sent('POST', '/workspaces/acme/members')[0]!.body).to.deep.equal({ email: 'grace@example.test', role: 15 });
  });

  it('shows a member the members without the admin controls', async () => {
    const { api } = seededApi((scene) => (scene.workspace = workspace(15)));
    const app = renderApp(paths.settings('acme', 'members'), { api });
    await until(() => app.container.querySelectorAll('tbody tr').length === 2, 'the members');
    expect(app.container.querySelector('select')).to.equal(null);
    expect(button(app.container, 'Add member')).to.equal(null);
  });

  it('exports chosen projects, shows progress while the job runs, then the download; with the imports empty state', async () => {
    const { api } = seededApi();
    const job = { id: 'j1', provider: 'json', status: 'processing', progress: 40, project_ids: [], error: null, created_at: new Date().toISOString(), completed_at: null };
    const jobs: Array<typeof job> = [];
    api
      .on('GET', '/workspaces/:slug/exports', () => {
        const answer = jobs.map((j) => ({ ...j }));
        // The job finishes after it has been seen running once.
        if (jobs[0]?.status === 'processing') Object.assign(jobs[0], { status: 'completed', progress: 100 });
        return answer;
      })
      .on('POST', '/workspaces/:slug/exports', () => {
        jobs.push({ ...job });
        return reply(201, job);
      });
    const app = renderApp(paths.settings('acme', 'exports'), { api });
    await until(() => app.container.querySelector('[data-empty-state="settings-export"]'), 'the export empty state');
    expect(app.container.querySelector('[data-empty-state="settings-import"]')).to.not.equal(null);
    await expectAccessible(app.container);
    const format = field<HTMLSelectElement>(app.container, 'Format');
    format.value = 'json';
    format.dispatchEvent(new Event('change', { bubbles: true }));
    await click(field(app.container, 'Website'));
    await click(button(app.container, 'Export issues'));
    await until(() => app.container.querySelector('progress'), 'the progress');
    const link = await until(() => byText(app.container, 'a', 'Download'), 'the download link', 8000);
    expect(link.getAttribute('href')).to.equal('/api/workspaces/acme/exports/j1/download');
    expect(api.sent('POST', '/workspaces/acme/exports')[0]!.body).to.deep.equal({ provider: 'json', project_ids: ['44444444-4444-4444-8444-444444444444'] });
  });
});
