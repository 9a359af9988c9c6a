import type { FastifyBaseLogger } from 'fastify';
import type { ChangeListener, Database } from '../db/index.js';
import type { ProjectContext, WorkspaceContext } from '../http/context.js';
import type { AuthUser } from '../users/user-shape.js';
import { ScopedCache } from './scoped-cache.js';

/** The channel the database's triggers announce changes on (migration 0009). */
export const CHANGES_CHANNEL = 'rich_editor_changes';

/** A live session as kept in memory: its user and when it expires. */
export interface CachedSession {
  user: AuthUser;
  expiresAt: number;
}

/** The caller's workspace (with role) and, when the route names one, the project with their membership. */
export interface CachedAccess {
  workspace: WorkspaceContext;
  project: (Omit<ProjectContext, 'role' | 'is_member'> & { member_role: number | null }) | null;
}

/** A page of an issue list, as sent: the JSON text and the count of all matching issues. */
export interface CachedIssuePage {
  body: string;
  total: number;
}

/** Scope of a project's issue lists. */
export const projectScope = (projectId: string) => `p:${projectId}`;
/** Scope of a user's sessions. */
export const userScope = (userId: string) => `u:${userId}`;

/**
 * What every request of a signed-in user reads (the session, the caller's roles) and the most
 * read page of the tracker (a project's issue list), kept in this process's memory and dropped
 * when the database announces a change (triggers of migration 0009, heard through LISTEN by
 * every server process on the database). Kept answers are served only while the listener is
 * connected; when it drops, everything is dropped and read from the database until it is back.
 *
 * A client that changed something reads its change back from any process (change-hooks.ts);
 * other clients see it once PostgreSQL hands the notification to the process answering them,
 * normally within milliseconds of the commit.
 */
export class ReadCaches {
  readonly sessions = new ScopedCache<CachedSession>({ maxEntries: 20_000 });
  readonly access = new ScopedCache<CachedAccess>({ maxEntries: 20_000 });
  readonly issueLists = new ScopedCache<CachedIssuePage>({
    maxEntries: 2_000,
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (page) => page.body.length * 2,
  });
  #listener: ChangeListener | null = null;
  #crossProcess = false;

  /** Whether anything is kept at all (READ_CACHE is on). */
  get keeping(): boolean {
    return this.#listener !== null;
  }

  /** Whether other processes may change the database (PostgreSQL; PGlite is this process's own). */
  get crossProcess(): boolean {
    return this.#crossProcess;
  }

  #all(): ScopedCache<unknown>[] {
    return [this.sessions, this.access, this.issueLists] as ScopedCache<unknown>[];
  }

  #setEnabled(enabled: boolean): void {
    for (const cache of this.#all()) cache.setEnabled(enabled);
  }

  /** Handles one announced change (see migration 0009 for the messages). */
  changed(message: string): void {
    if (message.startsWith('p:')) this.issueLists.drop(message);
    else if (message.startsWith('u:')) this.sessions.drop(message);
    else if (message === 'm') this.access.dropAll();
    else for (const cache of this.#all()) cache.dropAll();
  }

  /** Starts listening for changes; with `enabled` false nothing is ever kept. */
  async start(db: Database, log: FastifyBaseLogger, enabled: boolean): Promise<void> {
    this.#setEnabled(false);
    if (!enabled) return;
    this.#crossProcess = db.kind === 'postgres';
    this.#listener = await db.listen(CHANGES_CHANNEL, {
      message: (payload) => this.changed(payload),
      lost: () => {
        log.warn('lost the database change listener: kept answers are dropped and read from the database until it is back');
        this.#setEnabled(false);
      },
      restored: () => {
        log.info('listening to database changes again');
        this.#setEnabled(true);
      },
    });
    this.#setEnabled(true);
  }

  /** Resolves once this process has heard every change committed before the call. */
  sync(): Promise<void> {
    return this.#listener?.sync() ?? Promise.resolve();
  }

  async close(): Promise<void> {
    this.#setEnabled(false);
    await this.#listener?.close();
    this.#listener = null;
  }
}
