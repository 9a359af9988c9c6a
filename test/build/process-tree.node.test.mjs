// npm test stops a part that hangs with everything it started (scripts/process-tree.mjs).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
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
  for (let i = 0; alive(sleeper) && i < 1000; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.equal(alive(sleeper), false, 'the sleeping child is gone');
});
