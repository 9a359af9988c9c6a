import { expect } from '@open-wc/testing';
import { SignInScreen } from '../../../src/app/screens/sign-in-screen.js';
import { RESET_LINK_INCOMPLETE } from '../../../src/app/screens/password-reset-screens.js';
import { SignUpScreen } from '../../../src/app/screens/sign-up-screen.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { user } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { button, cleanup, FakeApi, field, renderApp, renderScreen, reply, until } from './render.js';

// A sign-up answer's message: the server sends the same one for a new and a known email.
const SIGN_UP_MESSAGE = 'If you are not signed in now, check your inbox.';

/** The link whose text is `name`. */
const link = (root: HTMLElement, name: string) => [...root.querySelectorAll<HTMLElement>('a')].find((element) => element.textContent?.trim() === name) ?? null;

const alerts = (root: HTMLElement) => [...root.querySelectorAll('[role="alert"]')].map((node) => node.textContent);

describe('sign-in screen', () => {
  afterEach(cleanup);

  it('signs in with email and password, then goes where the user was headed', async () => {
    const api = new FakeApi().on('POST', '/auth/sign-in', () => user);
    const app = renderScreen('/accounts/sign-in', <SignInScreen />, '/accounts/sign-in?next=%2Facme%2Fprojects', { api, user: null });
    expect(app.container.querySelector('h1')!.textContent).to.equal('Sign in');
    await expectAccessible(app.container);
    await typeInto(field(app.container, 'Email'), ' ada@example.test ');
    await typeInto(field(app.container, 'Password'), 'correct horse');
    await press('Enter');
    await until(() => app.location() === '/acme/projects', 'the page the user was headed to');
    expect(api.sent('POST', '/auth/sign-in')[0]!.body).to.deep.equal({ email: 'ada@example.test', password: 'correct horse' });
  });

  it("shows the server's refusal in the form and keeps what was typed", async () => {
    const api = new FakeApi().on('POST', '/auth/sign-in', () => reply(401, { error: 'Invalid email or password.' }));
    const app = renderScreen('/accounts/sign-in', <SignInScreen />, '/accounts/sign-in', { api, user: null });
    await typeInto(field(app.container, 'Email'), 'ada@example.test');
    await typeInto(field(app.container, 'Password'), 'wrong');
    await click(button(app.container, 'Sign in'));
    await until(() => alerts(app.container).includes('Invalid email or password.'), 'the refusal');
    expect(field(app.container, 'Email').value).to.equal('ada@example.test');
    expect(app.location()).to.equal('/accounts/sign-in');
    await expectAccessible(app.container);
  });

  it('asks for both fields before sending anything, and links each error to its field', async () => {
    const api = new FakeApi();
    const app = renderScreen('/accounts/sign-in', <SignInScreen />, '/accounts/sign-in', { api, user: null });
    await click(button(app.container, 'Sign in'));
    await until(() => alerts(app.container).length === 2, 'two field errors');
    expect(alerts(app.container)).to.deep.equal(['Email is required.', 'Password is required.']);
    const email = field(app.container, 'Email');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).to.equal('Email is required.');
    expect(api.requests).to.have.length(0);
  });

  it('ignores a next address on another site', async () => {
    const api = new FakeApi().on('POST', '/auth/sign-in', () => user);
    const app = renderScreen('/accounts/sign-in', <SignInScreen />, '/accounts/sign-in?next=%2F%2Fevil.test', { api, user: null });
    await typeInto(field(app.container, 'Email'), 'ada@example.test');
    await typeInto(field(app.container, 'Password'), 'pw');
    await press('Enter');
    await until(() => app.location() === '/', 'the home address');
  });
});

describe('sign-up screen', () => {
  afterEach(cleanup);

  it('creates the account and goes to onboarding once the browser is signed in', async () => {
    const api = new FakeApi().on('POST', '/auth/sign-up', () => reply(201, { message: SIGN_UP_MESSAGE })).on('GET', '/auth/session', () => ({ user }));
    const app = renderScreen('/accounts/sign-up', <SignUpScreen />, '/accounts/sign-up', { api, user: null });
    expect(app.container.querySelector('h1')!.textContent).to.equal('Create your account');
    await expectAccessible(app.container);
    await typeInto(field(app.container, 'Email'), 'ada@example.test');
    await typeInto(field(app.container, 'Password'), 'long enough');
    await click(button(app.container, 'Create account'));
    await until(() => app.location() === '/onboarding', 'onboarding');
    expect(api.sent('POST', '/auth/sign-up')[0]!.body).to.deep.equal({ email: 'ada@example.test', password: 'long enough' });
  });

  it('refuses a short password before asking the server', async () => {
    const api = new FakeApi();
    const app = renderScreen('/accounts/sign-up', <SignUpScreen />, '/accounts/sign-up', { api, user: null });
    await typeInto(field(app.container, 'Email'), 'ada@example.test');
    await typeInto(field(app.container, 'Password'), 'short');
    await press('Enter');
    await until(() => alerts(app.container).includes('Password must have at least 8 characters.'), 'the password error');
    expect(api.requests).to.have.length(0);
  });

  it("stays on the form with the server's message when the email already had an account (no session)", async () => {
    const api = new FakeApi()
      .on('POST', '/auth/sign-up', () => reply(201, { message: SIGN_UP_MESSAGE }))
      .on('GET', '/auth/session', () => ({ user: null }));
    const app = renderScreen('/accounts/sign-up', <SignUpScreen />, '/accounts/sign-up', { api, user: null });
    await typeInto(field(app.container, 'Email'), 'ada@example.test');
    await typeInto(field(app.container, 'Password'), 'long enough');
    await press('Enter');
    await until(() => app.container.querySelector('[role="status"]')?.textContent === SIGN_UP_MESSAGE, 'the message');
    expect(app.location()).to.equal('/accounts/sign-up');
    expect(alerts(app.container)).to.deep.equal([]);
    await expectAccessible(app.container);
  });

  it("shows the server's refusal (a common password) inline", async () => {
    const api = new FakeApi().on('POST', '/auth/sign-up', () => reply(400, { error: 'Password is too common. Choose one that is harder to guess.' }));
    const app = renderScreen('/accounts/sign-up', <SignUpScreen />, '/accounts/sign-up', { api, user: null });
    await typeInto(field(app.container, 'Email'), 'ada@example.test');
    await typeInto(field(app.container, 'Password'), 'password1');
    await press('Enter');
    await until(() => alerts(app.container).includes('Password is too common. Choose one that is harder to guess.'), 'the refusal');
    expect(api.sent('GET', '/auth/session')).to.have.length(0);
    await expectAccessible(app.container);
  });
});

