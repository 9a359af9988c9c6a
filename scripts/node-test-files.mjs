// Runs Node test files (each in a process of its own, as `node --test` does) in the order given,
// `--concurrency` at a time, with the spec report on stdout and a TAP report in `--tap`:
//
//   node scripts/node-test-files.mjs --concurrency 2 --tap report.tap <file>…
//
// `node --test` sorts the files it is given by name; npm test starts the longest first, so the
// part does not end on one long file running alone. Exits 1 when a test or a file fails.
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? null : args.splice(at, 2)[1];
};
const concurrency = Number(option('--concurrency') ?? 1);
const tapFile = option('--tap');
const files = args.map((file) => resolve(file));

const events = run({ files, concurrency });
// Each report reads every event: the stream's events are handed to both.
const reports = [new PassThrough({ objectMode: true }), new PassThrough({ objectMode: true })];
let failed = false;
events.on('data', (event) => {
  if (event.type === 'test:fail') failed = true;
  for (const report of reports) report.write(event);
});
events.on('end', () => reports.forEach((report) => report.end()));
const [toSpec, toTap] = reports;
const specReport = toSpec.compose(new spec());
specReport.pipe(process.stdout, { end: false });
const written = [finished(specReport)];
if (tapFile) written.push(finished(Readable.from(tap(toTap)).pipe(createWriteStream(tapFile))));
else toTap.resume();
await Promise.all(written);
process.exitCode = failed ? 1 : 0;
