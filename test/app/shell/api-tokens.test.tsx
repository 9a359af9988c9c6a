import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { DEFAULT_API_TOKEN_ACCESS, type ApiTokenAccess } from '../../../src/api-shapes/api-token-access.js';
import type { ApiToken, CreatedApiToken, MemberApiToken } from '../../../src/app/api/types.js';
import { EMPTY_STATES } from '../../../src/app/empty-states/index.js';
import { paths } from '../../../src/app/router/paths.js';
import { CREATE_TOKEN_WORDS } from '../../../src/app/screens/api-tokens/create-api-token-dialog.js';
import { ACCESS_CHOICES, ACCESS_IS_FIXED, accessText, DEFAULT_ACCESS } from '../../../src/app/screens/api-tokens/token-access.js';
import { EXPIRY_DAY_PROBLEM, expiryDayHint, expiryDayTooLate, firstExpiryDay, lastExpiryDay } from '../../../src/app/screens/api-tokens/token-expiry.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import type { FakeApi } from './fake-api.js';
import { click, press, typeDate, typeInto } from './input.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { isolated } from '../../../src/app/ui/bidi.js';

const TOKENS = '/workspaces/:slug/api-tokens';
const TOKEN = '/workspaces/:slug/api-tokens/:tokenId';
const MEMBER_TOKENS = '/workspaces/:slug/api-tokens/members';
const SECRET = 're_pat_Abcd1234efgh5678ijkl9012mnop3456qrst7890uvw';
const dialog = () => document.querySelector<HTMLElement>('.app-dialog[role="dialog"]');
const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-token-row')];
const EMPTY = EMPTY_STATES['settings-api-tokens'];

