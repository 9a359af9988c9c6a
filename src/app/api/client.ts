import { ApiError, GENERIC_ERROR, NETWORK_ERROR } from './api-error.js';
import { fetchWithUploadProgress } from './upload-progress.js';

/** The HTTP methods the API uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query string values; undefined, null and empty lists are left out. */
export type Query = Record<string, string | number | boolean | readonly string[] | null | undefined>;

/** Options of one request. */
export interface RequestOptions {
  /** A JSON body, or FormData for a multipart upload. */
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Told how much of the body was sent, from 0 to 1 (uploads): as it goes through the browser's
   * own network stack, at the end only through a fetch given to the client (tests).
   */
  onUploadProgress?: (fraction: number) => void;
}

/** A JSON answer with the headers it came with (lists carry `x-total-count`). */
export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  /** The HTTP status: 304 (nothing in `data`) answers a conditional request whose copy is still current. */
  status: number;
}

/** The typed fetch client every API module goes through. */
export interface ApiClient {
  /** Sends a request under /api and resolves with its JSON answer (undefined for 204). */
  request<T>(method: Method, path: string, options?: RequestOptions): Promise<T>;
  /** Like request, with the answer's headers. */
  requestWithHeaders<T>(method: Method, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** The websocket address of a path under /api (`ws:`/`wss:` on the page's own host), and the class that opens it. */
  socket: { url(path: string): string; WebSocket?: new (url: string) => WebSocket };
  /**
   * Server-sent event streams under /api (the workspace's live changes): their address, and the
   * class that opens them. Absent for a client on a fetch of its own (tests), unless given one.
   */
  live?: { url(path: string): string; EventSource: new (url: string) => EventSource };
}

/** How to build a client: tests pass their own fetch. */
export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** Prefix of every path; '/api' by default. */
  baseUrl?: string;
  /** The WebSocket class for live documents (tests give an in-process one); the page's by default. */
  WebSocket?: new (url: string) => WebSocket;
  /** The EventSource class for live changes: the page's by default, none with a fetch of the caller's unless given. */
  EventSource?: new (url: string) => EventSource;
}

/** A path with its query string (arrays joined by commas, as the server's filters read them). */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else {
      params.set(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204 || !type.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * The API client: JSON in and out, the session cookie sent (same origin only), and every
 * refusal thrown as an ApiError carrying the server's `error` text.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const base = options.baseUrl ?? '/api';
  // Called through a wrapper so the global fetch is never invoked with the client as `this`.
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function requestWithHeaders<T>(method: Method, path: string, request: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) {
      body = request.body;
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    let response: Response;
    const url = `${base}${withQuery(path, request.query)}`;
    const init: RequestInit = { method, headers, body, credentials: 'same-origin', signal: request.signal };
    const progress = request.onUploadProgress;
    try {
      response = progress && !options.fetch && typeof XMLHttpRequest !== 'undefined' ? await fetchWithUploadProgress(url, init, progress) : await send(url, init);
    } catch (error) {
      // An abort is the caller's own doing: let it through as it is.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, NETWORK_ERROR);
    }
    progress?.(1);
    const json = await readJson(response);
    // 304: the caller's If-None-Match still names the current answer, which it already holds.
    if (!response.ok && response.status !== 304) {
      const answer = json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
      const text = typeof answer?.error === 'string' && answer.error ? answer.error : GENERIC_ERROR;
      throw new ApiError(response.status, text, answer);
    }
    return { data: json as T, headers: response.headers, status: response.status };
  }

  const socketUrl = (path: string): string => {
    const url = new URL(`${base}${path}`, typeof location === 'undefined' ? 'http://localhost' : location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.href;
  };

  const LiveSource = options.EventSource ?? (options.fetch || typeof EventSource === 'undefined' ? undefined : EventSource);
  return {
    requestWithHeaders,
    socket: { url: socketUrl, ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}) },
    ...(LiveSource ? { live: { url: (path: string) => `${base}${path}`, EventSource: LiveSource } } : {}),
    async request<T>(method: Method, path: string, request?: RequestOptions) {
      return (await requestWithHeaders<T>(method, path, request)).data;
    },
  };
}
