// Invitations: an admin who adds an email without an account sends it an invitation, sees it
// among the pending ones, sends it again or revokes it; the mailed link's page lets its reader
// join by making the invited email's account, by signing in to it, or with the account they are
// signed in to.
import { expect } from '@open-wc/testing';
import { INVITATION_LINK_INVALID, NO_ACCOUNT_FOR_EMAIL } from '../../../src/api-shapes/invitation-link.js';
import type { Invitation, InvitationPreview } from '../../../src/api-shapes/workspace-invitation.js';
import { commentDraftKey } from '../../../src/app/editor/text-drafts.js';
import { paths } from '../../../src/app/router/paths.js';
import { INVITATION_LINK_INCOMPLETE } from '../../../src/app/screens/invitation-screen.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { user } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

const alerts = (root: ParentNode) => [...root.querySelectorAll('[role="alert"]')].map((node) => node.textContent?.trim());

const preview = (fields: Partial<InvitationPreview> = {}): InvitationPreview => ({
  workspace_name: 'Acme',
  workspace_slug: 'acme',
  email: 'newcomer@example.test',
  role: 15,
  invited_by: 'Ada',
  expires_at: '2026-12-10T08:00:00.000Z',
  has_account: false,
  signed_in_as: null,
  ...fields,
});

describe('inviting people without an account', () => {
  afterEach(cleanup);

  it('offers an invitation for an email with no account, lists it, sends it again and revokes it', async () => {
    const { api } = seededApi();
    let invitations: Invitation[] = [];
    api
      .on('POST', '/workspaces/:slug/members', () => reply(404, { error: NO_ACCOUNT_FOR_EMAIL }))
      .on('GET', '/workspaces/:slug/invitations', () => invitations)
      .on('POST', '/workspaces/:slug/invitations', (request) => {
        const body = request.body as { email: string; role: 5 | 10 | 15 | 20 };
        const invitation = { id: 'i1', ...body, invited_by: 'Ada', created_at: '2026-12-03T08:00:00.000Z', expires_at: '2026-12-10T08:00:00.000Z' };
        invitations = [invitation];
        return reply(201, invitation);
      })
      .on('DELETE', '/workspaces/:slug/invitations/:id', () => {
        invitations = [];
      });
    const app = renderApp(paths.settings('acme', 'members'), { api });
    await until(() => app.container.querySelectorAll('tbody tr').length === 2, 'the members');
    expect(byText(app.container, 'h3', 'Pending invitations'), 'no section while there are none').to.equal(null);
    await typeInto(field(app.container, 'Email'), 'newcomer@example.test');
    const role = field<HTMLSelectElement>(app.container, 'Role');
    role.value = '10';
    role.dispatchEvent(new Event('change', { bubbles: true }));
    await press('Enter');
    const offer = await until(() => byText(app.container, '.app-members-invite', 'No account uses newcomer@example.test.'), 'the offer to invite');
    expect(offer.textContent).to.contain('join as Viewer within 7 days');
    await expectAccessible(app.container);
    await click(button(offer, 'Send invitation'));
    const toast = await until(() => byText(document, '.app-toast', 'Invitation sent to newcomer@example.test.'), 'the toast');
    // Closed, as a user would, where it covers the row's buttons.
    await click(button(toast, 'Close'));
    await until(() => !toast.isConnected, 'the toast closed');
    expect(api.sent('POST', '/workspaces/:slug/invitations')[0]!.body).to.deep.equal({ email: 'newcomer@example.test', role: 10 });
    expect(field(app.container, 'Email').value, 'the form is emptied').to.equal('');
    expect(app.container.querySelector('.app-members-invite')).to.equal(null);
    expect(alerts(app.container), "the add's refusal is gone with the offer").to.not.include(NO_ACCOUNT_FOR_EMAIL);
    expect(byText(document, '.app-toast', NO_ACCOUNT_FOR_EMAIL), 'the refusal was in the form only, not a toast too').to.equal(null);

    const table = await until(() => app.container.querySelector<HTMLTableElement>('table[aria-labelledby="pending-invitations"]'), 'the pending invitations');
    await until(() => table.querySelectorAll('tbody tr').length === 1, 'the invitation listed');
    expect([...table.querySelectorAll('tbody td')].slice(0, 4).map((cell) => cell.textContent)).to.deep.equal(['newcomer@example.test', 'Viewer', 'Ada', 'Dec 10, 2026']);
    await expectAccessible(app.container);
    await click(button(table, 'Send again to newcomer@example.test'));
    await click(button(await until(() => byText(document, '.app-toast', 'Invitation sent to newcomer@example.test.'), 'the toast again'), 'Close'));
    expect(api.sent('POST', '/workspaces/:slug/invitations')[1]!.body).to.deep.equal({ email: 'newcomer@example.test', role: 10 });
    await click(button(table, 'Revoke the invitation to newcomer@example.test'));
    await until(() => byText(document, '.app-toast', 'Invitation to newcomer@example.test revoked.'), 'the revoked toast');
    await until(() => !app.container.querySelector('table[aria-labelledby="pending-invitations"]'), 'the section gone');
    expect(api.sent('DELETE', '/workspaces/:slug/invitations/:id')[0]!.path).to.contain('/invitations/i1');
  });

  it("shows another refusal of adding as it is, with no offer to invite, and an invitation's refusal in the offer", async () => {
    const { api } = seededApi();
    let answer = reply(409, { error: 'This person is already a member of the workspace.' });
    api
      .on('POST', '/workspaces/:slug/members', () => answer)
      .on('POST', '/workspaces/:slug/invitations', () => reply(429, { error: 'Too many invitation attempts. Please try again in 12 minutes.' }));
    const app = renderApp(paths.settings('acme', 'members'), { api });
    await until(() => app.container.querySelectorAll('tbody tr').length === 2, 'the members');
    await typeInto(field(app.container, 'Email'), 'grace@example.test');
    await press('Enter');
    await until(() => alerts(app.container).includes('This person is already a member of the workspace.'), 'the refusal');
    expect(button(app.container, 'Send invitation')).to.equal(null);
    answer = reply(404, { error: NO_ACCOUNT_FOR_EMAIL });
    await click(button(app.container, 'Add member'));
    const offer = await until(() => app.container.querySelector<HTMLElement>('.app-members-invite'), 'the offer');
    await click(button(offer, 'Send invitation'));
    await until(() => alerts(offer).includes('Too many invitation attempts. Please try again in 12 minutes.'), "the invitation's refusal");
    expect(field(app.container, 'Email').value, 'what was typed stays').to.equal('grace@example.test');
  });
});

