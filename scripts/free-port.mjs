import { createServer } from 'node:net';

/** A TCP port nobody listens on right now, on 127.0.0.1 (the caller binds it soon after). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
