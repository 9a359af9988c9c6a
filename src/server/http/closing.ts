import type { FastifyInstance } from 'fastify';

/**
 * While the server closes, a response that ends closes its connection. `server.close()` closes
 * the connections idle when it is called and waits for the others; one whose response was still
 * being sent then (a file streamed from storage, whose last read had not come back yet, although
 * the client already had every byte the length promised) stayed open after its response, kept
 * alive for the keep-alive timeout (72 s) while the close waited for it: a restart held up, and a
 * new process kept waiting behind the old one. Fastify answers requests that come during the
 * close itself (503, Connection: close).
 */
export function installClosingDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    // After the response's own bookkeeping: its connection counts as idle now.
    if (closing) app.server.closeIdleConnections();
    done();
  });
}
