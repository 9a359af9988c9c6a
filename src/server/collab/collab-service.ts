/**
 * Editing together inside the API server: one CollabHub per process (src/collab/hub.ts) over
 * the server's own database, the live connections it holds with the project each belongs to,
 * and the ways they end: access revoked (a member removed, a role changed, a page deleted), or
 * the server stopping. The route (routes/collab.ts) authenticates and authorises each websocket
 * before it gets here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket, WebSocketServer } from 'ws';
import { CollabHub, type CollabSocket, type CollabUser } from '../../collab/hub.js';
import { CloseCode } from '../../collab/protocol.js';
import { schema } from '../../core/schema/index.js';
import type { CollabConfig } from '../config.js';
import type { Database } from '../db/index.js';
import type { DescriptionJson } from '../issues/description.js';
import type { RichTextPool } from '../rich-text/index.js';
import { DatabaseCollabStore } from './database-store.js';
import { DerivedCopies } from './derived-copies.js';
import type { Timers } from '../timers.js';
import { documentAccess, isRefusal, NO_SUCH_DOCUMENT, seedDocument, type DocumentAccess, type DocumentKind, type DocumentName, type Refusal } from './documents.js';
import { LogRelay } from './log-relay.js';
import type { PlainRow } from './plain-copies.js';
import { saveFromRest, type RestWrite } from './rest-writes.js';

/** Who is on a connection, as the server established it: the user, and where the document belongs. */
export interface CollabMember extends CollabUser {
  projectId: string;
  workspaceId: string;
  readOnly: boolean;
}

/** One open websocket and what it was opened for. */
interface LiveConnection {
  socket: WebSocket;
  document: DocumentName;
  member: CollabMember;
  /** Set when its access ended: nothing it sends reaches the hub any more, even while it closes. */
  revoked: boolean;
}

/**
 * Which connections a check concerns, as data (it travels to the other processes): those of a
 * project or a workspace, of one user in it, of some documents. Every field given must match.
 */
export interface ConnectionFilter {
  projectId?: string;
  workspaceId?: string;
  userId?: string;
  kind?: DocumentKind;
  ids?: string[];
}

/** Whether a connection is one `filter` selects. */
function selects(filter: ConnectionFilter, member: CollabMember, document: DocumentName): boolean {
  return (
    (filter.projectId === undefined || member.projectId === filter.projectId) &&
    (filter.workspaceId === undefined || member.workspaceId === filter.workspaceId) &&
    (filter.userId === undefined || member.id === filter.userId) &&
    (filter.kind === undefined || document.kind === filter.kind) &&
    (filter.ids === undefined || filter.ids.includes(document.id))
  );
}

/** The reason given to an editor whose access ended while connected. */
export const ACCESS_ENDED = 'Your access to this document has ended.';

/** How long stopping waits for editors to answer the close before their sockets are cut. */
const CLOSE_GRACE_MS = 2_000;

/** What the service is built from besides the database and its settings. */
export interface CollabServiceOptions {
  richText: RichTextPool;
  log: FastifyBaseLogger;
  /** The timers of the plain copies' pause (the SDK's clock by default; a test's fake one). */
  timers?: Timers;
}

/**
 * The hub of this process and the connections it holds, the plain copies it derives from its
 * documents (derived-copies.ts), the REST saves that go through them (rest-writes.ts) and the
 * relay of other processes' changes (log-relay.ts).
 */
export class CollabService {
  readonly hub: CollabHub;
  readonly copies: DerivedCopies;
  readonly relay: LogRelay;
  readonly #live = new Set<LiveConnection>();
  readonly #db: Database;
  readonly #log: FastifyBaseLogger;
  #closing = false;

