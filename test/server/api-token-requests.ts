// Requests as a program sends them with a personal API token: the Authorization header, no
// cookies, no Origin (unless a test adds headers, cookies among them).
import type { TestResponse } from './harness.js';

/** Sends `method url` to `server` with `Authorization: Bearer <token>` and nothing else of a browser's. */
export async function withToken(
  server: { readonly url: string },
  token: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  const response = await fetch(server.url + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text || undefined, text };
}
