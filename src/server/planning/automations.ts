import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CLOSE_STATE_NOT_CANCELLED, NO_CANCELLED_STATE } from '../../api-shapes/automation-periods.js';
import type { Automation, AutomationPreview } from '../../api-shapes/automation.js';
import type { Db } from '../db/index.js';
import { badRequest } from '../http/errors.js';
import { recordIssueActivity } from '../issues/activity.js';
import { findIssue } from '../issues/issue-lookup.js';
import { applyIssueChanges } from '../issues/issue-update.js';
import { PROCESS_TIMERS, type Timers } from '../timers.js';
import { LIVE_ISSUES_SQL } from './live-issues.js';
import { remindOverdue } from './overdue-reminders.js';

// Plane's project automations: issues done with are archived some months after they were done,
// and issues nobody touched for some months are closed. The changes are a bot's ("Automation"),
// made as anyone's are (activity, live events, webhooks), a batch of issues at a time.

/** A project's automations as stored; a project without a row has both off. */
export async function readAutomation(db: Db, projectId: string): Promise<Automation> {
  const row = await db.maybeOne<Automation>('SELECT archive_in, close_in, close_state_id FROM project_automations WHERE project_id = $1', [projectId]);
  return row ?? { archive_in: 0, close_in: 0, close_state_id: null };
}

/**
 * Stores the project's automations inside `tx`: the state to close to must be one of its cancelled
 * states (400), and closing needs one (400 when the project has none); the bot account their
 * changes are recorded under is made the first time one is turned on.
 */
export async function saveAutomation(tx: Db, projectId: string, automation: Automation): Promise<void> {
  if (automation.close_state_id) {
    const state = await tx.maybeOne('SELECT 1 FROM states WHERE id = $1 AND project_id = $2 AND "group" = \'cancelled\'', [automation.close_state_id, projectId]);
    if (!state) throw badRequest(CLOSE_STATE_NOT_CANCELLED);
  } else if (automation.close_in > 0 && !(await firstCancelledState(tx, projectId))) {
    throw badRequest(NO_CANCELLED_STATE);
  }
  const current = await tx.maybeOne<{ bot_user_id: string | null }>('SELECT bot_user_id FROM project_automations WHERE project_id = $1 FOR UPDATE', [projectId]);
  let bot = current?.bot_user_id ?? null;
  if (!bot && (automation.archive_in > 0 || automation.close_in > 0)) {
    bot = (
      await tx.one<{ id: string }>(
        `INSERT INTO users (email, password_hash, display_name, first_name, last_name, is_bot) VALUES ($1, NULL, 'Automation', 'Automation', '', true) RETURNING id`,
        [`bot:automation:${randomUUID()}`],
      )
    ).id;
  }
  await tx.query(
    `INSERT INTO project_automations (project_id, archive_in, close_in, close_state_id, bot_user_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (project_id) DO UPDATE SET archive_in = $2, close_in = $3, close_state_id = $4, bot_user_id = $5`,
    [projectId, automation.archive_in, automation.close_in, automation.close_state_id, bot],
  );
}

function firstCancelledState(db: Db, projectId: string): Promise<{ id: string } | null> {
  return db.maybeOne<{ id: string }>(`SELECT id FROM states WHERE project_id = $1 AND "group" = 'cancelled' ORDER BY sequence, created_at LIMIT 1`, [projectId]);
}

/** Issues changed per transaction: a large backlog never holds many locks for long. */
const BATCH = 50;

/**
 * The issues of project `$1` an archiving after `$3` months finds due as of `$2` (a timestamptz):
 * live ones in a completed or cancelled state since before then (a FROM … WHERE clause, `i` the issue).
 */
const ARCHIVE_DUE_SQL = `FROM issues i JOIN states s ON s.id = i.state_id
  WHERE i.project_id = $1 AND ${LIVE_ISSUES_SQL} AND s."group" IN ('completed', 'cancelled')
    AND COALESCE(i.completed_at, i.updated_at) < $2::timestamptz - make_interval(months => $3)`;

/**
 * The issues of project `$1` a closing after `$3` months finds due as of `$2`: live ones in no
 * state or one not done with, whose last change (their own or their activity's, comments included)
 * is older than that.
 */
const CLOSE_DUE_SQL = `FROM issues i LEFT JOIN states s ON s.id = i.state_id
  WHERE i.project_id = $1 AND ${LIVE_ISSUES_SQL} AND (s."group" IS NULL OR s."group" IN ('backlog', 'unstarted', 'started'))
    AND i.updated_at < $2::timestamptz - make_interval(months => $3)
    AND NOT EXISTS (SELECT 1 FROM issue_activities a WHERE a.issue_id = i.id AND a.created_at >= $2::timestamptz - make_interval(months => $3))`;

/**
 * How many of the project's issues `automation` would archive and close if it ran as of `now`
 * (0 for an automation turned off): what an admin is shown before saving it.
 */
export async function previewAutomation(db: Db, projectId: string, automation: Pick<Automation, 'archive_in' | 'close_in'>, now: Date): Promise<AutomationPreview> {
  const count = async (due: string, months: number) =>
    months > 0 ? (await db.one<{ count: number }>(`SELECT count(*)::int AS count ${due}`, [projectId, now, months])).count : 0;
  return { archive: await count(ARCHIVE_DUE_SQL, automation.archive_in), close: await count(CLOSE_DUE_SQL, automation.close_in) };
}

