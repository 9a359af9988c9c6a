// The server under test for `npm run bench:server` (bench/server.mjs starts it as a child
// process, so the load generator never shares its event loop): the API as `npm start` builds
// it, configured from the environment like production (logging at LOG_LEVEL, default info),
// and beside it, on its own port, the ceiling: a fastify with the same options and response
// headers answering a fixed JSON text as large as the issue list, which no application
// server on this machine can beat.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import { buildApp, fastifyOptions } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { installSecurityHeaders } from '../src/server/http/security-headers.js';

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });

let staticBody = '[]';
const ceiling = Fastify(fastifyOptions(config));
installSecurityHeaders(ceiling);
ceiling.get('/api/ceiling', async (_request, reply) => reply.type('application/json; charset=utf-8').send(staticBody));
await ceiling.listen({ port: 0, host: '127.0.0.1' });

const portOf = (server: typeof app.server) => {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
// With --profile, the bench records this process's CPU profile around each measured target.
let profiler: Session | null = null;
process.on('message', async (message: { staticBody?: string; profile?: 'start' | 'stop'; file?: string; cpu?: boolean }) => {
  if (message.cpu) {
    // The CPU this process has used, so the bench can give each target's CPU time per request.
    const { user, system } = process.cpuUsage();
    process.send!({ cpuMicroseconds: user + system });
  } else if (typeof message.staticBody === 'string') {
    staticBody = message.staticBody;
    process.send!({ staticBodySet: staticBody.length });
  } else if (message.profile === 'start') {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    process.send!({ profiling: true });
  } else if (message.profile === 'stop' && profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(message.file!, JSON.stringify(profile));
    profiler.disconnect();
    profiler = null;
    process.send!({ profiled: message.file });
  }
});
process.send!({ ready: true, api: portOf(app.server), ceiling: portOf(ceiling.server), kind: app.db.kind });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    Promise.all([app.close(), ceiling.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
