import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_THEME, validateTheme } from '../../src/server/users/theme.js';
import { startServer, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let client: TestClient;

before(async () => {
  server = await startServer();
  client = server.client();
  await client.signUp({ display_name: 'Ada' });
});
after(() => server.close());

const theme = {
  theme: 'custom',
  background: '#101010',
  text: '#EEEEEE',
  primary: '#3f76ff',
  sidebarBackground: '#202020',
  sidebarText: '#dddddd',
  darkPalette: true,
  palette: '',
};

describe('PATCH /api/users/me', () => {
  test('updates the given fields and keeps the others', async () => {
    const response = await client.patch('/api/users/me', { first_name: 'Ada', last_name: 'Lovelace', avatar: '/api/users/me/assets/ada.png' });
    assert.equal(response.status, 200);
    assert.equal(response.body.display_name, 'Ada');
    assert.equal(response.body.first_name, 'Ada');
    assert.equal(response.body.last_name, 'Lovelace');
    assert.equal(response.body.avatar, '/api/users/me/assets/ada.png');
    const renamed = await client.patch('/api/users/me', { display_name: ' Countess ', avatar: null });
    assert.equal(renamed.body.display_name, 'Countess');
    assert.equal(renamed.body.avatar, null);
    assert.equal(renamed.body.last_name, 'Lovelace');
    assert.deepEqual((await client.get('/api/users/me')).body, renamed.body);
  });

  test('refuses bad input with 400', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Body needs at least one field'],
      [{ display_name: '' }, 'Display name cannot be empty'],
      [{ display_name: '   ' }, 'Display name is required.'],
      [{ avatar: 'javascript:alert(1)' }, 'Avatar is not valid'],
      [{ avatar: '//evil.example/a.png' }, 'Avatar is not valid'],
      [{ email: 'new@example.com' }, 'Body has an unknown field "email"'],
      [{ is_bot: true }, 'Body has an unknown field "is_bot"'],
      [{ first_name: 'x'.repeat(256) }, 'First name cannot be longer than 255 characters'],
    ];
    for (const [body, error] of cases) {
      const response = await client.patch('/api/users/me', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
  });

  test('anonymous: 401', async () => {
    assert.equal((await server.client().patch('/api/users/me', { first_name: 'X' })).status, 401);
  });
});

describe('the custom theme', () => {
  test('starts as the spec defaults', async () => {
    const fresh = server.client();
    await fresh.signUp();
    const response = await fresh.get('/api/users/me/theme');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      theme: 'custom',
      background: '#0d101b',
      text: '#c5c5c5',
      primary: '#3f76ff',
      sidebarBackground: '#0d101b',
      sidebarText: '#c5c5c5',
      darkPalette: false,
      palette: '#0d101b,#c5c5c5,#3f76ff,#0d101b,#c5c5c5',
    });
    assert.deepEqual(response.body, DEFAULT_THEME);
  });

  test('saves a valid theme, building the palette from the five colours in order', async () => {
    const response = await client.patch('/api/users/me/theme', theme);
    assert.equal(response.status, 200);
    assert.equal(response.body.palette, '#101010,#EEEEEE,#3f76ff,#202020,#dddddd');
    assert.equal(response.body.darkPalette, true);
    assert.deepEqual((await client.get('/api/users/me/theme')).body, response.body);
  });

  test('adds a missing #', async () => {
    const response = await client.patch('/api/users/me/theme', { ...theme, primary: 'abcdef' });
    assert.equal(response.status, 200);
    assert.equal(response.body.primary, '#abcdef');
  });

  test('each colour is required, with its own message', async () => {
    const messages = {
      background: 'Background color is required',
      text: 'Text color is required',
      primary: 'Primary color is required',
      sidebarBackground: 'Sidebar background color is required',
      sidebarText: 'Sidebar text color is required',
    };
    for (const [field, error] of Object.entries(messages)) {
      for (const value of [undefined, '', '  ']) {
        const body: Record<string, unknown> = { ...theme, [field]: value };
        if (value === undefined) delete body[field];
        const response = await client.patch('/api/users/me/theme', body);
        assert.equal(response.status, 400, `${field}=${String(value)}`);
        assert.deepEqual(response.body, { error, field });
      }
    }
  });

  test('a colour must be 7 characters: # and six hex digits', async () => {
    for (const value of ['#abc', 'abc', '#abcd', '#abcdeg', '#abcdef0', 'zzzzzz', '##abcde', 'rgb(0,0,0)']) {
      const response = await client.patch('/api/users/me/theme', { ...theme, sidebarText: value });
      assert.equal(response.status, 400, value);
      assert.deepEqual(response.body, { error: 'Enter a valid hex code of 6 characters', field: 'sidebarText' }, value);
    }
  });

  test('a refused theme leaves the saved one unchanged', async () => {
    await client.patch('/api/users/me/theme', theme);
    await client.patch('/api/users/me/theme', { ...theme, background: 'nope' });
    assert.equal((await client.get('/api/users/me/theme')).body.background, '#101010');
  });

  test('refuses other shapes with 400', async () => {
    for (const body of [{ ...theme, theme: 'dark' }, { ...theme, darkPalette: 'maybe' }, { ...theme, darkPalette: 'true' }, { ...theme, font: 'serif' }, { ...theme, background: ['#000000'] }, { ...theme, background: 101010 }]) {
      const response = await client.patch('/api/users/me/theme', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(typeof response.body.error, 'string');
    }
  });

  test('anonymous: 401', async () => {
    assert.equal((await server.client().get('/api/users/me/theme')).status, 401);
    assert.equal((await server.client().patch('/api/users/me/theme', theme)).status, 401);
  });

  test('validateTheme keeps a valid theme as is', () => {
    assert.deepEqual(validateTheme(DEFAULT_THEME), { theme: DEFAULT_THEME });
  });
});