function token(n: number, fields: Partial<ApiToken> = {}): ApiToken {
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-00000000000${n}`,
    label: `Token ${n}`,
    access: 'write',
    token_prefix: `re_pat_T0k${n}`,
    expires_at: null,
    last_used_at: null,
    created_at: '2025-01-05T09:00:00.000Z',
    ...fields,
  };
}

/** Another member's token, as an admin lists it. */
function memberToken(n: number, owner: string, fields: Partial<ApiToken> = {}): MemberApiToken {
  return { ...token(n, { id: `bbbbbbbb-bbbb-4bbb-8bbb-00000000000${n}`, ...fields }), owner: { id: `user-${owner}`, display_name: owner, first_name: owner, is_bot: false, avatar: null } };
}

/** The seeded workspace (an admin in "acme") with a token store behind the token routes, as the server keeps them (the admin's own, and other members'). */
function tokensApi(kept: ApiToken[] = [], othersKept: MemberApiToken[] = []): { api: FakeApi; tokens: ApiToken[] } {
  const { api } = seededApi();
  const tokens = [...kept];
  const others = [...othersKept];
  api
    .on('GET', TOKENS, () => tokens)
    .on('GET', MEMBER_TOKENS, () => others)
    .on('POST', TOKENS, (request) => {
      const body = request.body as { label: string; expires_at?: string; access?: ApiTokenAccess };
      const fields = { label: body.label, access: body.access ?? DEFAULT_API_TOKEN_ACCESS, expires_at: body.expires_at ?? null, token_prefix: SECRET.slice(0, 11) };
      const made: CreatedApiToken = { ...token(9 - tokens.length, fields), token: SECRET };
      const { token: _secret, ...listed } = made;
      tokens.unshift(listed);
      return reply(201, made);
    })
    .on('DELETE', TOKEN, (request) => {
      const list = [tokens, others].find((candidates: ApiToken[]) => candidates.some((candidate) => candidate.id === request.params.tokenId));
      if (!list) return reply(404, { error: 'API token not found.' });
      list.splice(list.findIndex((candidate) => candidate.id === request.params.tokenId), 1);
      return undefined;
    });
  return { api, tokens };
}

describe('settings: API tokens', () => {
  afterEach(cleanup);

  it('creates a token from the empty state, shows it once with Copy, lists it, and revokes it after asking', async () => {
    const { api } = tokensApi();
    const written: string[] = [];
    const original = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator.clipboard), 'writeText')!;
    Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async (text: string) => void written.push(text) });
    try {
      const app = renderApp(paths.settings('acme', 'api-tokens'), { api });
      await click(await until(() => button(app.container, EMPTY.actions[0]!.label), 'the empty state’s button'));
      await until(() => dialog()?.querySelector('form'), 'the create dialog');
      await expectAccessible(dialog()!);
      await typeInto(field(dialog()!, 'Label'), 'Deploy bot');
      await click(field(dialog()!, '7 days'));
      const before = Date.now();
      await click(button(dialog()!, 'Create token'));

      const shown = await until(() => field(dialog()!, 'Your new API token'), 'the token, shown');
      expect(shown.value).to.equal(SECRET);
      expect(document.activeElement).to.equal(shown);
      expect(byText(dialog()!, '[role="alert"]', CREATE_TOKEN_WORDS.warning)).to.not.equal(null);
      const sent = api.sent('POST', TOKENS)[0]!.body as { label: string; access: string; expires_at: string };
      expect(sent.label).to.equal('Deploy bot');
      expect(sent.access, 'the dialog always says the access it picked').to.equal(DEFAULT_ACCESS);
      const week = Date.parse(sent.expires_at) - before;
      expect(week).to.be.within(7 * 86_400_000 - 60_000, 7 * 86_400_000 + 60_000);
      await expectAccessible(dialog()!);
      await click(button(dialog()!, 'Copy'));
      await until(() => byText(dialog()!, '[role="status"]', CREATE_TOKEN_WORDS.copied), 'the copy confirmed');
      expect(written).to.deep.equal([SECRET]);
      await click(button(dialog()!, 'Done'));
      await until(() => !dialog(), 'the dialog closed');

      const [row] = await until(() => (rows(app.container).length === 1 ? rows(app.container) : null), 'the listed token');
      expect(row!.querySelector('.app-token-label')!.textContent).to.equal('Deploy bot');
      expect(row!.querySelector('.app-token-prefix')!.textContent).to.equal('re_pat_Abcd…');
      expect([...row!.querySelectorAll('dt')].map((dt) => dt.textContent)).to.deep.equal(['Access', 'Created', 'Expires', 'Last used']);
      expect(row!.querySelectorAll('dd')[0]!.textContent).to.equal(accessText(DEFAULT_ACCESS));
      expect(row!.querySelectorAll('dd')[3]!.textContent).to.equal('Never');
      expect(document.body.innerHTML).to.not.contain(SECRET.slice(11), 'the secret is gone from the page');
      await expectAccessible(app.container);

      await click(button(app.container, 'Revoke Deploy bot'));
      const confirm = await until(() => dialog(), 'the confirmation');
      expect(confirm.textContent).to.contain('Programs using Deploy bot will be refused from now on.');
      await click(button(confirm, 'Revoke'));
      await until(() => byText(app.container, 'h2, h3', EMPTY.title), 'the empty state again');
      expect(api.sent('DELETE', TOKEN)[0]!.params.tokenId).to.equal('aaaaaaaa-aaaa-4aaa-8aaa-000000000009');
      await until(() => byText(document, '.app-toast', `API token ${isolated('Deploy bot')} revoked.`), 'the toast');
      await until(() => document.activeElement === button(app.container, EMPTY.actions[0]!.label), 'focus on the empty state’s button');
    } finally {
      Object.defineProperty(navigator.clipboard, 'writeText', original);
      delete (navigator.clipboard as unknown as Record<string, unknown>).writeText;
    }
  });

  it('works from the keyboard: opens, picks an expiry with the arrows, is told what is missing, and closes with Escape', async () => {
    const { api } = tokensApi([token(1)]);
    const app = renderApp(paths.settings('acme', 'api-tokens'), { api });
    button(await until(() => (rows(app.container).length ? app.container : null), 'the list'), 'Create token')!.focus();
    await press('Enter');
    const label = await until(() => (dialog() ? field(dialog()!, 'Label') : null), 'the form');
    await until(() => document.activeElement === label, 'focus in the label');
    await press('Enter');
    await until(() => byText(dialog()!, '.app-field-error', CREATE_TOKEN_WORDS.labelRequired), 'the missing label');
    expect(document.activeElement).to.equal(label);
    await typeInto(label, 'Nightly export');
    field(dialog()!, '90 days').focus();
    await press('ArrowDown');
    await press('ArrowDown');
    expect(field(dialog()!, 'On a date').checked).to.equal(true);
    const day = await until(() => field(dialog()!, 'Expiry date'), 'the date field');
    button(dialog()!, 'Create token')!.focus();
    await press('Enter');
    await until(() => byText(dialog()!, '.app-field-error', EXPIRY_DAY_PROBLEM), 'the missing day');
    expect(document.activeElement).to.equal(day);
    expect(api.sent('POST', TOKENS)).to.have.length(0);
    await press('Escape');
    await until(() => !dialog(), 'the dialog closed');
    await until(() => document.activeElement === button(app.container, 'Create token'), 'focus back on Create token');
  });

  it('picks the access with the keyboard, says what each allows, and lists every token’s access, in both themes', async () => {
    for (const themeMode of ['light', 'dark'] as const) {
      const { api } = tokensApi([], [memberToken(1, 'Grace', { label: 'Dashboard', access: 'read' })]);
      const app = renderApp(paths.settings('acme', 'api-tokens'), { api, themeMode });
      const section = await until(() => app.container.querySelector<HTMLElement>('section[aria-labelledby="member-api-tokens"]'), 'the members’ tokens');
      expect(rows(section)[0]!.querySelector('dd')!.textContent).to.equal(accessText('read'));
      button(app.container, EMPTY.actions[0]!.label)!.focus();
      await press('Enter');
      const label = await until(() => (dialog() ? field(dialog()!, 'Label') : null), 'the form');
      await until(() => document.activeElement === label, 'focus in the label');
      await typeInto(label, 'Sync bot');

      await press('Tab');
      const [readOnly, readWrite] = ACCESS_CHOICES.map((choice) => field(dialog()!, choice.label));
      expect(document.activeElement, 'Tab reaches the access, on the level chosen').to.equal(readOnly);
      expect([readOnly!.checked, readWrite!.checked]).to.deep.equal([true, false]);
      const said = (element: Element) => element.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent);
      expect(ACCESS_CHOICES.map((choice) => said(field(dialog()!, choice.label)))).to.deep.equal(ACCESS_CHOICES.map((choice) => [choice.description]));
      expect(said(readOnly!.closest('fieldset')!)).to.deep.equal([ACCESS_IS_FIXED]);
      await expectAccessible(dialog()!);
      await press('ArrowDown');
      expect([readOnly!.checked, readWrite!.checked, document.activeElement === readWrite]).to.deep.equal([false, true, true]);

      button(dialog()!, 'Create token')!.focus();
      await press('Enter');
      await until(() => field(dialog()!, 'Your new API token'), 'the token, shown');
      expect((api.sent('POST', TOKENS)[0]!.body as { access: string }).access).to.equal('write');
      await click(button(dialog()!, 'Done'));
      await until(() => !dialog(), 'the dialog closed');
      const mine = await until(() => rows(app.container).find((row) => row.querySelector('.app-token-label')!.textContent === 'Sync bot'), 'the new token listed');
      expect(mine.querySelector('dt')!.textContent).to.equal('Access');
      expect(mine.querySelector('dd')!.textContent).to.equal(accessText('write'));
      await expectAccessible(app.container);
      cleanup();
    }
  });

  it('sends the end of a chosen day, and shows the server’s refusal in the dialog', async () => {
    const { api } = tokensApi([token(1)]);
    api.on('POST', TOKENS, () => reply(400, { error: 'Expires at must be in the future.' }));
    const app = renderApp(paths.settings('acme', 'api-tokens'), { api });
    await click(await until(() => button(app.container, 'Create token'), 'the button'));
    await typeInto(await until(() => (dialog() ? field(dialog()!, 'Label') : null), 'the form'), 'Backup');
    await click(field(dialog()!, 'On a date'));
    const day = await until(() => field(dialog()!, 'Expiry date'), 'the date field');
    const next = new Date();
    next.setDate(next.getDate() + 3);
    const pad = (n: number) => String(n).padStart(2, '0');
    await typeDate(day, `${pad(next.getMonth() + 1)}/${pad(next.getDate())}/${next.getFullYear()}`);
    await click(button(dialog()!, 'Create token'));
    await until(() => byText(dialog()!, '.app-form-error', 'Expires at must be in the future.'), 'the refusal');
    const sent = api.sent('POST', TOKENS)[0]!.body as { expires_at: string };
    expect(sent.expires_at).to.equal(new Date(next.getFullYear(), next.getMonth(), next.getDate() + 1).toISOString());
    expect(button(dialog()!, 'Create token')!.disabled).to.equal(false);
  });

  it('offers days up to a year ahead, says so of a later one (12/31/9999) without sending it, and takes the last day', async () => {
    const { api } = tokensApi([token(1)]);
    const app = renderApp(paths.settings('acme', 'api-tokens'), { api });
    await click(await until(() => button(app.container, 'Create token'), 'the button'));
    await typeInto(await until(() => (dialog() ? field(dialog()!, 'Label') : null), 'the form'), 'Backup');
    await click(field(dialog()!, 'On a date'));
    const day = await until(() => field(dialog()!, 'Expiry date'), 'the date field');
    const now = new Date();
    const last = lastExpiryDay(now);
    expect([day.min, day.max]).to.deep.equal([firstExpiryDay(now), last]);
    expect(document.getElementById(`${day.id}-hint`)?.textContent).to.equal(expiryDayHint(last));
    await typeDate(day, '12/31/9999');
    await click(button(dialog()!, 'Create token'));
    await until(() => byText(dialog()!, '.app-field-error', expiryDayTooLate(last)), 'the day refused');
    expect(document.activeElement).to.equal(day);
    expect(day.getAttribute('aria-invalid')).to.equal('true');
    expect(api.sent('POST', TOKENS)).to.have.length(0);
    const [year, month, date] = last.split('-');
    await typeDate(day, `${month}/${date}/${year}`);
    await click(button(dialog()!, 'Create token'));
    await until(() => api.sent('POST', TOKENS).length === 1, 'the token made');
    expect((api.sent('POST', TOKENS)[0]!.body as { expires_at: string }).expires_at).to.equal(new Date(Number(year), Number(month) - 1, Number(date) + 1).toISOString());
  });

  it('lists the other members’ tokens with their owners, under the empty state too, and revokes one after asking', async () => {
    const { api } = tokensApi([], [memberToken(1, 'Grace', { label: 'Nightly sync' }), memberToken(2, 'Linus', { label: 'Deploys' })]);
    const app = renderApp(paths.settings('acme', 'api-tokens'), { api });
    const section = await until(() => app.container.querySelector<HTMLElement>('section[aria-labelledby="member-api-tokens"]'), 'the members’ tokens');
    expect(app.container.querySelector('[data-empty-state="settings-api-tokens"]'), 'the admin’s own empty state').to.not.equal(null);
    expect(rows(section).map((row) => row.querySelector('.app-token-owner')!.textContent)).to.deep.equal(['Grace', 'Linus']);
    await click(button(section, 'Revoke Nightly sync of Grace'));
    const confirm = await until(dialog, 'the confirmation');
    expect(confirm.textContent).to.contain('Programs using Nightly sync (Grace’s token) will be refused from now on.');
    await click(button(confirm, 'Revoke'));
    await until(() => rows(section).length === 1, 'the token gone');
    expect(api.sent('DELETE', TOKEN)[0]!.params.tokenId).to.equal('bbbbbbbb-bbbb-4bbb-8bbb-000000000001');
    await until(() => byText(document, '.app-toast', `API token ${isolated('Nightly sync')} revoked.`), 'the toast');
    await expectAccessible(app.container);
  });

  it('shows expiry and last use, marks an expired token, and stays usable and axe-clean at phone width in both themes', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      for (const themeMode of ['light', 'dark'] as const) {
        const { api } = tokensApi([
          token(1, { label: 'A token with a long label that has to wrap on a phone screen', expires_at: '2099-03-01T12:00:00.000Z', last_used_at: '2025-01-06T10:32:00.000Z' }),
          token(2, { expires_at: '2020-01-01T12:00:00.000Z' }),
        ], [memberToken(3, 'Someone with a rather long display name')]);
        const app = renderApp(paths.settings('acme', 'api-tokens'), { api, themeMode });
        await until(() => rows(app.container).length === 3, 'the tokens, the member’s last');
        const [first, second] = rows(app.container).map((row) => [...row.querySelectorAll('dd')]);
        expect(first![2]!.textContent).to.equal('Mar 1, 2099');
        expect(first![3]!.textContent).to.match(/^Jan 6, 2025, \d{1,2}:\d{2}\s?[AP]M$/);
        expect(second![2]!.textContent).to.equal('Expired Jan 1, 2020');
        expect(second![2]!.hasAttribute('data-expired')).to.equal(true);
        expect(document.documentElement.scrollWidth).to.be.at.most(390);
        expect(button(app.container, 'Revoke Token 2')!.getBoundingClientRect().height).to.be.at.least(44);
        await expectAccessible(app.container);
        cleanup();
      }
      const { api } = tokensApi();
      api.on('GET', TOKENS, () => reply(500, { error: 'The server failed.' }));
      const failed = renderApp(paths.settings('acme', 'api-tokens'), { api, themeMode: 'dark' });
      await until(() => byText(failed.container, '[role="alert"]', 'The server failed.'), 'the failure');
      await expectAccessible(failed.container);
    } finally {
      await setViewport({ width: 1280, height: 800 });
    }
  });
});