  constructor(db: Database, config: CollabConfig, { richText, log, timers }: CollabServiceOptions) {
    this.#db = db;
    this.#log = log;
    this.copies = new DerivedCopies(db, richText, log, { timers });
    let relay: LogRelay | null = null;
    this.hub = new CollabHub({
      schema,
      store: new DatabaseCollabStore(db, seedDocument, { rows: (...args) => relay?.rows(...args) }),
      idleMs: config.idleMs,
      compactAfter: config.compactAfter,
      onStored: (name, doc, by) => this.copies.changed(name, doc, by),
      onUnload: (name, doc) => {
        relay?.forget(name);
        this.copies.unloaded(name, doc);
      },
      log: (message, cause) => log.error({ err: cause }, `collaboration: ${message}`),
    });
    relay = this.relay = new LogRelay(db, this.hub, log, { pollMs: config.pollMs, accessEnded: (filter) => void this.#recheckHere(filter as ConnectionFilter) });
  }

  /** Starts hearing the other processes on the same database (PostgreSQL). */
  start(): Promise<void> {
    return this.relay.start();
  }

  /** Saves a document's content from the REST API, through its shared document when it has one (rest-writes.ts). */
  saveFromRest<Row extends PlainRow>(write: RestWrite<Row>): Promise<DescriptionJson> {
    return saveFromRest(this.#db, this.hub, this.copies, write);
  }

  /**
   * Brings the stored copy of `document` up to date with the shared document as this process holds
   * it: a pause not yet over ends now (derived-copies.ts). For a read that must have the words
   * typed a moment ago (an issue's copy); changes stored by another process within the pause are
   * that process's to save.
   */
  upToDate(document: DocumentName): Promise<void> {
    return this.copies.flush(document.name);
  }

  /** The connections open now (for tests and a status page). */
  get connections(): number {
    return this.#live.size;
  }

  /** Hands an accepted websocket to the hub, for `document`, as `member`. */
  connect(socket: WebSocket, document: DocumentName, member: CollabMember): void {
    if (this.#closing) {
      socket.close(CloseCode.goingAway, 'The server is stopping; reconnecting.');
      return;
    }
    const live: LiveConnection = { socket, document, member, revoked: false };
    this.#live.add(live);
    socket.on('close', () => this.#live.delete(live));
    this.hub.connect(guarded(live), document.name, member, { readOnly: member.readOnly });
  }

  /**
   * Checks again the access of the connections `which` selects, after a change that may have
   * ended or narrowed it (a member removed or their role changed, a page made private, archived
   * or deleted, an issue deleted, a project or workspace gone). A connection that lost its access
   * is closed at once with CloseCode.forbidden (the editor stops and says why); one whose
   * read-only state changed with CloseCode.goingAway (it reconnects under its new role). Answers
   * how many it closed; a failure is logged and leaves the connections as they were.
   *
   * This process's connections are checked before it answers; the other processes on the same
   * PostgreSQL are told through the shared log's channel (log-relay.ts) and check theirs within
   * the notice's delay (milliseconds).
   */
  async recheck(which: ConnectionFilter): Promise<number> {
    await this.relay.publishAccessEnded(which).catch((error: unknown) => this.#log.error({ err: error }, 'collaboration: the other processes could not be told of ended access'));
    return this.#recheckHere(which);
  }

  async #recheckHere(which: ConnectionFilter): Promise<number> {
    const selected = [...this.#live].filter((live) => !live.revoked && selects(which, live.member, live.document));
    const verdicts = new Map<string, Promise<DocumentAccess | Refusal>>();
    let closed = 0;
    try {
      for (const live of selected) {
        const key = `${live.member.id}\n${live.document.name}`;
        if (!verdicts.has(key)) verdicts.set(key, documentAccess(this.#db, live.document, live.member.id));
      }
      for (const live of selected) {
        const access = await verdicts.get(`${live.member.id}\n${live.document.name}`)!;
        if (isRefusal(access)) {
          const reason = access === NO_SUCH_DOCUMENT ? ACCESS_ENDED : access.reason;
          closed += this.#end([live], CloseCode.forbidden, reason);
        } else if (access.readOnly !== live.member.readOnly) {
          closed += this.#end([live], CloseCode.goingAway, 'Your access to this document changed; reconnecting.');
        }
      }
    } catch (error) {
      this.#log.error({ err: error }, 'collaboration: access could not be checked again');
    }
    return closed;
  }

  /** Closes `lives` with `code` and `reason`; from now on nothing they send reaches the hub. */
  #end(lives: readonly LiveConnection[], code: number, reason: string): number {
    const doomed = new Set<CollabUser>();
    for (const live of lives) {
      if (live.revoked) continue;
      live.revoked = true;
      doomed.add(live.member);
      // Closed here too: a connection whose document is still loading is not in the hub yet.
      live.socket.close(code, reason);
    }
    if (doomed.size) this.hub.closeWhere((_name, user) => doomed.has(user), code, reason);
    return doomed.size;
  }

  /**
   * Stops: every document's waiting changes are stored (and compacted when they are many), every
   * editor is told to reconnect (CloseCode.goingAway), and sockets that do not answer within a
   * moment are cut.
   */
  async close(server: WebSocketServer): Promise<void> {
    this.#closing = true;
    await this.relay.close();
    await this.hub.close();
    await this.copies.close();
    await Promise.all([...server.clients].map((socket) => closeSocket(socket)));
  }
}

/** The hub's view of a live connection's socket: what arrives after it was revoked is dropped. */
function guarded(live: LiveConnection): CollabSocket {
  const { socket } = live;
  const adapter = {
    send: (data: Uint8Array) => socket.send(data),
    close: (code?: number, reason?: string) => socket.close(code, reason),
    on(event: 'message' | 'close', listener: (...args: never[]) => void) {
      if (event === 'message') {
        const onMessage = listener as (data: Buffer | ArrayBuffer | Buffer[], isBinary?: boolean) => void;
        socket.on('message', (data, isBinary) => {
          if (!live.revoked) onMessage(data, isBinary);
        });
      } else {
        socket.on('close', listener as () => void);
      }
      return adapter;
    },
    get readyState() {
      return socket.readyState;
    },
  };
  return adapter as CollabSocket;
}

/** Closes a socket (a no-op when closing already) and resolves once it is closed, cutting it after a grace period. */
function closeSocket(socket: WebSocket): Promise<void> {
  if (socket.readyState === socket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.close(CloseCode.goingAway, 'The server is stopping; reconnecting.');
  });
}

/** The connections of one project, or of one user in it. */
export function inProject(projectId: string, userId?: string): ConnectionFilter {
  return { projectId, userId };
}

/** The connections of one workspace, or of one user in it. */
export function inWorkspace(workspaceId: string, userId?: string): ConnectionFilter {
  return { workspaceId, userId };
}

/** The connections of the documents of an issue or a page. */
export function ofDocument(kind: DocumentKind, ids: string | readonly string[]): ConnectionFilter {
  return { kind, ids: (typeof ids === 'string' ? [ids] : ids).map((id) => id.toLowerCase()) };
}

/** The connections of a project's issue descriptions (after issues were deleted: their children may have gone too). */
export function issueDocumentsOf(projectId: string): ConnectionFilter {
  return { projectId, kind: 'issue-description' };
}
