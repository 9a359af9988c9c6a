import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/server/config.js';
import { SESSION_COOKIE } from '../../src/server/auth/sessions.js';
import { isAllowedHost } from '../../src/server/http/host-check.js';
import { BODY_NOT_UTF8 } from '../../src/server/http/json-body.js';
import { cleanName } from '../../src/server/http/typed-name.js';
import { PNG, seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(async () => {
  await server?.close();
});

/** GET `path` with the Host header `host` (fetch would not send another host than the URL's). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** A paragraph document of the editor whose text is `text`. */
function paragraphDoc(text: string) {
  return { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
}

describe('image addresses', () => {
  test('a path starting with /\\ or // is refused like another site\'s protocol-relative address', async () => {
    for (const avatar of ['/\\evil.example/x.png', '//evil.example/x.png', '/\\/evil.example/x.png']) {
      const response = await seed.actors.member.patch('/api/users/me', { avatar });
      assert.equal(response.status, 400, `${avatar}: ${response.text}`);
      assert.equal(response.body.error, 'Avatar is not valid');
    }
    const logo = await seed.actors.admin.patch(seed.workspaceUrl, { logo: '/\\evil.example/logo.png' });
    assert.equal(logo.status, 400, logo.text);
    // (Another site's https address is refused by the image policy: test/server/image-policy.test.ts.)
    for (const avatar of ['/api/assets/a.png', '/a\\b.png']) {
      assert.equal((await seed.actors.member.patch('/api/users/me', { avatar })).status, 200, avatar);
    }
  });
});

describe('names with direction controls', () => {
  // U+202E RIGHT-TO-LEFT OVERRIDE, U+202C its pop, U+2067 RIGHT-TO-LEFT ISOLATE, U+2069 its pop; U+200F a mark.
  const OVERRIDE = '\u202e';
  const POP = '\u202c';

  test('lose their embeddings, overrides and isolates (marks stay), then are trimmed', () => {
    assert.equal(cleanName(` ${OVERRIDE}gpj.exe${POP} `), 'gpj.exe');
    assert.equal(cleanName('\u2067\u05e9\u05dc\u05d5\u05dd\u2069!\u200f'), '\u05e9\u05dc\u05d5\u05dd!\u200f');
    assert.equal(cleanName('\u202a\u202b\u202d\u2066\u2068'), '');
  });

  test('are kept without them wherever someone names something: a display name, an issue, a project, a label, a page, a view, a token', async () => {
    const spoof = `${OVERRIDE}Ann${POP} Lee`;
    const { member, admin } = seed.actors;
    const me = await member.patch('/api/users/me', { display_name: spoof });
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.display_name, 'Ann Lee');
    const issue = await member.post(`${seed.projectUrl}/issues`, { name: `${OVERRIDE}Fix login` });
    assert.equal(issue.status, 201, issue.text);
    assert.equal(issue.body.name, 'Fix login');
    const renamed = await member.patch(`${seed.projectUrl}/issues/${issue.body.id}`, { name: `\u2067Fix${POP} sign-in\u2069` });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.body.name, 'Fix sign-in');
    const project = await admin.patch(seed.projectUrl, { name: `Web${OVERRIDE}site` });
    assert.equal(project.status, 200, project.text);
    assert.equal(project.body.name, 'Website');
    const label = await admin.post(`${seed.projectUrl}/labels`, { name: `${OVERRIDE}gub` });
    assert.equal(label.status, 201, label.text);
    assert.equal(label.body.name, 'gub');
    const page = await member.post(`${seed.projectUrl}/pages`, { name: `${OVERRIDE}Notes` });
    assert.equal(page.status, 201, page.text);
    assert.equal(page.body.name, 'Notes');
    const query = { filters: {}, order: 'priority', group_by: 'state', display: ['key'], layout: 'list' };
    const view = await member.post(`${seed.workspaceUrl}/views`, { name: `${OVERRIDE}Mine`, project_id: seed.project.id, query });
    assert.equal(view.status, 201, view.text);
    assert.equal(view.body.name, 'Mine');
    const token = await admin.post(`${seed.workspaceUrl}/api-tokens`, { label: `${OVERRIDE}CI` });
    assert.equal(token.status, 201, token.text);
    assert.equal(token.body.label, 'CI');
  });

  test('a name of nothing but direction controls is refused as a blank one, and nothing is made', async () => {
    const { member, admin } = seed.actors;
    const blank = `${OVERRIDE}${POP} `;
    const answers = [
      [await member.patch('/api/users/me', { display_name: blank }), 'Display name is required.'],
      [await member.post(`${seed.projectUrl}/issues`, { name: blank }), 'Name is required'],
      [await admin.post(`${seed.projectUrl}/labels`, { name: blank }), 'Label name is required.'],
      [await admin.post(`${seed.projectUrl}/cycles`, { name: blank }), 'Cycle name is required.'],
      [await member.post(`${seed.workspaceUrl}/views`, { name: blank, project_id: seed.project.id, query: { filters: {}, order: 'priority', group_by: 'state', display: ['key'], layout: 'list' } }), 'View name is required.'],
    ] as const;
    for (const [answer, error] of answers) {
      assert.equal(answer.status, 400, answer.text);
      assert.equal(answer.body.error, error);
    }
    const labels = await member.get(`${seed.projectUrl}/labels`);
    assert.ok(!(labels.body as Array<{ name: string }>).some((label) => label.name.trim() === ''), labels.text);
  });
});