/** What one run did. */
export interface AutomationResult {
  archived: number;
  closed: number;
  /** The issues archived (their shared descriptions become read-only). */
  archivedIds: string[];
}

/**
 * One run of every project's automations as of `now`: archives the issues in a completed or
 * cancelled state since before `archive_in` months ago, and closes the issues in no state or one
 * not done with whose last change (their own or their activity's, comments included) is older than
 * `close_in` months, to the project's close state. Each batch locks its issues and skips those
 * locked elsewhere, so processes running at once never change one issue twice.
 */
export async function runAutomations(db: Db, now: Date): Promise<AutomationResult> {
  const projects = await db.query<{ project_id: string; archive_in: number; close_in: number; close_state_id: string | null; bot_user_id: string }>(
    'SELECT project_id, archive_in, close_in, close_state_id, bot_user_id FROM project_automations WHERE (archive_in > 0 OR close_in > 0) AND bot_user_id IS NOT NULL',
  );
  const result: AutomationResult = { archived: 0, closed: 0, archivedIds: [] };
  for (const project of projects) {
    if (project.archive_in > 0) {
      for (;;) {
        const ids = await db.transaction(async (tx) => {
          const due = await tx.query<{ id: string }>(
            `SELECT i.id ${ARCHIVE_DUE_SQL} ORDER BY i.id LIMIT ${BATCH} FOR UPDATE OF i SKIP LOCKED`,
            [project.project_id, now, project.archive_in],
          );
          for (const { id } of due) {
            const issue = await findIssue(tx, project.project_id, id);
            const archived = await tx.one<{ archived_at: Date }>('UPDATE issues SET archived_at = now(), updated_by = $2 WHERE id = $1 RETURNING archived_at', [id, project.bot_user_id]);
            await recordIssueActivity(tx, { issue, actorId: project.bot_user_id, field: 'archived_at', verb: 'updated', oldValue: '', newValue: archived.archived_at.toISOString() });
          }
          return due.map((row) => row.id);
        });
        result.archived += ids.length;
        result.archivedIds.push(...ids);
        if (ids.length < BATCH) break;
      }
    }
    if (project.close_in > 0) {
      const state = project.close_state_id ? { id: project.close_state_id } : await firstCancelledState(db, project.project_id);
      if (!state) continue;
      for (;;) {
        const closed = await db.transaction(async (tx) => {
          const due = await tx.query<{ id: string }>(
            `SELECT i.id ${CLOSE_DUE_SQL} ORDER BY i.id LIMIT ${BATCH} FOR UPDATE OF i SKIP LOCKED`,
            [project.project_id, now, project.close_in],
          );
          for (const { id } of due) {
            await applyIssueChanges(tx, await findIssue(tx, project.project_id, id), { state_id: state.id }, project.bot_user_id);
          }
          return due.length;
        });
        result.closed += closed;
        if (closed < BATCH) break;
      }
    }
  }
  return result;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's automations (run at start and every AUTOMATION_INTERVAL_MS). */
    automations: AutomationRunner;
  }
}

/** Time between two runs of the automations: they act on months, an hour late is on time. */
export const AUTOMATION_INTERVAL_MS = 60 * 60_000;

/** Options of the runner an app keeps. */
export interface AutomationRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Time between two runs (one also runs at start). */
  intervalMs: number;
  /** The wall clock automations read (the app's). */
  clock: () => Date;
  /** Told of the issues a run archived. */
  onArchived(ids: readonly string[]): Promise<unknown>;
  timers?: Timers;
}

/** The running automations: `runNow` runs at once (after a run under way); `idle` waits for the scheduled run under way; `close` stops them. */
export interface AutomationRunner {
  runNow(): Promise<AutomationResult & { reminded: number }>;
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Runs the automations, then the overdue reminders, at start and every `intervalMs`, one run at a time; a failed run is logged and the next one tries again. */
export function startAutomations(options: AutomationRunnerOptions): AutomationRunner {
  const timers = options.timers ?? PROCESS_TIMERS;
  let running: Promise<unknown> = Promise.resolve();
  let scheduled: Promise<void> = Promise.resolve();
  let timer: unknown = null;
  let closed = false;
  const run = (): Promise<AutomationResult & { reminded: number }> => {
    const next = running.then(async () => {
      const now = options.clock();
      const result = await runAutomations(options.db, now);
      if (result.archivedIds.length) await options.onArchived(result.archivedIds);
      // After the archiving: an issue archived by this run is reminded of no more.
      const reminded = await remindOverdue(options.db, now);
      if (result.archived || result.closed || reminded) options.log.info({ archived: result.archived, closed: result.closed, reminded }, 'automations ran');
      return { ...result, reminded };
    });
    running = next.catch(() => undefined);
    return next;
  };
  const tick = () => {
    timer = null;
    scheduled = run().then(
      () => schedule(),
      (error: unknown) => {
        options.log.error({ err: error }, 'automations failed');
        schedule();
      },
    );
  };
  const schedule = () => {
    if (!closed) timer = timers.setTimeout(tick, options.intervalMs);
  };
  tick();
  return {
    runNow: run,
    idle: () => scheduled,
    async close() {
      closed = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
