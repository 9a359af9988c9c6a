// npm run bench:rich-text: how long the server takes to normalise a description at the limits
// (src/server/rich-text), in this process and through the worker pool the API uses.
//
// The document is the heaviest one under the caps: one paragraph of 99,000 alternating
// `<strong>ab</strong>` and `<em>cd</em>` words (1.58 MB, 99,001 elements). Measured: the
// HTML read (normaliseRichText), the editor's JSON of the result read back (description_json),
// one document through a one-thread pool (what the API does on a 2-core machine), and three
// posted at once (time until the last is answered). Medians of --runs (default 5), wall time
// and, in process, the CPU time (steadier when the machine is busy). Figures go to
// docs/benchmarks.md ("Rich text on the server") by hand.
import { loadavg } from 'node:os';
import { DEFAULT_RICH_TEXT_TIMEOUT_MS } from '../src/server/config.js';
import { createRichTextPool, normaliseRichText } from '../src/server/rich-text/index.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? Number(args[at + 1]) : fallback;
};
const RUNS = option('runs', 5);
const MARKS = option('marks', 99_000);

let html = '<p>';
for (let i = 0; i < MARKS; i++) html += i % 2 ? '<em>cd</em> ' : '<strong>ab</strong> ';
html += '</p>';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

/** Wall and CPU milliseconds of `fn`, `RUNS` times. */
async function measure(fn: () => unknown): Promise<{ wall: number[]; cpu: number[] }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(usage);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall, cpu };
}

const rows: Array<[string, string, string]> = [];
const report = (name: string, { wall, cpu }: { wall: number[]; cpu: number[] }, withCpu = true) => {
  rows.push([name, ms(median(wall)), withCpu ? ms(median(cpu)) : '']);
  console.error(`${name}: ${wall.map((value) => Math.round(value)).join(', ')} ms`);
};

const before = loadavg();
const { json } = normaliseRichText({ html });
report('HTML, in process', await measure(() => normaliseRichText({ html })));
report('its JSON, in process', await measure(() => normaliseRichText({ json })));

const pool = createRichTextPool({ threads: 1, timeoutMs: 600_000 });
await pool.normalise({ html: '<p>warm</p>' }, 'description');
const onePooled = await measure(() => pool.normalise({ html }, 'description'));
report('HTML, pool of one thread', onePooled, false);
report('3 at once, pool of one thread', await measure(() => Promise.all([1, 2, 3].map(() => pool.normalise({ html }, 'description')))), false);
await pool.close();

console.log(`\n${MARKS.toLocaleString('en-US')} marks, ${(html.length / 1e6).toFixed(2)} MB; median of ${RUNS}`);
console.log(`| document | wall | CPU (in process) |\n| --- | ---: | ---: |`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
// The API gives each document DEFAULT_RICH_TEXT_TIMEOUT_MS once a thread has it: the margin a
// document of the limits leaves (the server's tests leave this to the benchmark, as a loaded
// machine decides it there).
const slowest = Math.max(...onePooled.wall);
console.log(`\nThe slowest of ${RUNS} through the pool took ${ms(slowest)}: ${(DEFAULT_RICH_TEXT_TIMEOUT_MS / slowest).toFixed(1)}x within the default timeout of ${ms(DEFAULT_RICH_TEXT_TIMEOUT_MS)}.`);
const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
console.log(`\nLoad average (1, 5, 15 min) before ${load(before)}, after ${load(loadavg())}.`);