describe('JSON bodies that are not UTF-8', () => {
  test('are refused with 400 and a sentence, and nothing is stored (no U+FFFD in their place)', async () => {
    const before = await seed.actors.member.get(`${seed.projectUrl}/issues`);
    assert.equal(before.status, 200, before.text);
    const send = (bytes: Uint8Array) =>
      fetch(`${server.url}${seed.projectUrl}/issues`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie: `${SESSION_COOKIE}=${seed.actors.member.cookie(SESSION_COOKIE)}` },
        body: new Blob([new Uint8Array(bytes)]),
      });
    // Latin-1 "Café" (0xE9 alone), a lone continuation byte, an overlong "/" and a cut-off "é".
    for (const bad of [[0x43, 0x61, 0x66, 0xe9], [0x41, 0x80], [0xc0, 0xaf], [0x41, 0xc3]]) {
      const body = Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bad), Buffer.from('"}')]);
      const response = await send(body);
      assert.equal(response.status, 400, `${bad}: ${response.status}`);
      assert.deepEqual(await response.json(), { error: BODY_NOT_UTF8 });
    }
    const after = await seed.actors.member.get(`${seed.projectUrl}/issues`);
    assert.equal(after.body.length, before.body.length, 'nothing created');
    // UTF-8 itself still reads: the same title in its UTF-8 bytes.
    const good = await send(Buffer.from(JSON.stringify({ name: 'Café ☕' }), 'utf8'));
    assert.equal(good.status, 201);
    assert.equal(((await good.json()) as { name: string }).name, 'Café ☕');
  });

  test("keep Fastify's JSON checks: a __proto__ key is refused", async () => {
    const response = await seed.actors.member.request('POST', `${seed.projectUrl}/labels`, '{"name":"x","__proto__":{"admin":true}}', { headers: { 'content-type': 'application/json' } });
    assert.equal(response.status, 400, response.text);
  });
});

