/** A local HTTP server on 127.0.0.1 that stands in for an external service in tests. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received, body read as text. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What a test programs the fake to do with one request. */
export type FakeHandler = (request: ReceivedRequest, response: ServerResponse) => void;

/** A running fake: its base URL, the requests it got, and how to stop it. */
export interface FakeHttpServer {
  url: string;
  requests: ReceivedRequest[];
  /** Replaces the handler for the requests that follow. */
  handle(handler: FakeHandler): void;
  close(): Promise<void>;
}

/** Answers with a JSON body. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Starts a fake on an ephemeral port of 127.0.0.1. */
export async function startFakeHttpServer(initial: FakeHandler): Promise<FakeHttpServer> {
  let handler = initial;
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(received);
      handler(received, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    async close() {
      // Requests a test left hanging (timeouts) would otherwise keep the server open.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
