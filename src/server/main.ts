import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { seedDemoData } from './seed/index.js';

// npm start: the API and the built front end on one port.
const config = loadConfig();
const app = await buildApp(config);
if (process.env.SEED_DEMO !== 'false') await seedDemoData(app.db, app.storage, config);
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`rich-editor: http://localhost:${port}/ (${app.db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
