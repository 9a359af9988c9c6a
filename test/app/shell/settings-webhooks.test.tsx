import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { Webhook, WebhookDelivery, WebhookWithSecret } from '../../../src/app/api/types.js';
import { EMPTY_STATES } from '../../../src/app/empty-states/index.js';
import { paths } from '../../../src/app/router/paths.js';
import { WEBHOOK_WORDS } from '../../../src/app/screens/webhooks/webhook-words.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { workspace } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { button, byText, cleanup, field, renderApp, reply, until, untilFocusedIn } from './render.js';
import { seededApi } from './seeded-api.js';
import type { FakeApi, FakeRequest } from './fake-api.js';

const HOOKS = '/workspaces/:slug/webhooks';
const HOOK = '/workspaces/:slug/webhooks/:webhookId';
const dialog = () => document.querySelector<HTMLElement>('.app-dialog[role="dialog"]');
const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-webhook-row')];
const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

function hook(n: number, fields: Partial<Webhook> = {}): Webhook {
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-00000000000${n}`,
    url: `https://hooks.example.com/${n}`,
    events: ['issue'],
    is_active: true,
    created_at: '2025-01-01T09:00:00.000Z',
    updated_at: '2025-01-01T09:00:00.000Z',
    ...fields,
  };
}

/** Opens the "New secret for …" confirmation of `url` and confirms it; resolves with the secret dialog, focused. */
async function makeNewSecret(root: HTMLElement, url: string): Promise<HTMLElement> {
  await click(button(root, WEBHOOK_WORDS.newSecretFor(url)));
  const confirm = await untilFocusedIn(() => (dialog()?.textContent?.includes(WEBHOOK_WORDS.rotateTitle) ? dialog() : null), 'the confirmation');
  await click(button(confirm, WEBHOOK_WORDS.rotateConfirm));
  return untilFocusedIn(() => (dialog()?.textContent?.includes(WEBHOOK_WORDS.secretTitle) ? dialog() : null), 'the new secret');
}

const DELIVERIES: WebhookDelivery[] = [
  { id: 'd2', event: 'issue', action: 'updated', status: 'delivered', attempts: 2, response_status: 204, last_error: null, created_at: '2025-01-02T10:00:00.000Z', last_attempt_at: '2025-01-02T10:00:05.000Z', next_attempt_at: null },
  { id: 'd1', event: 'comment', action: 'created', status: 'failed', attempts: 3, response_status: 500, last_error: 'The receiver answered 500.', created_at: '2025-01-02T09:00:00.000Z', last_attempt_at: '2025-01-02T09:30:00.000Z', next_attempt_at: null },
];

/** The seeded workspace with a webhooks store behind the webhook routes, as the server keeps them. */
function hooksApi(kept: Webhook[] = []): { api: FakeApi; hooks: Webhook[] } {
  const { api } = seededApi();
  const hooks = [...kept];
  const find = (request: FakeRequest) => hooks.findIndex((candidate) => candidate.id === request.params.webhookId);
  api
    .on('GET', HOOKS, () => hooks)
    .on('POST', HOOKS, (request) => {
      const body = request.body as { url: string };
      if (!body.url.startsWith('https://')) return reply(400, { error: 'The address must start with https://.', field: 'url' });
      const created: WebhookWithSecret = { ...hook(9 - hooks.length, request.body as Partial<Webhook>), secret: SECRET };
      const { secret: _secret, ...listed } = created;
      hooks.push(listed);
      return reply(201, created);
    })
    .on('PATCH', HOOK, (request) => {
      const at = find(request);
      hooks[at] = { ...hooks[at]!, ...(request.body as Partial<Webhook>) };
      return hooks[at];
    })
    .on('POST', `${HOOK}/secret`, (request) => ({ ...hooks[find(request)]!, secret: `${SECRET}2` }))
    .on('DELETE', HOOK, (request) => void hooks.splice(find(request), 1))
    .on('GET', `${HOOK}/deliveries`, () => DELIVERIES);
  return { api, hooks };
}

