// Which server test files run on which database back-end in `npm test`.
//
// The server speaks the same SQL to PGlite and to PostgreSQL through one interface
// (src/server/db), so most files can only fail the same way on both: npm test runs the whole
// suite once, on PostgreSQL (the back-end of several processes, and the quicker here: the
// database works in its own process). On PGlite it runs the files below: the database layer's
// own, and every file whose code branches on the back-end (one connection, no LISTEN/NOTIFY,
// a data folder held by one process, the embedded database `npm start` seeds). A new file whose
// code path differs on PGlite belongs in this list. `npm run test:server` runs every file on
// PGlite, the inner loop's default; files named *.postgres.test.ts need PostgreSQL.

/** Server test files (names under test/server) that also run on PGlite. */
export const PGLITE_FILES = [
  'auth-limits.test.ts',
  'collab-descriptions.test.ts',
  'collab-durability.test.ts',
  'collab-store.test.ts',
  'config.test.ts',
  'db.test.ts',
  'job-queue.test.ts',
  'live-events.test.ts',
  'persistence.test.ts',
  'read-caches.test.ts',
  'request-queries.test.ts',
  'server-build.test.ts',
  'storage-start-check.test.ts',
  'storage-sweep.test.ts',
];

/** Whether a server test file needs PostgreSQL (several server processes on one database). */
export const postgresOnly = (file) => file.endsWith('.postgres.test.ts');

/** Whether `file` (a path) runs on PGlite in npm test. */
export const runsOnPglite = (file) => PGLITE_FILES.some((name) => file.endsWith(`/test/server/${name}`) || file === `test/server/${name}`);
