// A process and everything it started, for stopping a test part that hangs (its runners start
// browsers, servers and GNU time, none of which pass a signal on to their children).
import { readFileSync, readdirSync } from 'node:fs';

/**
 * Every process as /proc reads now (Linux; empty elsewhere), by id: its parent, when it started
 * (clock ticks after boot: with the id, tells a process from a later one given the same id) and
 * the processor seconds it has taken (user and system, at Linux's 100 ticks a second).
 */
export function readProcesses() {
  const processes = new Map();
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return processes;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // The process ended while the list was read.
    }
    // The command's name (field 2) may hold spaces and parentheses: the fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    processes.set(Number(entry), { parent: Number(fields[1]), started: fields[19], seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
  }
  return processes;
}

/** The ids of `pid` and every process below it, parents first (Linux's /proc; just `pid` elsewhere). */
export function processTree(pid) {
  const children = new Map();
  for (const [id, { parent }] of readProcesses()) children.set(parent, [...(children.get(parent) ?? []), id]);
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** Kills `pid` and everything below it with SIGKILL, children first. */
export function killTree(pid) {
  for (const id of processTree(pid).reverse()) {
    try {
      process.kill(id, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
