// npm test stops a part that hangs with everything it started (scripts/process-tree.mjs), and
// counts the processor time of all it started (scripts/process-cpu.mjs).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { processTreeCpu } from '../../scripts/process-cpu.mjs';
import { killTree, processTree } from '../../scripts/process-tree.mjs';

/** Whether `pid` still runs (a killed process nobody has reaped yet is a zombie, state Z: not running). */
const alive = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

test('killTree stops a process and the process it started, which a signal to the first would leave running', { skip: process.platform !== 'linux' && 'reads /proc' }, async () => {
  // A shell that starts a long sleep and prints its id, then waits on it.
  const shell = spawn('sh', ['-c', 'sleep 300 & echo $!; wait'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const [line] = await once(shell.stdout, 'data');
  const sleeper = Number(String(line).trim());
  assert.deepEqual(processTree(shell.pid), [shell.pid, sleeper]);
  const exited = once(shell, 'exit');
  killTree(shell.pid);
  await exited;
  // A killed process ends once the kernel next runs it, which on a busy machine can take longer
  // than a burst of event-loop turns: look again until it has, for at most 10 s.
  for (let i = 0; alive(sleeper) && i < 1000; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(alive(sleeper), false, 'the sleeping child is gone');
});

test('a part\'s processor time counts a process its command started and left behind, which GNU time misses', { skip: process.platform !== 'linux' && 'reads /proc' }, async () => {
  const cpu = processTreeCpu({ intervalMs: 50 });
  // The command starts a child that spins until it has taken a processor-second (whatever the
  // machine's load) and prints its id; told to (its input closed), the command exits and leaves the
  // child orphaned, as a browser's renderers are when the browser is killed. The child writes to
  // the command's output, which therefore ends when the child does.
  const spin = 'const s = process.cpuUsage(); while (process.cpuUsage(s).user + process.cpuUsage(s).system < 1e6);';
  const command = spawn(
    process.execPath,
    ['-e', `const c = require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(spin)}], { detached: true, stdio: ['ignore', 'inherit', 'ignore'] }); c.unref(); console.log(c.pid); process.stdin.resume().on('end', () => process.exit());`],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const output = once(command.stdout, 'end');
  cpu.track(command.pid, 'part');
  await once(command.stdout, 'data');
  // Tracking the test's own tree reads the processes at once: the child is seen under the command.
  cpu.track(process.pid, 'the test');
  command.stdin.end();
  await once(command, 'exit');
  cpu.ended(command.pid);
  // Seen once its parent has gone, it keeps the part's label to its end (when the output ends).
  await output;
  cpu.stop();
  const own = process.cpuUsage();
  const seconds = cpu.seconds();
  assert.ok(seconds.get('part') >= 0.5, `the orphan's processor-second is the part's (${seconds.get('part')} s)`);
  // The test's own tree, which the part's command is in too, has only the test's own time: the nearest tracked ancestor takes a process.
  assert.ok(seconds.get('the test') <= (own.user + own.system) / 1e6 + 0.1, `the test's tree has its own time only (${seconds.get('the test')} s)`);
});
