/** How a cache measures one answer, for its byte budget. */
export type SizeOf<V> = (value: V) => number;

/** A load under way (see ScopedCache.through): its answer is kept only if nothing it read changed meanwhile. */
interface Fill {
  /** The scopes it reads; null: unknown before the answer (any drop makes it stale). */
  scopes: readonly string[] | null;
  stale: boolean;
}

interface Entry<V> {
  value: V;
  scopes: readonly string[];
  size: number;
}

/**
 * Answers kept in memory, least recently used first out, each tied to the scopes it was read
 * from: dropping a scope (because the database said it changed) drops every answer tied to it.
 * A load that started before a drop of one of its scopes returns its answer but does not keep
 * it, so an answer read before a change is never kept after the change was announced.
 */
export class ScopedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #keysByScope = new Map<string, Set<string>>();
  readonly #fills = new Set<Fill>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #sizeOf: SizeOf<V>;
  #bytes = 0;
  #enabled = true;

  constructor(options: { maxEntries: number; maxBytes?: number; sizeOf?: SizeOf<V> }) {
    this.#maxEntries = options.maxEntries;
    this.#maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.#sizeOf = options.sizeOf ?? (() => 0);
  }

  /** How many answers are kept. */
  get size(): number {
    return this.#entries.size;
  }

  /** While disabled nothing is served or kept (the change feed is down). Either way, everything kept is dropped. */
  setEnabled(enabled: boolean): void {
    this.#enabled = enabled;
    this.dropAll();
  }

  /** The kept answer for `key`, if any. */
  get(key: string): V | undefined {
    if (!this.#enabled) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Most recently used last: the Map's order is the eviction order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /**
   * The kept answer for `key`, else `load`'s, kept under `scopes` (or, when `scopes` is a
   * function, under the scopes it names for the answer) unless one of them was dropped while
   * loading. `load` answering undefined keeps nothing.
   */
  async through<T extends V>(
    key: string,
    scopes: readonly string[] | ((value: T) => readonly string[]),
    load: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const kept = this.get(key);
    return kept !== undefined ? (kept as T) : this.fill(key, scopes, load);
  }

  /** `load`'s answer for `key`, kept as `through` keeps it (whatever is kept for `key` is replaced). */
  async fill<T extends V>(
    key: string,
    scopes: readonly string[] | ((value: T) => readonly string[]),
    load: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    if (!this.#enabled) return load();
    const fill: Fill = { scopes: typeof scopes === 'function' ? null : scopes, stale: false };
    this.#fills.add(fill);
    try {
      const value = await load();
      if (value !== undefined && !fill.stale && this.#enabled) {
        this.#set(key, value, typeof scopes === 'function' ? scopes(value) : scopes);
      }
      return value;
    } finally {
      this.#fills.delete(fill);
    }
  }

  #set(key: string, value: V, scopes: readonly string[]): void {
    this.#delete(key);
    const size = this.#sizeOf(value);
    if (size > this.#maxBytes) return;
    this.#entries.set(key, { value, scopes, size });
    this.#bytes += size;
    for (const scope of scopes) {
      let keys = this.#keysByScope.get(scope);
      if (!keys) this.#keysByScope.set(scope, (keys = new Set()));
      keys.add(key);
    }
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#delete(oldest);
    }
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
    for (const scope of entry.scopes) {
      const keys = this.#keysByScope.get(scope);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByScope.delete(scope);
    }
  }

  /** Drops every answer tied to `scope`, and keeps none of the loads reading it now. */
  drop(scope: string): void {
    for (const fill of this.#fills) if (!fill.scopes || fill.scopes.includes(scope)) fill.stale = true;
    const keys = this.#keysByScope.get(scope);
    if (keys) for (const key of [...keys]) this.#delete(key);
  }

  /** Drops every answer, and keeps none of the loads under way. */
  dropAll(): void {
    for (const fill of this.#fills) fill.stale = true;
    this.#entries.clear();
    this.#keysByScope.clear();
    this.#bytes = 0;
  }
}
