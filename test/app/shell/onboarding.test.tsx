import { expect } from '@open-wc/testing';
import { CreateWorkspaceScreen, checkSlug, slugFromName } from '../../../src/app/screens/create-workspace-screen.js';
import { COMPANY_SIZES, ONBOARDING_ROLES, onboardingKey } from '../../../src/app/screens/onboarding-options.js';
import { OnboardingScreen } from '../../../src/app/screens/onboarding-screen.js';
import { RESERVED_SLUGS } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { user, workspace } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { seededApi } from './seeded-api.js';
import { button, byText, cleanup, FakeApi, field, renderApp, renderScreen, reply, until } from './render.js';

const alerts = (root: HTMLElement) => [...root.querySelectorAll('[role="alert"]')].map((node) => node.textContent);

describe('onboarding screen', () => {
  afterEach(() => {
    cleanup();
    localStorage.removeItem(onboardingKey(user.id));
  });

  it("offers the spec's company sizes and roles", async () => {
    const app = renderScreen('/onboarding', <OnboardingScreen />, '/onboarding', { user });
    const sizes = [...app.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].map((input) => input.parentElement!.textContent);
    expect(sizes).to.deep.equal(['Just myself', '2-10', '11-50', '51-200', '201-500', '500+']);
    expect(COMPANY_SIZES).to.deep.equal(sizes);
    const roles = [...field<HTMLSelectElement>(app.container, 'What is your role?').options].map((option) => option.textContent).slice(1);
    expect(roles).to.deep.equal([
      'Product / Project Manager',
      'Development / Engineering',
      'Founder / Executive',
      'Freelancer / Consultant',
      'Marketing / Growth',
      'Sales / Business Development',
      'Support / Operations',
      'Student / Professor',
      'Human Resources',
      'Other',
    ]);
    expect(ONBOARDING_ROLES).to.deep.equal(roles);
    await expectAccessible(app.container);
  });

  it('saves the name to the profile, keeps role and size, and goes on to create a workspace', async () => {
    const api = new FakeApi().on('PATCH', '/users/me', (request) => ({ ...user, ...(request.body as object) }));
    const app = renderScreen('/onboarding', <OnboardingScreen />, '/onboarding', { api, user });
    const display = field(app.container, 'Display name');
    display.select();
    await typeInto(display, 'Countess');
    const role = field<HTMLSelectElement>(app.container, 'What is your role?');
    role.focus();
    role.value = 'Founder / Executive';
    role.dispatchEvent(new Event('change', { bubbles: true }));
    await click(byText(app.container, 'label.app-option', '11-50'));
    await click(button(app.container, 'Continue'));
    await until(() => app.location() === '/create-workspace', 'the create-workspace address');
    expect(api.sent('PATCH', '/users/me')[0]!.body).to.deep.equal({ first_name: 'Ada', last_name: 'Lovelace', display_name: 'Countess' });
    expect(JSON.parse(localStorage.getItem(onboardingKey(user.id))!)).to.deep.equal({ role: 'Founder / Executive', company_size: '11-50' });
  });

  it('greets the user on the home page with the name they gave in onboarding', async () => {
    const generated = { ...user, email: 'newbie24148@example.test', display_name: 'newbie24148', first_name: '', last_name: '' };
    let me = generated;
    const { api, scene } = seededApi((scene) => {
      scene.projects = [];
    });
    api
      .on('GET', '/auth/session', () => ({ user: me }))
      .on('PATCH', '/users/me', (request) => (me = { ...me, ...(request.body as object) }))
      .on('POST', '/workspaces', (request) => {
        scene.workspace = workspace(20, request.body as object);
        return reply(201, scene.workspace);
      });
    const app = renderApp('/onboarding', { api, user: generated });
    await typeInto(await until(() => field(app.container, 'First name'), 'the onboarding form'), 'Nina');
    const role = field<HTMLSelectElement>(app.container, 'What is your role?');
    role.focus();
    role.value = 'Other';
    role.dispatchEvent(new Event('change', { bubbles: true }));
    await click(byText(app.container, 'label.app-option', 'Just myself'));
    await click(button(app.container, 'Continue'));
    await typeInto(await until(() => field(app.container, 'Workspace name'), 'the create-workspace form'), 'Nina Co');
    await press('Enter');
    await until(() => byText(app.container, 'h1', 'Welcome,'), 'the home page');
    expect(byText(app.container, 'h1', 'Welcome,')!.textContent).to.equal('Welcome, Nina');
    expect(api.sent('PATCH', '/users/me')[0]!.body).to.deep.include({ first_name: 'Nina', display_name: 'Nina' });
  });

  it('asks for a role and a company size', async () => {
    const api = new FakeApi();
    const app = renderScreen('/onboarding', <OnboardingScreen />, '/onboarding', { api, user });
    await click(button(app.container, 'Continue'));
    await until(() => alerts(app.container).length === 2, 'two errors');
    expect(alerts(app.container)).to.deep.equal(['Select your role.', 'Select your company size.']);
    expect(api.requests).to.have.length(0);
    await expectAccessible(app.container);
  });
});