describe('settings: webhooks', () => {
  afterEach(cleanup);

  it('adds a webhook from the empty state, shows the server’s refusal, then the secret once with Copy', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async (text: string) => void written.push(text) });
    try {
      const { api, hooks } = hooksApi();
      const app = renderApp(paths.settings('acme', 'webhooks'), { api });
      const empty = await until(() => app.container.querySelector<HTMLElement>('[data-empty-state="settings-webhooks"]'), 'the empty state');
      await click(button(empty, 'Add a webhook'));
      const form = await until(dialog, 'the dialog');
      await expectAccessible(form);
      const url = field(form, 'Payload URL');
      await typeInto(url, 'http://hooks.example.com/in');
      await click(field(form, 'Comments'));
      await press('Enter');
      // The refusal names the address: it is said under it, and focus goes back to it.
      await until(() => (url.getAttribute('aria-invalid') === 'true' ? url : null), 'the address marked');
      const note = document.getElementById(`${url.id}-error`)!;
      expect(note.textContent).to.equal('The address must start with https://.');
      expect(document.activeElement).to.equal(url);
      url.select();
      await typeInto(url, 'https://hooks.example.com/in');
      await click(button(form, 'Add webhook'));
      const shown = await until(() => (dialog()?.textContent?.includes('Webhook secret') ? dialog() : null), 'the secret');
      expect(field(shown, 'Signing secret').value).to.equal(SECRET);
      await click(button(shown, 'Copy'));
      await until(() => byText(document, '.app-toast', 'Copied to clipboard'), 'the copy toast');
      expect(written).to.deep.equal([SECRET]);
      await click(button(shown, 'Done'));
      await until(() => rows(app.container).length === 1, 'the webhook listed');
      // The empty state's button went with the empty state: the page's heading has focus, not the body.
      await until(() => document.activeElement === byText(app.container, 'h2', WEBHOOK_WORDS.list), 'focus on the Webhooks heading', { saw: () => document.activeElement });
      expect(api.sent('POST', '/workspaces/acme/webhooks').at(-1)!.body).to.deep.equal({ url: 'https://hooks.example.com/in', events: ['issue', 'comment'], is_active: true });
      expect(rows(app.container)[0]!.textContent).to.contain('Issues, Comments');
      expect(app.container.textContent).to.not.contain(SECRET);
      expect(hooks).to.have.length(1);
    } finally {
      delete (navigator.clipboard as unknown as Record<string, unknown>).writeText;
    }
  });

  it('turns a webhook off from the keyboard, edits it, makes a new secret and deletes it after confirming', async () => {
    const { api, hooks } = hooksApi([hook(1), hook(2, { events: ['page', 'cycle'] })]);
    const app = renderApp(paths.settings('acme', 'webhooks'), { api });
    await until(() => rows(app.container).length === 2, 'the webhooks');
    const toggle = app.container.querySelector<HTMLInputElement>('input[aria-label="Active: https://hooks.example.com/1"]')!;
    toggle.focus();
    await press('Space');
    await until(() => hooks[0]!.is_active === false && !toggle.checked, 'turned off');
    expect(api.sent('PATCH', '/workspaces/acme/webhooks/:webhookId')[0]!.body).to.deep.equal({ is_active: false });

    await click(button(app.container, 'Edit https://hooks.example.com/2'));
    const form = await until(dialog, 'the edit dialog');
    expect(field<HTMLInputElement>(form, 'Pages').checked).to.equal(true);
    await click(field(form, 'Pages'));
    await click(button(form, 'Save webhook'));
    await until(() => byText(document, '.app-toast', 'Webhook saved.'), 'saved');
    expect(hooks[1]!.events).to.deep.equal(['cycle']);

    const secret = await makeNewSecret(app.container, 'https://hooks.example.com/2');
    expect(field(secret, 'Signing secret').value).to.equal(`${SECRET}2`);
    await press('Escape');
    await until(() => !dialog(), 'the secret dialog closed');

    await click(button(app.container, 'Delete https://hooks.example.com/2'));
    const confirm = await until(dialog, 'the confirmation');
    expect(confirm.textContent).to.contain('The webhook to https://hooks.example.com/2 and its delivery log will be deleted');
    await click(button(confirm, 'Delete'));
    await until(() => rows(app.container).length === 1, 'one webhook left');
    // The deleted row's button is gone: focus goes to the same button of the row before it (it was the last).
    await until(() => document.activeElement === button(app.container, WEBHOOK_WORDS.remove('https://hooks.example.com/1')), 'focus on the next row’s Delete', {
      saw: () => document.activeElement,
    });
    await click(button(app.container, WEBHOOK_WORDS.remove('https://hooks.example.com/1')));
    await click(button(await until(dialog, 'the last confirmation'), 'Delete'));
    await until(() => app.container.querySelector('[data-empty-state="settings-webhooks"]'), 'the empty state');
    await until(() => document.activeElement === byText(app.container, 'h2', WEBHOOK_WORDS.list), 'focus on the Webhooks heading', { saw: () => document.activeElement });
  });

  it('asks before making a new secret, saying deliveries are signed with it and the receiver must have it', async () => {
    const { api } = hooksApi([hook(1)]);
    const app = renderApp(paths.settings('acme', 'webhooks'), { api });
    await until(() => rows(app.container).length === 1, 'the webhook');
    const opener = button(app.container, WEBHOOK_WORDS.newSecretFor('https://hooks.example.com/1'))!;
    await click(opener);
    const confirm = await untilFocusedIn(() => (dialog()?.textContent?.includes(WEBHOOK_WORDS.rotateTitle) ? dialog() : null), 'the confirmation');
    expect(confirm.textContent).to.contain(WEBHOOK_WORDS.rotateDescription('https://hooks.example.com/1'));
    await expectAccessible(confirm);
    // Cancel keeps the secret: nothing is sent.
    await click(button(confirm, 'Cancel'));
    await until(() => !dialog(), 'the confirmation closed');
    await until(() => document.activeElement === opener, 'focus back on the key button');
    expect(api.sent('POST', `${HOOK}/secret`)).to.deep.equal([]);

    const secret = await makeNewSecret(app.container, 'https://hooks.example.com/1');
    expect(api.sent('POST', `${HOOK}/secret`)).to.have.length(1);
    expect(field(secret, WEBHOOK_WORDS.secretLabel).value).to.equal(`${SECRET}2`);
    await click(button(secret, 'Done'));
    await until(() => !dialog(), 'the secret dialog closed');
    await until(() => document.activeElement === opener, 'focus back on the key button', { saw: () => document.activeElement });
  });

  it('gives focus back to “Add webhook” once the new webhook’s secret is closed, by Escape or Done', async () => {
    const { api } = hooksApi([hook(1)]);
    const app = renderApp(paths.settings('acme', 'webhooks'), { api });
    await until(() => rows(app.container).length === 1, 'the webhook');
    const add = button(app.container, WEBHOOK_WORDS.add)!;
    for (const [n, close] of [[2, () => press('Escape')], [3, () => click(button(dialog()!, 'Done'))]] as const) {
      await click(add);
      const form = await untilFocusedIn(dialog, 'the form');
      await typeInto(field(form, 'Payload URL'), `https://hooks.example.com/in-${n}`);
      await click(button(form, WEBHOOK_WORDS.add));
      await untilFocusedIn(() => (dialog()?.textContent?.includes(WEBHOOK_WORDS.secretTitle) ? dialog() : null), 'the secret');
      await close();
      await until(() => !dialog(), 'the secret dialog closed');
      await until(() => document.activeElement === add, 'focus back on Add webhook', { saw: () => document.activeElement });
      await until(() => rows(app.container).length === n, 'the webhook listed');
      expect(document.activeElement).to.equal(add);
    }
  });

  it('closes the secret dialog with Escape after Copy’s toast, which stays', async () => {
    const { api } = hooksApi([hook(1)]);
    const app = renderApp(paths.settings('acme', 'webhooks'), { api });
    await until(() => rows(app.container).length === 1, 'the webhook');
    (navigator.clipboard as unknown as Record<string, unknown>).writeText = async () => {};
    try {
      const opener = button(app.container, 'New secret for https://hooks.example.com/1');
      const secret = await makeNewSecret(app.container, 'https://hooks.example.com/1');
      // The toast comes after the dialog opened: the layer Radix would give Escape to.
      await click(button(secret, 'Copy'));
      await until(() => byText(document, '.app-toast', 'Copied to clipboard'), 'the toast');
      await click(field(secret, 'Signing secret'));
      await press('Escape');
      await until(() => !dialog(), 'the dialog closed by one Escape');
      expect(byText(document, '.app-toast', 'Copied to clipboard'), 'the toast stays').to.not.equal(null);
      await until(() => document.activeElement === opener, 'focus back on the button that opened it');
    } finally {
      delete (navigator.clipboard as unknown as Record<string, unknown>).writeText;
    }
  });

  it('shows a webhook’s deliveries: event, status (a waiting one’s next try), response code, attempts and time', async () => {
    const NEXT_TRY = '2025-01-02T11:05:00.000Z';
    const retrying: WebhookDelivery = {
      id: 'd3', event: 'page', action: 'deleted', status: 'queued', attempts: 1, response_status: 503, last_error: 'The receiver answered 503.',
      created_at: '2025-01-02T11:00:00.000Z', last_attempt_at: '2025-01-02T11:00:05.000Z', next_attempt_at: NEXT_TRY,
    };
    const { api } = hooksApi([hook(1)]);
    api.on('GET', `${HOOK}/deliveries`, () => [retrying, ...DELIVERIES]);
    const app = renderApp(paths.settings('acme', 'webhooks'), { api });
    await until(() => rows(app.container).length === 1, 'the webhook');
    await click(button(app.container, 'Deliveries of https://hooks.example.com/1'));
    const log = await until(() => dialog()?.querySelector('table') ?? null, 'the delivery log');
    const cells = [...log.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent));
    expect(cells).to.deep.equal([
      ['Pages deleted', `WaitingThe receiver answered 503.${WEBHOOK_WORDS.nextTry(new Date(NEXT_TRY).toLocaleString())}`, '503', '1'],
      ['Issues updated', 'Delivered', '204', '2'],
      ['Comments created', 'FailedThe receiver answered 500.', '500', '3'],
    ]);
    expect([...log.querySelectorAll('time')].map((time) => time.getAttribute('datetime'))).to.deep.equal([NEXT_TRY, '2025-01-02T11:00:05.000Z', '2025-01-02T10:00:05.000Z', '2025-01-02T09:30:00.000Z']);
    await expectAccessible(dialog()!);
  });

  it('sends a delivered or failed delivery again from its row, and shows it waiting; none for one waiting or a webhook turned off', async () => {
    const { api } = hooksApi([hook(1), hook(2, { is_active: false })]);
    let log = [...DELIVERIES];
    api
      .on('GET', `${HOOK}/deliveries`, () => log)
      .on('POST', `${HOOK}/deliveries/:deliveryId/redeliver`, (request) => {
        const again = { ...log.find((delivery) => delivery.id === request.params.deliveryId)!, status: 'queued' as const, attempts: 0, next_attempt_at: '2025-01-02T12:00:00.000Z' };
        log = log.map((delivery) => (delivery.id === again.id ? again : delivery));
        return again;
      });
    const app = renderApp(paths.settings('acme', 'webhooks'), { api });
    await until(() => rows(app.container).length === 2, 'the webhooks');
    await click(button(app.container, 'Deliveries of https://hooks.example.com/1'));
    const table = await until(() => dialog()?.querySelector('table') ?? null, 'the delivery log');
    const sendAgain = (row: number) => table.querySelectorAll('tbody tr')[row]!.querySelector('button');
    expect(sendAgain(0)?.getAttribute('aria-label')).to.equal(WEBHOOK_WORDS.sendAgainLabel('Issues updated', new Date('2025-01-02T10:00:05.000Z').toLocaleString()));
    await click(sendAgain(1)!);
    await until(() => api.sent('POST', `${HOOK}/deliveries/:deliveryId/redeliver`).length === 1, 'the request');
    expect(api.sent('POST', `${HOOK}/deliveries/:deliveryId/redeliver`)[0]!.path).to.contain('/deliveries/d1/redeliver');
    await until(() => byText(document, '.app-toast', WEBHOOK_WORDS.sentAgain), 'the toast');
    await until(() => table.querySelectorAll('tbody tr')[1]?.getAttribute('data-delivery-status') === 'queued', 'the delivery waiting');
    expect(sendAgain(1), 'no Send again while it waits').to.equal(null);
    expect(sendAgain(0)).to.not.equal(null);
    await press('Escape');
    await until(() => !dialog(), 'the log closed');
    await click(button(app.container, 'Deliveries of https://hooks.example.com/2'));
    const off = await until(() => dialog()?.querySelector('table') ?? null, 'the turned-off webhook’s log');
    expect(off.querySelectorAll('tbody button'), 'nothing to send again while the webhook is off').to.have.length(0);
  });

  it('is axe-clean in both themes at phone width, with a loading failure and a retry; refused to a member', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      for (const themeMode of ['light', 'dark'] as const) {
        const { api } = hooksApi([hook(1, { url: 'https://hooks.example.com/a/very/long/path/that/has/to/wrap/on/a/phone/screen', events: ['issue', 'comment', 'cycle', 'module', 'page'] })]);
        const app = renderApp(paths.settings('acme', 'webhooks'), { api, themeMode });
        await until(() => rows(app.container).length === 1, 'the webhook');
        expect(document.documentElement.scrollWidth).to.be.at.most(390);
        await expectAccessible(app.container);
        cleanup();
      }
      let fail = true;
      const failing = hooksApi().api.on('GET', HOOKS, () => (fail ? reply(503, { error: 'The server is busy.' }) : []));
      const app = renderApp(paths.settings('acme', 'webhooks'), { api: failing, themeMode: 'dark' });
      const alert = await until(() => byText(app.container, '[role="alert"]', 'The server is busy.'), 'the failure');
      fail = false;
      await click(button(alert, 'Try again'));
      await until(() => byText(app.container, 'h2, h3', EMPTY_STATES['settings-webhooks'].title), 'the empty state after the retry');
      await expectAccessible(app.container);
      cleanup();
      const { api } = seededApi((scene) => (scene.workspace = workspace(15)));
      const member = renderApp(paths.settings('acme', 'webhooks'), { api });
      await until(() => byText(member.container, '[role="alert"]', 'You do not have access to Webhooks'), 'the refusal');
      expect(api.sent('GET', HOOKS)).to.deep.equal([]);
    } finally {
      await setViewport({ width: 1280, height: 800 });
    }
  });
});
