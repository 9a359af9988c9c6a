import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../auth/rate-limiter.js';
import type { CollabService } from '../collab/collab-service.js';
import type { ReadCaches } from '../cache/read-caches.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { JobSignals } from '../jobs/job-signals.js';
import type { LiveEvents } from '../live/live-events.js';
import type { Mailer } from '../mail/index.js';
import type { AuthUser } from '../users/user-shape.js';
import type { WorkspaceJson } from '../workspaces/workspace-shape.js';

/** The workspace a route works in, with the caller's workspace role there (set by requireWorkspaceRole). */
export type WorkspaceContext = WorkspaceJson;

/** The project a route works in, with the caller's effective project role (set by requireProjectRole). */
export interface ProjectContext {
  id: string;
  workspace_id: string;
  identifier: string;
  name: string;
  /** The caller's project role; a workspace admin counts as project admin (20). */
  role: number;
  /** Whether the caller is a project member (a workspace admin may not be). */
  is_member: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (PGlite or PostgreSQL) every route queries. */
    db: Database;
    /** The configuration the app was built with. */
    config: Config;
    /** Now, as the server reads it for "today" (replaceable through AppServices.clock). */
    clock: () => Date;
    /** Attempt counters (sign-in, sign-up limits) shared by every process on the database. */
    rateLimiter: RateLimiter;
    /** Sends e-mail (by default: writes it to the log). */
    mailer: Mailer;
    /** Sessions, roles and issue lists kept in memory until the database announces a change. */
    caches: ReadCaches;
    /** This process's shared documents and their connections (editing together). */
    collab: CollabService;
    /** Tells this process's job workers of jobs queued or changed by any process. */
    jobSignals: JobSignals;
    /** Tells this process's open screens (the workspace's live streams) of changes made by any process. */
    live: LiveEvents;
  }
  interface FastifyRequest {
    /** The signed-in user once requireUser (or a role check) ran; null when anonymous. */
    user: AuthUser | null;
    /** Whether the session cookie was already looked up for this request. */
    sessionChecked: boolean;
    /** Set by requireWorkspaceRole / requireProjectRole. */
    workspace: WorkspaceContext | null;
    /** Set by requireProjectRole. */
    project: ProjectContext | null;
  }
}

function missing(what: string, preHandler: string): Error {
  return new Error(`No ${what} on this request: add ${preHandler} to the route's preHandler`);
}

/** The signed-in user of a route guarded by requireUser or a role check. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw missing('user', 'requireUser');
  return request.user;
}

/** The workspace of a route guarded by requireWorkspaceRole or requireProjectRole. */
export function currentWorkspace(request: FastifyRequest): WorkspaceContext {
  if (!request.workspace) throw missing('workspace', 'requireWorkspaceRole(min)');
  return request.workspace;
}

/** The project of a route guarded by requireProjectRole. */
export function currentProject(request: FastifyRequest): ProjectContext {
  if (!request.project) throw missing('project', 'requireProjectRole(min)');
  return request.project;
}
