import { createHmac, timingSafeEqual } from 'node:crypto';
import { linkHrefFromInput } from '../../core/url-input.js';
import type { Db } from '../db/index.js';
import { recordIssueActivity, type ActivityIssue } from '../issues/activity.js';
import { findIssue, type IssueRow } from '../issues/issue-lookup.js';
import { applyIssueChanges } from '../issues/issue-update.js';
import { notInIntakeSql } from '../intake/intake-sql.js';

/**
 * The secret a service signs its events with for integration `id`: derived from the server's
 * secret and the row's nonce, so the database alone holds none (and renewing draws a new nonce).
 */
export function integrationSecret(serverSecret: string, id: string, nonce: string): string {
  return createHmac('sha256', serverSecret).update(`integration:${id}:${nonce}`).digest('base64url');
}

/** Whether `signature` (GitHub's `X-Hub-Signature-256: sha256=<hex>`) is the HMAC of `body` with `secret`. */
export function validGitHubSignature(secret: string, body: Buffer, signature: string | undefined): boolean {
  if (!signature?.startsWith('sha256=')) return false;
  const given = Buffer.from(signature.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', secret).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a `pull_request` event tells that matters here. */
export interface PullRequestEvent {
  action: string;
  number: number;
  title: string;
  /** The pull request's page (an http(s) address). */
  url: string;
  branch: string;
  body: string;
  merged: boolean;
  draft: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The pull request event in `payload`, or null when it is not one (fields missing or of the wrong kind). */
export function pullRequestOf(payload: unknown): PullRequestEvent | null {
  if (!isObject(payload) || typeof payload.action !== 'string' || !isObject(payload.pull_request)) return null;
  const pr = payload.pull_request;
  const url = typeof pr.html_url === 'string' ? linkHrefFromInput(pr.html_url) : null;
  if (typeof pr.number !== 'number' || typeof pr.title !== 'string' || !url) return null;
  return {
    action: payload.action,
    number: pr.number,
    title: pr.title,
    url,
    branch: isObject(pr.head) && typeof pr.head.ref === 'string' ? pr.head.ref : '',
    body: typeof pr.body === 'string' ? pr.body : '',
    merged: pr.merged === true,
    draft: pr.draft === true,
  };
}

/** The most issues one pull request changes. */
export const MAX_ISSUES_PER_PULL_REQUEST = 20;

/**
 * The numbers of the issues of the project `identifier` that `texts` name by key (`WEB-12`, in
 * any case, as branch names write it: `web-12-fix-login`), first named first, at most
 * MAX_ISSUES_PER_PULL_REQUEST.
 */
export function issueNumbersIn(identifier: string, texts: readonly string[]): number[] {
  const escaped = identifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const key = new RegExp(`(?<![A-Za-z0-9])${escaped}-(\\d{1,9})(?![A-Za-z0-9])`, 'gi');
  const numbers = new Set<number>();
  for (const text of texts) {
    for (const match of text.matchAll(key)) {
      numbers.add(Number(match[1]));
      if (numbers.size === MAX_ISSUES_PER_PULL_REQUEST) return [...numbers];
    }
  }
  return [...numbers];
}

/** The state group a pull request's event moves its issues to, and the groups it moves them from. */
function moveFor(event: PullRequestEvent): { to: 'started' | 'completed'; from: readonly (string | null)[] } | null {
  if (event.action === 'closed' && event.merged) return { to: 'completed', from: [null, 'backlog', 'unstarted', 'started'] };
  if (['opened', 'reopened', 'ready_for_review'].includes(event.action) && !event.draft) return { to: 'started', from: [null, 'backlog', 'unstarted'] };
  return null;
}

/** The longest title a link keeps. */
const LINK_TITLE_MAX = 255;

/** The project a connection belongs to, and the bot account its changes are recorded under. */
export interface IntegrationTarget {
  projectId: string;
  identifier: string;
  botUserId: string;
}

/**
 * Links `url` to the issue (its activity recorded as the bot's), or, when it is linked already,
 * keeps the link's title current. Answers whether a link was made.
 */
async function linkIssue(tx: Db, issue: ActivityIssue, url: string, title: string, botUserId: string): Promise<boolean> {
  const link = await tx.maybeOne<{ id: string; title: string | null }>('SELECT id, title FROM issue_links WHERE issue_id = $1 AND url = $2 ORDER BY created_at LIMIT 1', [issue.id, url]);
  if (link) {
    if (link.title !== title) await tx.query('UPDATE issue_links SET title = $2 WHERE id = $1', [link.id, title]);
    return false;
  }
  const created = await tx.one<{ id: string }>('INSERT INTO issue_links (issue_id, title, url, created_by) VALUES ($1, $2, $3, $4) RETURNING id', [issue.id, title, url, botUserId]);
  await recordIssueActivity(tx, { issue, actorId: botUserId, field: 'link', verb: 'created', newValue: url, newIdentifier: created.id });
  return true;
}

/**
 * The live issues of the project numbered `numbers`, each locked (in id order, so two events
 * naming the same issues take turns) and handed to `each`, or said to be archived; answers each
 * number's sentence ("not found" for a number no live issue has), in the order named.
 */
async function forNamedIssues(tx: Db, target: IntegrationTarget, numbers: readonly number[], each: (issue: IssueRow, key: string) => Promise<string>): Promise<string[]> {
  const found = await tx.query<{ id: string; sequence_id: number }>(
    `SELECT i.id, i.sequence_id FROM issues i
      WHERE i.project_id = $1 AND i.sequence_id = ANY($2::int[]) AND i.deleted_at IS NULL AND ${notInIntakeSql('i')}
      ORDER BY i.id`,
    [target.projectId, numbers],
  );
  const results = new Map<number, string>();
  for (const { id, sequence_id: number } of found) {
    const issue = await findIssue(tx, target.projectId, id, { lock: true });
    const key = `${target.identifier}-${number}`;
    results.set(number, issue.archived_at ? `${key} is archived and was left alone` : await each(issue, key));
  }
  return numbers.map((number) => results.get(number) ?? `${target.identifier}-${number} not found`);
}

/**
 * Applies a pull request's event to the issues it names, inside `tx`: each gets a link to the pull
 * request (its title kept current); opening it (not as a draft), reopening it or marking it ready
 * moves an issue not yet started to the project's first started state, and merging it moves an
 * issue not yet done to the first completed state, each recorded as the bot's activity. Archived
 * issues are left alone. Answers what came of it, in a sentence for the project's settings.
 */
export async function applyPullRequest(tx: Db, target: IntegrationTarget, event: PullRequestEvent): Promise<string> {
  const what = `Pull request #${event.number} ${event.merged && event.action === 'closed' ? 'merged' : event.action.replaceAll('_', ' ')}`;
  const numbers = issueNumbersIn(target.identifier, [event.title, event.branch, event.body]);
  if (!numbers.length) return `${what}: it names no issue of ${target.identifier}.`;
  const move = moveFor(event);
  const state = move
    ? await tx.maybeOne<{ id: string; name: string }>(`SELECT id, name FROM states WHERE project_id = $1 AND "group" = $2 ORDER BY sequence, created_at LIMIT 1`, [
        target.projectId,
        move.to,
      ])
    : null;
  const title = `#${event.number} ${event.title}`.slice(0, LINK_TITLE_MAX);
  const parts = await forNamedIssues(tx, target, numbers, async (issue, key) => {
    const done: string[] = [];
    if (await linkIssue(tx, issue, event.url, title, target.botUserId)) done.push('linked');
    if (move && state && state.id !== issue.state_id) {
      const current = issue.state_id ? await tx.maybeOne<{ group: string }>('SELECT "group" FROM states WHERE id = $1', [issue.state_id]) : null;
      if (move.from.includes(current?.group ?? null)) {
        await applyIssueChanges(tx, issue, { state_id: state.id }, target.botUserId);
        done.push(`moved to ${state.name}`);
      }
    }
    return done.length ? `${key} ${done.join(' and ')}` : `${key} unchanged`;
  });
  return `${what}: ${parts.join('; ')}.`;
}

/** What a `push` event tells that matters here: the branch, and its new commits. */
export interface PushEvent {
  branch: string;
  commits: ReadonlyArray<{ id: string; message: string; url: string }>;
}

/** The most commits of one push read for issue keys (GitHub sends up to 2,048). */
export const MAX_COMMITS_PER_PUSH = 20;

/** The push event in `payload`, or null when it is not one; commits without an id, a message or an http(s) address are left out. */
export function pushOf(payload: unknown): PushEvent | null {
  if (!isObject(payload) || typeof payload.ref !== 'string' || !Array.isArray(payload.commits)) return null;
  const commits: Array<PushEvent['commits'][number]> = [];
  for (const commit of payload.commits.slice(0, MAX_COMMITS_PER_PUSH)) {
    if (!isObject(commit) || typeof commit.id !== 'string' || typeof commit.message !== 'string' || typeof commit.url !== 'string') continue;
    const url = linkHrefFromInput(commit.url);
    if (url) commits.push({ id: commit.id, message: commit.message, url });
  }
  return { branch: payload.ref.replace(/^refs\/(heads|tags)\//, ''), commits };
}

/**
 * Applies a push to the issues its commits name by key (in their messages), inside `tx`: each
 * gets a link to each commit naming it ("Commit 1a2b3c4: its first line"), recorded as the bot's
 * activity; a commit pushed again (another branch) is not linked twice. States are left as they
 * are: pull requests move issues. Archived issues are left alone. Answers what came of it.
 */
export async function applyPush(tx: Db, target: IntegrationTarget, push: PushEvent): Promise<string> {
  const what = `Push to ${push.branch}`;
  const naming = push.commits.map((commit) => ({ commit, numbers: issueNumbersIn(target.identifier, [commit.message]) }));
  const numbers = [...new Set(naming.flatMap((each) => each.numbers))].slice(0, MAX_ISSUES_PER_PULL_REQUEST);
  if (!numbers.length) return `${what}: no commit names an issue of ${target.identifier}.`;
  const parts = await forNamedIssues(tx, target, numbers, async (issue, key) => {
    let linked = 0;
    for (const { commit } of naming.filter((each) => each.numbers.includes(issue.sequence_id))) {
      const title = `Commit ${commit.id.slice(0, 7)}: ${commit.message.split('\n')[0]!.trim()}`.slice(0, LINK_TITLE_MAX);
      if (await linkIssue(tx, issue, commit.url, title, target.botUserId)) linked++;
    }
    return linked ? `${key} linked to ${linked} ${linked === 1 ? 'commit' : 'commits'}` : `${key} unchanged`;
  });
  return `${what}: ${parts.join('; ')}.`;
}
