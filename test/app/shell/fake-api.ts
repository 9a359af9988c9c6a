// A fake API server for the app's tests: routes matched by method and path pattern, answered
// with JSON (or nothing), and every request recorded, so a screen runs without any server. Its
// `collab` serves the shared documents (issue descriptions, pages) in the test page.
import { FakeCollab } from './fake-collab.js';
import { FakeLive } from './fake-live.js';

/** A request the fake received. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  /** The parsed JSON body, the FormData of an upload, or undefined. */
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

const ANSWER = Symbol('answer');

/** What a route answers: a status (200 by default), a JSON body and headers. Make one with `reply`. */
export interface FakeAnswer {
  [ANSWER]: true;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An answer with a status, a JSON body (none for undefined) and headers. */
export function reply(status: number, body?: unknown, headers?: Record<string, string>): FakeAnswer {
  return { [ANSWER]: true, status, body, headers };
}

type Handler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer> | unknown;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .replace(/\/+$/, '')
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), names };
}

/** A server answer held back until the test says: a route awaits `opened`, the test calls `open()`. */
export function gate(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const isAnswer = (value: unknown): value is FakeAnswer => typeof value === 'object' && value !== null && ANSWER in value;

/** The fake server: add routes with `on`, hand `fetch` to the API client, read `requests`. */
export class FakeApi {
  readonly requests: FakeRequest[] = [];
  /** The collaboration server (`/api/collab/<name>`), for the app's API client's `WebSocket`. */
  readonly collab = new FakeCollab();
  /** The workspace's live stream (`/api/workspaces/:slug/events`), for the app's API client's `EventSource`. */
  readonly live = new FakeLive();
  private readonly routes: Route[] = [];

  /** Answers `method path` (path under /api, with :params) with `handler`'s result: a `reply(...)`, or a body for 200 (undefined: 204). */
  on(method: string, path: string, handler: Handler): this {
    const { pattern, names } = compile(`/api${path}`);
    // Later routes win, so a test can override a default answer.
    this.routes.unshift({ method, pattern, names, handler });
    return this;
  }

  /** The requests sent as `method` to a path matching `path` (a pattern as in `on`). */
  sent(method: string, path: string): FakeRequest[] {
    const { pattern } = compile(`/api${path}`);
    return this.requests.filter((request) => request.method === method && pattern.test(request.path));
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://app.test');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      params: {},
      body,
      headers: new Headers(init.headers),
      credentials: init.credentials,
    };
    this.requests.push(request);
    // Answer on a later task, as a network would.
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const route of this.routes) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      route.names.forEach((name, i) => (request.params[name] = decodeURIComponent(match[i + 1]!)));
      const result = await route.handler(request);
      const answer = isAnswer(result) ? result : { body: result, status: undefined, headers: undefined };
      const status = answer.status ?? (answer.body === undefined ? 204 : 200);
      const headers = new Headers(answer.headers);
      if (answer.body !== undefined) headers.set('content-type', 'application/json; charset=utf-8');
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status, headers });
    }
    return new Response(JSON.stringify({ error: `No fake route for ${method} ${url.pathname}` }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  };
}
