// A migrated PGlite folder that test servers start from, instead of creating their own.
import { createHash } from 'node:crypto';
import { cpSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, migrations } from '../../src/server/db/index.js';
import { openPglite } from '../../src/server/db/pglite.js';

/**
 * Creating a PGlite database runs initdb in WebAssembly: about 5 s of CPU, most of a server test
 * file's start. The test servers start instead from a copy of one database created and migrated
 * once per PGlite version and set of migrations (kept in the temporary folder, shared by the test
 * processes); a copy takes a few hundred milliseconds and opens as the same database. What a
 * first start on an empty folder does is tested where it matters (test/server/migrations tests
 * open PGlite themselves).
 */
export async function copyMigratedPglite(target: string): Promise<void> {
  template ??= migratedTemplate();
  // Synchronous: some 1,100 small files, five times faster than the promise-based copy.
  cpSync(await template, target, { recursive: true });
}

let template: Promise<string> | null = null;

async function migratedTemplate(): Promise<string> {
  const version = JSON.parse(await readFile(join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')).version;
  const key = createHash('sha256')
    .update(JSON.stringify([version, migrations.map(({ id, sql }) => [id, sql])]))
    .digest('hex')
    .slice(0, 16);
  const home = join(tmpdir(), `rich-editor-test-pglite-${key}`);
  const ready = join(home, 'pglite');
  if (await exists(join(home, 'ready'))) return ready;
  // Built aside and renamed into place whole, so a process never copies a half-made one; when
  // two processes build it at once, the first rename wins and the other's copy is dropped.
  const building = await mkdtemp(join(tmpdir(), 'rich-editor-test-pglite-building-'));
  try {
    const db = await openPglite(join(building, 'pglite'));
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    await writeFile(join(building, 'ready'), `${version}\n`);
    await rename(building, home).catch(async (error: NodeJS.ErrnoException) => {
      if (!(await exists(join(home, 'ready')))) throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return ready;
}

const exists = (path: string) => stat(path).then(() => true, () => false);
