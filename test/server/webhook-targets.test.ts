import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backoffMs } from '../../src/server/webhooks/worker.js';
import { sendDelivery, signature } from '../../src/server/webhooks/send.js';
import { checkedAddress, isPrivateAddress, TargetRefused, webhookUrlProblem } from '../../src/server/webhooks/target.js';
import { startFakeHttpServer, type FakeHttpServer } from './fake-http-server.js';

describe('isPrivateAddress', () => {
  test('refuses private, loopback, link-local, CGNAT and unspecified IPv4', () => {
    for (const address of ['10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '127.0.0.1', '127.8.9.10', '169.254.169.254', '100.64.0.1', '100.127.255.255', '0.0.0.0', '224.0.0.1', '255.255.255.255']) {
      assert.equal(isPrivateAddress(address), true, address);
    }
  });

  test('refuses IPv6 loopback, unique-local, link-local and IPv4-mapped private addresses, bracketed or not', () => {
    for (const address of ['::1', '[::1]', '::', 'fc00::1', 'fdff::1', 'fe80::1', 'febf::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::10.0.0.1', '::127.0.0.1', '::7f00:1', '::ffff:0:7f00:1', '::ffff:0:10.0.0.1', '2002:7f00:1::', '2002:a9fe:a9fe::1', '192.0.2.1', '203.0.113.9']) {
      assert.equal(isPrivateAddress(address), true, address);
    }
  });

  test('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', 'fec0::1', '2002:808:808::1']) {
      assert.equal(isPrivateAddress(address), false, address);
    }
  });

  test('counts anything that is not an address as private', () => {
    assert.equal(isPrivateAddress('example.com'), true);
  });
});

describe('webhookUrlProblem', () => {
  test('wants https unless private targets are allowed, and refuses private hosts only when they are not', () => {
    assert.equal(webhookUrlProblem('https://hooks.example.com/in', false), null);
    assert.equal(webhookUrlProblem('http://hooks.example.com/in', false), 'The address must start with https://.');
    assert.equal(webhookUrlProblem('http://127.0.0.1:9000/in', true), null);
    assert.match(webhookUrlProblem('https://[::ffff:192.168.0.1]/', false)!, /private, loopback or link-local/);
    assert.match(webhookUrlProblem('https://app.localhost/', false)!, /private, loopback or link-local/);
    // The root's trailing dot names the same host.
    for (const url of ['https://localhost./h', 'https://LOCALHOST./h', 'https://app.localhost./h']) assert.match(webhookUrlProblem(url, false)!, /private, loopback or link-local/, url);
  });
});

describe('checkedAddress', () => {
  test('resolves a name once and refuses it when any of its addresses is private', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await assert.rejects(checkedAddress('hooks.example.com', false, resolve), (error: unknown) => error instanceof TargetRefused && /10\.0\.0\.5/.test(error.message));
    assert.deepEqual(await checkedAddress('hooks.example.com', true, resolve), { address: '93.184.216.34', family: 4 });
  });

  test('takes an address host as is, without resolving it', async () => {
    const resolve = async () => assert.fail('an address is not resolved');
    assert.deepEqual(await checkedAddress('[2606:4700::1]', false, resolve), { address: '2606:4700::1', family: 6 });
  });
});

describe('sendDelivery', () => {
  let receiver: FakeHttpServer;
  before(async () => {
    receiver = await startFakeHttpServer((_request, response) => response.writeHead(200).end('ok'));
  });
  after(() => receiver.close());

  test('connects to the address it checked, whatever the name would resolve to later, and signs the body', async () => {
    const port = new URL(receiver.url).port;
    let lookups = 0;
    const resolve = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const body = '{"event":"issue"}';
    const result = await sendDelivery({ url: `http://receiver.test:${port}/in`, body, secret: 's3cret', deliveryId: 'd-1', event: 'issue', timeoutMs: 5_000, allowPrivate: true, resolve });
    assert.deepEqual(result, { status: 200, error: null });
    assert.equal(lookups, 1, 'resolved once: the connection used the checked address');
    const [request] = receiver.requests.slice(-1);
    assert.equal(request!.headers.host, `receiver.test:${port}`);
    assert.equal(request!.headers['x-signature-256'], signature('s3cret', body));
    assert.equal(request!.body, body);
  });

  test('refuses a name resolving to a private address before sending anything', async () => {
    const before = receiver.requests.length;
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    await assert.rejects(
      sendDelivery({ url: `https://rebind.test:${new URL(receiver.url).port}/`, body: '{}', secret: 's', deliveryId: 'd', event: 'issue', timeoutMs: 5_000, allowPrivate: false, resolve }),
      TargetRefused,
    );
    assert.equal(receiver.requests.length, before);
  });

  test('a try the server stops while its address is checked ends as stopped, sending nothing and throwing nothing later', async () => {
    const before = receiver.requests.length;
    const stopping = new AbortController();
    // The server stops while the name is resolved; the try starts after.
    const resolve = async () => {
      stopping.abort();
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const url = `http://receiver.test:${new URL(receiver.url).port}/in`;
      const result = await sendDelivery({ url, body: '{}', secret: 's', deliveryId: 'd', event: 'issue', timeoutMs: 5_000, allowPrivate: true, resolve, signal: stopping.signal });
      assert.deepEqual(result, { status: null, error: 'The server stopped before the receiver answered.' });
      // What a destroyed request emits comes on a later turn.
      await new Promise((settle) => setImmediate(settle));
      await new Promise((settle) => setImmediate(settle));
    } finally {
      process.off('uncaughtException', record);
    }
    assert.deepEqual(uncaught, []);
    assert.equal(receiver.requests.length, before);
  });
});

describe('backoffMs', () => {
  test('doubles from the base and stops at an hour', () => {
    assert.deepEqual([1, 2, 3, 4].map((attempt) => backoffMs(30_000, attempt)), [30_000, 60_000, 120_000, 240_000]);
    assert.equal(backoffMs(30_000, 20), 3_600_000);
    assert.equal(backoffMs(0, 5), 0);
  });
});
