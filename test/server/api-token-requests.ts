// Requests as a program sends them with a personal API token: the Authorization header, no
// cookies, no Origin (unless a test adds headers, cookies among them).
import type { TestResponse } from './harness.js';

/** Sends `method url` with `headers` and `body` (as it is) to `server`, and reads the answer. */
async function send(server: { readonly url: string }, method: string, url: string, headers: Record<string, string>, body?: string): Promise<TestResponse> {
  const response = await fetch(server.url + url, { method, headers, body });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text || undefined, text };
}

/** Sends `method url` to `server` with `Authorization: Bearer <token>` and nothing else of a browser's. */
export async function withToken(
  server: { readonly url: string },
  token: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  const json: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  return send(server, method, url, { authorization: `Bearer ${token}`, ...json, ...headers }, body === undefined ? undefined : JSON.stringify(body));
}

/** Sends `body` as it is (not encoded) as `contentType` with `token`: what a faulty program might send. */
export async function rawWithToken(
  server: { readonly url: string },
  token: string,
  method: string,
  url: string,
  body: string,
  contentType = 'application/json',
): Promise<TestResponse> {
  return send(server, method, url, { authorization: `Bearer ${token}`, 'content-type': contentType }, body);
}
