// A process and everything it started, for stopping a test part that hangs (its runners start
// browsers, servers and GNU time, none of which pass a signal on to their children).
import { readFileSync, readdirSync } from 'node:fs';

/** The ids of `pid` and every process below it, parents first (Linux's /proc; just `pid` elsewhere). */
export function processTree(pid) {
  const children = new Map();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      } catch {
        // The process ended while the list was read.
      }
    }
  } catch {
    return [pid];
  }
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