describe('create workspace screen', () => {
  afterEach(cleanup);

  it('suggests the URL from the name and goes to the new workspace', async () => {
    const api = new FakeApi().on('POST', '/workspaces', (request) => reply(201, workspace(20, request.body as object)));
    const app = renderScreen('/create-workspace', <CreateWorkspaceScreen />, '/create-workspace', { api, user });
    await expectAccessible(app.container);
    await typeInto(field(app.container, 'Workspace name'), 'Café Crème Co');
    expect(field(app.container, 'Workspace URL').value).to.equal('cafe-creme-co');
    await press('Enter');
    await until(() => app.location() === '/cafe-creme-co', 'the new workspace');
    expect(api.sent('POST', '/workspaces')[0]!.body).to.deep.equal({ name: 'Café Crème Co', slug: 'cafe-creme-co' });
  });

  it("refuses the spec's reserved slugs in the form", async () => {
    for (const slug of RESERVED_SLUGS) expect(checkSlug(slug)).to.equal('This workspace URL is reserved.');
    expect(checkSlug('Onboarding')).to.equal('This workspace URL is reserved.');
    expect(checkSlug('-x')).to.match(/must start with a letter or number/);
    expect(checkSlug('acme')).to.equal(true);
    expect(slugFromName('  Hello,   World!  ')).to.equal('hello-world');

    const api = new FakeApi();
    const app = renderScreen('/create-workspace', <CreateWorkspaceScreen />, '/create-workspace', { api, user });
    await typeInto(field(app.container, 'Workspace name'), 'Onboarding');
    await press('Enter');
    await until(() => alerts(app.container).includes('This workspace URL is reserved.'), 'the reserved-slug error');
    expect(api.requests).to.have.length(0);
    await expectAccessible(app.container);
  });

  it("shows the server's refusal too", async () => {
    const api = new FakeApi().on('POST', '/workspaces', () => reply(409, { error: 'This workspace URL is already taken.' }));
    const app = renderScreen('/create-workspace', <CreateWorkspaceScreen />, '/create-workspace', { api, user });
    await typeInto(field(app.container, 'Workspace name'), 'Acme');
    await click(button(app.container, 'Create workspace'));
    await until(() => alerts(app.container).includes('This workspace URL is already taken.'), 'the refusal');
    expect(app.location()).to.equal('/create-workspace');
  });

  it('keeps a URL the user typed when the name changes', async () => {
    const app = renderScreen('/create-workspace', <CreateWorkspaceScreen />, '/create-workspace', { user });
    await typeInto(field(app.container, 'Workspace URL'), 'mine');
    await typeInto(field(app.container, 'Workspace name'), 'Other');
    expect(field(app.container, 'Workspace URL').value).to.equal('mine');
  });
});
