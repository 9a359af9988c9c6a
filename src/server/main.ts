import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { seedDemoData } from './seed/index.js';
import { StorageUnavailableError } from './storage/index.js';

/** Stops the process with one line: a setting the server cannot start with says what to change. */
function cannotStart(error: unknown, expected: boolean): never {
  console.error(`rich-editor could not start: ${error instanceof Error ? error.message : String(error)}`);
  // Anything else (the database, a bug) keeps its stack for whoever looks into it.
  if (!expected) console.error(error);
  process.exit(1);
}

async function start() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    cannotStart(error, true);
  }
  try {
    return { config, app: await buildApp(config) };
  } catch (error) {
    cannotStart(error, error instanceof StorageUnavailableError);
  }
}

// npm start: the API and the built front end on one port.
const { config, app } = await start();
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