describe('forgotten password', () => {
  afterEach(cleanup);
  const SENT = 'If this email has an account, we have sent it a link to choose a new password. The link works for one hour.';

  it('goes from sign-in to asking for a link with the email typed, and shows the answer above the form', async () => {
    const api = new FakeApi().on('POST', '/auth/password-reset', () => reply(202, { message: SENT }));
    const app = renderApp('/accounts/sign-in', { api, user: null });
    await until(() => app.container.querySelector('h1')?.textContent === 'Sign in', 'sign-in');
    await typeInto(field(app.container, 'Email'), 'ada@example.test');
    await click(link(app.container, 'Forgot your password?'));
    await until(() => app.container.querySelector('h1')?.textContent === 'Forgot your password?', 'the forgotten password page');
    expect(app.location()).to.equal('/accounts/forgot-password?email=ada%40example.test');
    expect(field(app.container, 'Email').value).to.equal('ada@example.test');
    await expectAccessible(app.container);
    await click(button(app.container, 'Send link'));
    const status = await until(() => app.container.querySelector('[role="status"]'), 'the answer');
    expect(status.textContent).to.equal(SENT);
    expect(api.sent('POST', '/auth/password-reset').map((request) => request.body)).to.deep.equal([{ email: 'ada@example.test' }]);
    expect(button(app.container, 'Send another link')).to.exist;
    await expectAccessible(app.container);
  });

  it('checks the email before asking, and shows a refusal (too many asks) in the form', async () => {
    const api = new FakeApi().on('POST', '/auth/password-reset', () => reply(429, { error: 'Too many password reset attempts. Please try again in 42 minutes.' }));
    const app = renderApp('/accounts/forgot-password', { api, user: null });
    const send = await until(() => app.container.querySelector('button[type="submit"]'), 'the form');
    await click(send as HTMLElement);
    await until(() => alerts(app.container).includes('Email is required.'), 'the field error');
    expect(api.requests.filter((request) => request.path.includes('password-reset'))).to.have.length(0);
    await typeInto(field(app.container, 'Email'), 'ada@example.test');
    await press('Enter');
    await until(() => alerts(app.container).includes('Too many password reset attempts. Please try again in 42 minutes.'), 'the refusal');
  });

  it("sets a new password with the link's token and signs in; a used link's refusal shows with a way to a new one", async () => {
    let used = false;
    const api = new FakeApi()
      .on('POST', '/auth/password-reset/confirm', () => (used ? reply(400, { error: 'This link to choose a new password has expired or was already used. Ask for a new one.' }) : ((used = true), user)))
      .on('GET', '/auth/session', () => ({ user }))
      .on('GET', '/workspaces', () => []);
    const app = renderApp('/accounts/reset-password#token=abc_DEF-123', { api, user: null });
    await until(() => app.container.querySelector('h1')?.textContent === 'Choose a new password', 'the page');
    await expectAccessible(app.container);
    await typeInto(field(app.container, 'New password'), 'short');
    await press('Enter');
    await until(() => alerts(app.container).includes('Password must have at least 8 characters.'), 'the rule');
    await typeInto(field(app.container, 'New password'), ' and long');
    await press('Enter');
    await until(() => !app.location().startsWith('/accounts/'), 'signed in and away', { saw: app.location });
    expect(api.sent('POST', '/auth/password-reset/confirm')[0]!.body).to.deep.equal({ token: 'abc_DEF-123', password: 'short and long' });

    const again = renderApp('/accounts/reset-password#token=abc_DEF-123', { api, user: null });
    await until(() => again.container.querySelector('h1')?.textContent === 'Choose a new password', 'the page again');
    await typeInto(field(again.container, 'New password'), 'another long one');
    await press('Enter');
    await until(() => alerts(again.container).includes('This link to choose a new password has expired or was already used. Ask for a new one.'), 'the refusal');
    await click(link(again.container, 'Ask for a new link'));
    await until(() => again.location() === '/accounts/forgot-password', 'asking again');
  });

  it('says so when the link has no token, with a way to a new one', async () => {
    const app = renderApp('/accounts/reset-password', { api: new FakeApi(), user: null });
    await until(() => alerts(app.container).includes(RESET_LINK_INCOMPLETE), 'the notice');
    expect(app.container.querySelector('input')).to.equal(null);
    expect(link(app.container, 'Ask for a new link')).to.exist;
  });
});
