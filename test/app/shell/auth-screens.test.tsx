import { expect } from '@open-wc/testing';
import { SignInScreen } from '../../../src/app/screens/sign-in-screen.js';
import { SignUpScreen } from '../../../src/app/screens/sign-up-screen.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { user } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { button, cleanup, FakeApi, field, renderScreen, reply, until } from './render.js';

// A sign-up answer's message: the server sends the same one for a new and a known email.
const SIGN_UP_MESSAGE = 'If you are not signed in now, check your inbox.';

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
    const api = new FakeApi().on('POST', '/auth/sign-up', () => reply(201, { message: SIGN_UP_MESSAGE })).on('GET', '/users/me', () => user);
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
      .on('GET', '/users/me', () => reply(401, { error: 'Sign in to continue.' }));
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
    expect(api.sent('GET', '/users/me')).to.have.length(0);
    await expectAccessible(app.container);
  });
});