describe('control characters in text', () => {
  test('a NUL in the sign-in email is a 400 with a sentence, not a 500, for anonymous callers', async () => {
    const response = await server.client().post('/api/auth/sign-in', { email: 'someone\u0000@example.com', password: 'correct horse battery' });
    assert.equal(response.status, 400, response.text);
    assert.deepEqual(response.body, { error: 'Email cannot contain control characters (only tabs and line breaks are allowed).' });
  });

  test('a NUL in any JSON text field is refused with 400 naming the field', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['PATCH', '/api/users/me', { display_name: 'a\u0000b' }, 'Display name'],
      ['POST', `${seed.projectUrl}/issues`, { name: 'An issue \u0000' }, 'Name'],
      ['POST', `${seed.projectUrl}/issues`, { name: 'Deep', description_json: paragraphDoc('x\u0000y') }, 'Description json'],
      ['POST', `${seed.projectUrl}/issues`, { name: 'Key', description_json: { type: 'doc', ['\u0000']: 1 } }, 'Description json'],
      ['POST', `${seed.projectUrl}/labels`, { name: 'bell\u0007' }, 'Name'],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await seed.actors.member.request(method, url, body);
      assert.equal(response.status, 400, `${method} ${url}: ${response.text}`);
      assert.equal(response.body.error, `${field} cannot contain control characters (only tabs and line breaks are allowed).`);
    }
  });

  test('a NUL in a query string or a path segment is refused with 400 too', async () => {
    const search = await seed.actors.member.get(`${seed.projectUrl}/search-issues?search=a%00b`);
    assert.equal(search.status, 400, search.text);
    assert.equal(search.body.error, 'Search cannot contain control characters (only tabs and line breaks are allowed).');
    const path = await seed.actors.member.get('/api/workspaces/a%00b/members');
    assert.equal(path.status, 400, path.text);
    assert.equal(path.body.error, 'Slug cannot contain control characters (only tabs and line breaks are allowed).');
  });

  test('multipart text is checked the same way: a field value and a file name', async () => {
    const withAttributes = new FormData();
    withAttributes.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    withAttributes.append('attributes', '{"alt":"x\u0000"}');
    const attributes = await seed.actors.member.post(`${seed.workspaceUrl}/file-assets`, withAttributes);
    assert.equal(attributes.status, 400, attributes.text);
    assert.equal(attributes.body.error, 'Attributes cannot contain control characters (only tabs and line breaks are allowed).');

    const escaped = new FormData();
    escaped.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    escaped.append('attributes', '{"alt":"x\\u0000"}');
    const escapedAttributes = await seed.actors.member.post(`${seed.workspaceUrl}/file-assets`, escaped);
    assert.equal(escapedAttributes.status, 400, escapedAttributes.text);
    assert.equal(escapedAttributes.body.error, 'Attributes cannot contain control characters (only tabs and line breaks are allowed).');

    const withName = new FormData();
    withName.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot\u0000.png');
    const name = await seed.actors.member.post(`${seed.workspaceUrl}/file-assets`, withName);
    assert.equal(name.status, 400, name.text);
    assert.equal(name.body.error, 'The file name cannot contain control characters (only tabs and line breaks are allowed).');
  });

  test('a multipart body the parser cannot read is a 400 on every upload route, never a 500', async () => {
    const cut = '--xyz\r\nContent-Disposition: form-data; name="asset"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    const unclosed = '--xyz\r\nContent-Disposition: form-data; name="asset"; filename="a.png"\r\n\r\nabc\r\n';
    const bodies: [string, string][] = [
      ['multipart/form-data; boundary=xyz', cut],
      ['multipart/form-data; boundary=xyz', unclosed],
      ['multipart/form-data', 'garbage'],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, 'garbage'],
    ];
    const routes = [`${seed.workspaceUrl}/file-assets`, '/api/users/file-assets', `${seed.projectUrl}/imports`];
    const answers: unknown[] = [];
    for (const route of routes) {
      for (const [type, body] of bodies) {
        const answer = await seed.actors.admin.post(route, body, { headers: { 'content-type': type } });
        answers.push([route, type.slice(0, 40), answer.status, answer.body]);
      }
    }
    const expected = routes.flatMap((route) => bodies.map(([type]) => [route, type.slice(0, 40), 400, { error: 'The upload could not be read.' }]));
    assert.deepEqual(answers, expected);
  });

  test('the noncharacters U+FFFE and U+FFFF (which no XML export can hold) are refused with 400 naming the field', async () => {
    for (const name of ['An issue \uFFFF', '\uFFFEreversed']) {
      const response = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.error, 'Name cannot contain the noncharacters U+FFFE or U+FFFF.');
    }
    const deep = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Deep', description_json: paragraphDoc('x\uFFFFy') });
    assert.equal(deep.body.error, 'Description json cannot contain the noncharacters U+FFFE or U+FFFF.');
  });

  test('half of a surrogate pair alone is refused with 400 naming the field, and whole pairs stay', async () => {
    for (const name of ['Lone \ud800x', 'Lone \udc00', 'Reversed \udc00\ud800']) {
      const response = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.error, 'Name is not valid Unicode text: it holds half of a surrogate pair (such as \\ud800) alone.');
    }
    const deep = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Deep', description_json: paragraphDoc('x\ud83dy') });
    assert.equal(deep.body.error, 'Description json is not valid Unicode text: it holds half of a surrogate pair (such as \\ud800) alone.');
    const emoji = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Ships \ud83d\ude80 today' });
    assert.equal(emoji.status, 201, emoji.text);
    assert.equal(emoji.body.name, 'Ships 🚀 today');
  });

  test('tabs and line breaks stay allowed in text', async () => {
    const issue = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Tabs\tand breaks', description_json: paragraphDoc('one\ttwo') });
    assert.equal(issue.status, 201, issue.text);
    const comment = await seed.actors.member.post(`${seed.projectUrl}/issues/${issue.body.id}/comments`, { comment_html: '<p>line\r\nnext\tcolumn</p>' });
    assert.equal(comment.status, 201, comment.text);
  });
});

