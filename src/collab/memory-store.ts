import type { CollabStore } from './hub.js';

/**
 * A store that keeps documents in memory: for tests and demos only (a restart loses everything).
 * `failNext` makes the next append fail, as a full disk would.
 */
export class MemoryStore implements CollabStore {
  readonly logs = new Map<string, Array<{ seq: number; update: Uint8Array }>>();
  private seq = 0;
  failNext = false;

  async load(name: string): Promise<{ updates: Uint8Array[]; seq: number }> {
    const log = this.logs.get(name) ?? [];
    return { updates: log.map((entry) => entry.update), seq: log.at(-1)?.seq ?? 0 };
  }

  async append(name: string, updates: readonly Uint8Array[]): Promise<number> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('The store failed');
    }
    const log = this.logs.get(name) ?? [];
    for (const update of updates) log.push({ seq: ++this.seq, update });
    this.logs.set(name, log);
    return this.seq;
  }

  async compact(name: string, state: Uint8Array, seq: number): Promise<void> {
    const log = this.logs.get(name) ?? [];
    this.logs.set(name, [{ seq, update: state }, ...log.filter((entry) => entry.seq > seq)]);
  }
}
