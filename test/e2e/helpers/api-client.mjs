// A signed-in API client for setting up end-to-end tests (fetch with the session cookie).

/** Signs up a new account at `base` and answers a client carrying its session (throws if the email already had an account). */
export async function signUp(base, { email, password, display_name }) {
  const client = new ApiClient(base);
  await client.request('POST', '/api/auth/sign-up', { email, password, display_name });
  client.user = await client.request('GET', '/api/users/me');
  return client;
}

/**
 * One Set-Cookie line: the cookie's name and value, and its attributes by lower-case name (a flag
 * such as HttpOnly has the value '').
 */
export function parseSetCookie(line) {
  const [pair, ...parts] = line.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  const attributes = new Map(
    parts.map((part) => {
      const equals = part.indexOf('=');
      return equals < 0 ? [part.toLowerCase(), ''] : [part.slice(0, equals).toLowerCase(), part.slice(equals + 1)];
    }),
  );
  return { name: pair.slice(0, at), value: pair.slice(at + 1), attributes };
}

/** Calls the API as one user; every answer outside 2xx throws with the server's error text. */
export class ApiClient {
  constructor(base) {
    this.base = base;
    /** The cookies the server set, by name, as a browser keeps them (each answer sets some, not all). */
    this.cookies = new Map();
    this.user = null;
  }

  /** The Cookie header for the next request. */
  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Takes an answer's Set-Cookie lines: each sets its cookie, or clears it when it expires now. */
  keepCookies(lines) {
    for (const line of lines) {
      const { name, value, attributes } = parseSetCookie(line);
      const maxAge = attributes.get('max-age');
      const expires = attributes.get('expires');
      const expired = (maxAge !== undefined && /^(0|-\d+)$/.test(maxAge)) || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Uploads `bytes` as the multipart field `asset` (the file-asset routes) and answers the parsed body. */
  async upload(path, { bytes, filename, type }) {
    const form = new FormData();
    form.append('asset', new Blob([bytes], { type }), filename);
    return this.request('POST', path, form);
  }

  /** Sends a JSON (or FormData) request and answers the parsed body (null when empty). */
  async request(method, path, body) {
    const headers = { cookie: this.cookie };
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const response = await fetch(this.base + path, { method, headers, body: body === undefined || isForm ? body : JSON.stringify(body) });
    this.keepCookies(response.headers.getSetCookie());
    const text = await response.text();
    const data = text ? JSON.parse(text) : null;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${data?.error ?? text}`);
    return data;
  }
}

/** Signs in an existing account at `base` and answers a client carrying its session. */
export async function signIn(base, { email, password }) {
  const client = new ApiClient(base);
  client.user = await client.request('POST', '/api/auth/sign-in', { email, password });
  return client;
}

/** The password of the accounts `seedTeam` makes. */
export const TEAM_PASSWORD = 'correct horse battery';

/**
 * The team most end-to-end tests start from, made through the API at `base`: Ada (admin of the
 * workspace `acme`), Bob (member) and Gus (guest), and the project "Website" (WEB) with Bob and
 * Gus in it as member and guest. Answers `{ ada, bob, gus, project, projectPath }`.
 */
export async function seedTeam(base) {
  const [ada, bob, gus] = await Promise.all([
    signUp(base, { email: 'ada@example.com', password: TEAM_PASSWORD, display_name: 'Ada Lovelace' }),
    signUp(base, { email: 'bob@example.com', password: TEAM_PASSWORD, display_name: 'Bob Member' }),
    signUp(base, { email: 'gus@example.com', password: TEAM_PASSWORD, display_name: 'Gus Guest' }),
  ]);
  await ada.request('POST', '/api/workspaces', { name: 'Acme', slug: 'acme' });
  await ada.request('POST', '/api/workspaces/acme/members', { email: 'bob@example.com', role: 15 });
  await ada.request('POST', '/api/workspaces/acme/members', { email: 'gus@example.com', role: 5 });
  const project = await ada.request('POST', '/api/workspaces/acme/projects', { name: 'Website', identifier: 'WEB' });
  const projectPath = `/api/workspaces/acme/projects/${project.id}`;
  await ada.request('POST', `${projectPath}/members`, { user_id: bob.user.id, role: 15 });
  await ada.request('POST', `${projectPath}/members`, { user_id: gus.user.id, role: 5 });
  return { ada, bob, gus, project, projectPath };
}