describe('deeply nested JSON', () => {
  /** `leaf` inside `levels` arrays. */
  const nested = (levels: number, leaf: unknown): unknown => {
    let value = leaf;
    for (let i = 0; i < levels; i++) value = [value];
    return value;
  };
  /** A document of `levels` blockquotes, one inside the other, around a paragraph of `text`. */
  const quotes = (levels: number, text: string) => {
    let node: Record<string, unknown> = { type: 'paragraph', content: [{ type: 'text', text }] };
    for (let i = 0; i < levels; i++) node = { type: 'blockquote', content: [node] };
    return { type: 'doc', content: [node] };
  };
  const TOO_DEEP = 'The request is nested too deeply: JSON may nest at most 256 levels.';

  test('a body nested past the limit is refused with 400 before anything reads it, even with a NUL at the bottom', async () => {
    const response = await seed.actors.member.patch('/api/users/me', { display_name: nested(300, 'a\u0000b') });
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.error, TOO_DEEP);
  });

  test('a description of 2,000 nested blocks is a 400 with a sentence, never a 500, and no issue is made', async () => {
    const before = await server.db.one<{ n: number }>('SELECT count(*)::int AS n FROM issues');
    const response = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Nested', description_json: quotes(2_000, 'deep') });
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.error, TOO_DEEP);
    assert.equal((await server.db.one<{ n: number }>('SELECT count(*)::int AS n FROM issues')).n, before.n);
  });

  test('a description nested as deep as people write (20 quotes in lists) is kept', async () => {
    const response = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Quoted', description_json: quotes(20, 'kept') });
    assert.equal(response.status, 201, response.text);
  });
});

describe('the Host header', () => {
  const refusal = JSON.stringify({ error: 'This server does not answer to this host name. Open the app at its own address.' });

  test('another host name is refused with 421 on the API and on pages (a DNS-rebinding page cannot use the server)', async () => {
    const { port } = new URL(server.url);
    for (const host of [`evil.example:${port}`, `127.0.0.1.evil.example:${port}`, `localhost.evil.example:${port}`, `evil.example@localhost:${port}`, 'evil.example']) {
      for (const path of ['/api/users/me', '/', '/api/instance']) {
        const response = await getWithHost(path, host);
        assert.equal(response.status, 421, `${host} ${path}: ${response.body}`);
        assert.equal(response.body, refusal);
      }
    }
  });

  test('localhost, 127.0.0.1 and [::1] on the listening port are served', async () => {
    const { port } = new URL(server.url);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      assert.equal((await getWithHost('/api/instance', host)).status, 200, host);
    }
    assert.equal((await getWithHost('/api/instance', `localhost:${Number(port) === 1 ? 2 : 1}`)).status, 421);
  });

  test('PUBLIC_URL names the host a deployment is reached at', () => {
    const config = loadConfig({ DATA_DIR: '/nonexistent', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://Tracker.Example.com/' });
    assert.equal(config.publicUrl, 'https://tracker.example.com');
    const at = (host: string, localPort = 3000, localAddress = '10.0.0.5') => isAllowedHost(host, { publicUrl: config.publicUrl, localPort, localAddress });
    assert.equal(at('tracker.example.com'), true);
    assert.equal(at('tracker.example.com:443'), true);
    assert.equal(at('TRACKER.example.com'), true);
    assert.equal(at('tracker.example.com:8443'), false);
    assert.equal(at('evil.example'), false);
    assert.equal(at('localhost:3000'), true);
    assert.equal(at('localhost:80'), false);
    assert.equal(at('10.0.0.5:3000'), true, 'the address the request came in on');
    assert.equal(at('10.0.0.6:3000'), false);
    assert.equal(at('10.0.0.5:3000', 3000, '::ffff:10.0.0.5'), true);
    assert.equal(at('localhost', 80), true);
    assert.equal(at(''), false);
    assert.throws(() => loadConfig({ DATA_DIR: '/nonexistent', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'ftp://x' }), /PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/);
  });
});
