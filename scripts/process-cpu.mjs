// Processor time of whole process trees, read from /proc (Linux). GNU time counts only the
// children a process waited for: the browsers' renderers and web processes, orphaned when their
// browser is killed at the end of a run, were missing from it (a full run's WebKit suite said 26-45
// processor-seconds; its processes took 222). Here each tree is sampled every few seconds and
// every process in it keeps the last figure read, so a process that lived less than one interval
// may be missed: the figures are lower bounds, as GNU time's are. A sample reads every process's
// stat file: about 0.04 processor-ms each, some 20 ms a sample in a full run.
import { readProcesses } from './process-tree.mjs';

/**
 * Samples the trees of the processes given to `track(pid, label)` every `intervalMs` until
 * `stop()`, and answers each label's processor seconds (`seconds()`). Elsewhere than Linux it
 * answers an empty map.
 */
export function processTreeCpu({ intervalMs = 3000 } = {}) {
  const roots = new Map();
  /** Each process seen in a tracked tree, by pid and start (a pid used again is another process): its label and last figure. */
  const seen = new Map();
  const sample = () => {
    const processes = readProcesses();
    for (const [pid, { started, seconds }] of processes) {
      const key = `${pid}:${started}`;
      const known = seen.get(key);
      if (known) {
        known.seconds = seconds;
        continue;
      }
      // The nearest tracked ancestor: a tracked command, or a process seen in a tracked tree (one
      // orphaned when its parent was killed still hands its label to what it starts).
      for (let at = pid, hops = 0; at > 1 && hops < 64; at = processes.get(at)?.parent ?? 0, hops++) {
        const label = roots.get(at) ?? (at === pid ? undefined : seen.get(`${at}:${processes.get(at)?.started}`)?.label);
        if (label) {
          seen.set(key, { label, seconds });
          break;
        }
      }
    }
  };
  const timer = process.platform === 'linux' ? setInterval(sample, intervalMs) : null;
  timer?.unref();
  return {
    track(pid, label) {
      if (!timer || !pid) return;
      roots.set(pid, label);
      sample();
    },
    /** The tracked command `pid` ended: its tree is read once more, and the pid is free for another process. */
    ended(pid) {
      if (!timer || !roots.has(pid)) return;
      sample();
      roots.delete(pid);
    },
    stop() {
      if (!timer) return;
      sample();
      clearInterval(timer);
    },
    /** Processor seconds by label, as last sampled. */
    seconds() {
      const totals = new Map();
      for (const { label, seconds } of seen.values()) totals.set(label, (totals.get(label) ?? 0) + seconds);
      return totals;
    },
  };
}