describe('invitations in the dark theme', () => {
  afterEach(cleanup);

  it('the pending invitations and the invitation page are axe-clean', async () => {
    const { api } = seededApi();
    api.on('GET', '/workspaces/:slug/invitations', () => [
      { id: 'i1', email: 'newcomer@example.test', role: 15, invited_by: 'Ada', created_at: '2026-12-03T08:00:00.000Z', expires_at: '2026-12-10T08:00:00.000Z' },
    ]);
    const settings = renderApp(paths.settings('acme', 'members'), { api, themeMode: 'dark' });
    await until(() => settings.container.querySelector('table[aria-labelledby="pending-invitations"] tbody tr'), 'the pending invitation');
    await expectAccessible(settings.container);
    cleanup();
    const signedOut = seededApi((scene) => (scene.signedIn = false)).api.on('POST', '/workspace-invitations/read', () => preview());
    const page = renderApp('/workspace-invitations#token=tok_EN-1', { api: signedOut, user: null, themeMode: 'dark' });
    await until(() => page.container.querySelector('form[aria-label="Create your account"]'), 'the sign-up form');
    await expectAccessible(page.container);
  });
});

describe('the invitation page', () => {
  afterEach(cleanup);

  it("makes the invited email's account and opens the workspace", async () => {
    const { api, scene } = seededApi((scene) => (scene.signedIn = false));
    api.on('POST', '/workspace-invitations/read', () => preview()).on('POST', '/workspace-invitations/sign-up', () => {
      scene.signedIn = true;
      return reply(201, { user, workspace_slug: 'acme' });
    });
    const app = renderApp('/workspace-invitations#token=tok_EN-1', { api, user: null });
    await until(() => app.container.querySelector('h1')?.textContent === 'Join Acme', 'the invitation');
    expect(app.container.querySelector('main p')!.textContent).to.equal('Ada invited newcomer@example.test to join Acme as Member.');
    expect(field(app.container, 'Email').value).to.equal('newcomer@example.test');
    expect(field(app.container, 'Email').readOnly).to.equal(true);
    expect(byText(app.container, 'p', 'To join with an account of another email, sign in to it, then open the link again.')).to.exist;
    expect(api.sent('GET', '/auth/session'), 'the reader known signed out').to.have.length(0);
    await expectAccessible(app.container);
    await typeInto(field(app.container, 'Name'), 'Newcomer');
    await typeInto(field(app.container, 'Password'), 'short');
    await press('Enter');
    await until(() => alerts(app.container).includes('Password must have at least 8 characters.'), 'the rule');
    await typeInto(field(app.container, 'Password'), ' and long');
    await press('Enter');
    await until(() => app.location() === '/acme', 'the workspace', { saw: app.location });
    expect(api.sent('POST', '/workspace-invitations/read')[0]!.body).to.deep.equal({ token: 'tok_EN-1' });
    expect(api.sent('POST', '/workspace-invitations/sign-up')[0]!.body).to.deep.equal({ token: 'tok_EN-1', password: 'short and long', display_name: 'Newcomer' });
  });

  it('reads the invitation of another link opened in the same page (only the fragment changes)', async () => {
    const { api } = seededApi((scene) => (scene.signedIn = false));
    api.on('POST', '/workspace-invitations/read', (request) =>
      (request.body as { token: string }).token === 'first' ? preview() : preview({ workspace_name: 'Globex', workspace_slug: 'globex' }),
    );
    const app = renderApp('/workspace-invitations#token=first', { api, user: null });
    await until(() => app.container.querySelector('h1')?.textContent === 'Join Acme', 'the first invitation');
    await app.router.navigate('/workspace-invitations#token=second');
    await until(() => app.container.querySelector('h1')?.textContent === 'Join Globex', 'the second invitation');
  });

  it('signs in to an email that has an account, then joins', async () => {
    const { api, scene } = seededApi((scene) => (scene.signedIn = false));
    api
      .on('POST', '/workspace-invitations/read', () => preview({ has_account: true }))
      .on('POST', '/auth/sign-in', (request) => {
        const { password } = request.body as { password: string };
        if (password !== 'correct horse') return reply(401, { error: 'Invalid email or password.' });
        scene.signedIn = true;
        return user;
      })
      .on('POST', '/workspace-invitations/accept', () => ({ workspace_slug: 'acme' }));
    const app = renderApp('/workspace-invitations#token=tok_EN-1', { api, user: null });
    const form = await until(() => app.container.querySelector<HTMLElement>('form[aria-label="Sign in and join"]'), 'the sign-in form');
    await typeInto(field(form, 'Password'), 'wrong');
    await click(button(form, 'Sign in and join'));
    await until(() => alerts(form).includes('Invalid email or password.'), 'the refusal');
    expect(api.sent('POST', '/workspace-invitations/accept')).to.have.length(0);
    field(form, 'Password').select();
    await typeInto(field(form, 'Password'), 'correct horse');
    await click(button(form, 'Sign in and join'));
    await until(() => app.location() === '/acme', 'the workspace', { saw: app.location });
    expect(api.sent('POST', '/auth/sign-in').map((request) => request.body)).to.deep.equal([
      { email: 'newcomer@example.test', password: 'wrong' },
      { email: 'newcomer@example.test', password: 'correct horse' },
    ]);
    expect(api.sent('POST', '/workspace-invitations/accept')[0]!.body).to.deep.equal({ token: 'tok_EN-1' });
  });

  it('joins with the account signed in, and shows a refusal in place', async () => {
    const { api } = seededApi();
    let accepted = 0;
    api
      .on('POST', '/workspace-invitations/read', () => preview({ has_account: true, signed_in_as: user.email }))
      .on('POST', '/workspace-invitations/accept', () => (++accepted === 1 ? reply(503, { error: 'The server is busy. Try again.' }) : { workspace_slug: 'acme' }));
    const app = renderApp('/workspace-invitations#token=tok_EN-1', { api, user });
    const join = await until(() => button(app.container, 'Join Acme'), 'the join button');
    expect(byText(app.container, 'p', `You are signed in as ${user.email}`)).to.exist;
    await expectAccessible(app.container);
    await click(join);
    await until(() => alerts(app.container).includes('The server is busy. Try again.'), 'the refusal');
    await click(button(app.container, 'Join Acme'));
    await until(() => app.location() === '/acme', 'the workspace', { saw: app.location });
  });

  it('signs out of the account signed in, here, to make the invited email\'s account instead', async () => {
    const { api } = seededApi();
    let signedOut = false;
    api
      .on('POST', '/workspace-invitations/read', () => preview({ signed_in_as: signedOut ? null : user.email }))
      .on('POST', '/auth/sign-out', () => void (signedOut = true));
    const draft = commentDraftKey(user.id, 'issue-a');
    localStorage.setItem(draft, JSON.stringify({ html: '<p>unposted</p>', at: Date.now() }));
    const app = renderApp('/workspace-invitations#token=tok_EN-1', { api, user });
    await until(() => button(app.container, 'Join Acme'), 'the join button');
    await click(button(app.container, 'Sign out'));
    await until(() => app.container.querySelector('form[aria-label="Create your account"]'), 'the sign-up form');
    expect(localStorage.getItem(draft), 'the signed-out account’s unposted comment').to.equal(null);
    expect(app.location()).to.equal('/workspace-invitations');
    expect(api.sent('POST', '/workspace-invitations/accept')).to.have.length(0);
    expect(api.sent('POST', '/workspace-invitations/read')).to.have.length(2);
  });

  it("says why a link does not work, and when it is cut short, without asking the server", async () => {
    const { api } = seededApi((scene) => (scene.signedIn = false));
    api.on('POST', '/workspace-invitations/read', () => reply(400, { error: INVITATION_LINK_INVALID }));
    const app = renderApp('/workspace-invitations#token=used', { api, user: null });
    await until(() => alerts(app.container).includes(INVITATION_LINK_INVALID), "the server's sentence");
    expect(app.container.querySelector('input')).to.equal(null);
    expect(byText(app.container, 'a', 'Sign in')).to.exist;
    await expectAccessible(app.container);
    cleanup();
    const cut = renderApp('/workspace-invitations', { api, user: null });
    await until(() => alerts(cut.container).includes(INVITATION_LINK_INCOMPLETE), 'the notice');
    expect(api.sent('POST', '/workspace-invitations/read')).to.have.length(1);
  });
});
