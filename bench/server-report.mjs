// Turns `npm run bench:server` results into the printed table and the "Server" section of
// docs/benchmarks.md (also kept by `npm run bench`, which rewrites the rest of that file).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';

const TARGET_NAMES = {
  list: 'issue list (50 rows)',
  detail: 'issue detail',
  search: 'issue search',
  create: 'issue creation',
};
const DB_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** The machine and versions a server run is measured on. */
export async function serverEnvironment(root) {
  let commit = 'unknown';
  let postgres = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {}
  const version = (pkg) => {
    try {
      return JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
    } catch {
      return 'not installed';
    }
  };
  if (process.env.DATABASE_URL) {
    try {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      postgres = (await client.query('SHOW server_version')).rows[0].server_version;
      await client.end();
    } catch {}
  }
  return {
    cpu: `${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${platform()} ${release()}`,
    node: process.version,
    commit,
    packages: Object.fromEntries(['fastify', '@electric-sql/pglite', 'pg', 'autocannon'].map((pkg) => [pkg, version(pkg)])),
    postgres,
  };
}

const share = (run, name) => run.targets[name] && run.ceiling.requestsPerSecond ? run.targets[name].requestsPerSecond / run.ceiling.requestsPerSecond : null;
const fmt = (v, digits = 0) => (v == null ? '–' : v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
const percent = (v) => (v == null ? '–' : `${(v * 100).toFixed(1)}%`);

/** The targets, checked against a run: [what, met (true/false/null when not measured), figures]. */
export function serverTargetChecks(results) {
  const checks = [];
  const pg = results.runs.postgres;
  const lite = results.runs.pglite;
  const list = (run) => run?.targets.list;
  checks.push([
    'PostgreSQL, issue list at 20 clients: at least 40% of the static ceiling and p99 under 100 ms',
    list(pg) && results.connections === 20 ? share(pg, 'list') >= 0.4 && list(pg).p99 < 100 : null,
    list(pg) ? `${percent(share(pg, 'list'))} of the ceiling, p99 ${list(pg).p99} ms` : 'not measured',
  ]);
  checks.push([
    'PGlite, issue list at 20 clients: p99 under 250 ms',
    list(lite) && results.connections === 20 ? list(lite).p99 < 250 : null,
    list(lite) ? `p99 ${list(lite).p99} ms, ${percent(share(lite, 'list'))} of the ceiling` : 'not measured',
  ]);
  return checks;
}

/** The rows of the results table: target, database, requests/s, p50, p99, % of the ceiling. */
function rows(results) {
  const out = [];
  for (const [kind, run] of Object.entries(results.runs)) {
    out.push([`static ceiling (${fmt(run.listBytes)} bytes)`, DB_NAMES[kind], fmt(run.ceiling.requestsPerSecond), fmt(run.ceiling.before.p50), fmt(run.ceiling.before.p99), '100%', fmt(run.ceiling.before.serverCpuMsPerRequest, 2)]);
    for (const [name, target] of Object.entries(run.targets)) {
      const failed = target.non2xx + target.errors + target.timeouts;
      out.push([
        `${TARGET_NAMES[name]}${failed ? ` (${failed} failed)` : ''}`,
        DB_NAMES[kind],
        fmt(target.requestsPerSecond),
        fmt(target.p50),
        fmt(target.p99),
        percent(share(run, name)),
        fmt(target.serverCpuMsPerRequest, 2),
      ]);
    }
  }
  return out;
}

const HEAD = ['target', 'database', 'requests/s', 'p50 ms', 'p99 ms', '% of ceiling', 'server CPU ms/request'];

/** Prints the table and the targets to the console. */
export function printServerTable(results) {
  const table = [HEAD, ...rows(results)];
  const widths = HEAD.map((_, i) => Math.max(...table.map((r) => String(r[i]).length)));
  console.log('');
  for (const row of table) console.log(row.map((cell, i) => (i < 2 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  '));
  console.log(`\nload average (1, 5, 15 min): before ${results.loadAverage.before.map((v) => v.toFixed(2)).join(', ')}; after ${results.loadAverage.after.map((v) => v.toFixed(2)).join(', ')}`);
  for (const [what, met, figures] of results.checks) console.log(`${met === null ? 'not measured' : met ? 'met' : 'MISSED'}: ${what} (${figures})`);
}

/** The "Server" section of docs/benchmarks.md, ending with a blank line. */
export function serverSection(results) {
  const md = (r) => `| ${r.join(' | ')} |`;
  const env = results.environment;
  const load = (l) => l.map((v) => v.toFixed(2)).join(', ');
  const notes = join(new URL('..', import.meta.url).pathname, 'bench/SERVER-NOTES.md');
  return `## Server

Generated by \`npm run bench:server\` (bench/server.mjs) on ${results.date.slice(0, 10)}${results.quick ? ' with --quick' : ''}; do not edit by hand.
autocannon with ${results.connections} connections, ${results.secondsPerTarget} s per target after a ${results.warmupSeconds} s warm-up, from another
process than the server's, over 127.0.0.1. Raw figures: \`bench/results/server-latest.json\`.

${md(HEAD)}
${md(HEAD.map((_, i) => (i < 2 ? '---' : '---:')))}
${rows(results).map(md).join('\n')}

${results.checks.map(([what, met, figures]) => `- ${met === null ? 'not measured' : met ? 'met' : '**missed**'}: ${what} (${figures})`).join('\n')}

Other work on the machine moves the absolute figures from run to run, so each target is judged
against the **static ceiling** measured in the same run: the same fastify options and response
headers answering a fixed JSON text as large as the list, the most requests this machine serves
whatever the application does. The server's CPU time per request (its process's user and system
time over the target's requests) moves less with the machine's load; on PostgreSQL it leaves out
the database's own processes, on PGlite it includes the database. Load average (1, 5, 15 min) before the run ${load(results.loadAverage.before)}, after ${load(results.loadAverage.after)}.

- **server**: \`bench/server-child.ts\`, the app \`npm start\` builds (\`buildApp\`), configured from the
  environment like production (log level info, production password hashing), in a child process;
  PGlite in a fresh data folder, or a throwaway database on \`DATABASE_URL\`'s server.
- **data**: one project seeded through the API: ${results.runs[Object.keys(results.runs)[0]].seed.issues} issues (a short rich-text description,
  a state, a priority, up to 3 of ${results.runs[Object.keys(results.runs)[0]].seed.labels} labels, up to 2 of ${results.runs[Object.keys(results.runs)[0]].seed.assignees} assignees, most with a target date).
  Every request carries the admin's session cookie (signed in once).
- **targets**: \`GET …/issues?limit=50\` (the list, with labels and assignees per row), \`GET …/issues/:id\`
  over 50 issues, \`GET …/search-issues?search=word\` over a dozen words, \`POST …/issues\` (a new issue
  with labels and assignees, its activity and subscriptions).
${existsSync(notes) ? `\n${readFileSync(notes, 'utf8').trim()}\n` : ''}
Machine: ${env.cpu}; ${env.memory}; ${env.os}; Node ${env.node}${env.postgres ? `; PostgreSQL ${env.postgres}` : ''}; commit ${env.commit};
${Object.entries(env.packages).map(([k, v]) => `${k} ${v}`).join(', ')}; run time ${results.durationSeconds} s.

`;
}

/** The Server section for docs/benchmarks.md from bench/results/server-latest.json, or '' when there is none. */
export function storedServerSection(root) {
  const file = join(root, 'bench/results/server-latest.json');
  return existsSync(file) ? serverSection(JSON.parse(readFileSync(file, 'utf8'))) : '';
}

/** Replaces (or adds, before "## Targets") the Server section of docs/benchmarks.md. */
export function writeServerDocs(root, results) {
  const file = join(root, 'docs/benchmarks.md');
  const text = readFileSync(file, 'utf8');
  const section = serverSection(results);
  const start = text.indexOf('\n## Server\n');
  let next;
  if (start >= 0) {
    const end = text.indexOf('\n## ', start + 1);
    next = text.slice(0, start + 1) + section + (end >= 0 ? text.slice(end + 1) : '');
  } else {
    const at = text.indexOf('\n## Targets\n');
    next = at >= 0 ? text.slice(0, at + 1) + section + text.slice(at + 1) : `${text.trimEnd()}\n\n${section}`;
  }
  writeFileSync(file, next);
}
