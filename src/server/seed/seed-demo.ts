import { randomBytes } from 'node:crypto';
import { workspaceAssetUrl } from '../assets/asset-url.js';
import { storeAsset } from '../assets/store-asset.js';
import { hashPassword } from '../auth/password.js';
import type { Config } from '../config.js';
import { addIssuesToCycle } from '../cycles/cycle-issues.js';
import { backdateCycleHistory, type CycleHistoryEntry } from './cycle-history.js';
import { nextIssueSequenceId, type Db } from '../db/index.js';
import { applyEstimateUpdate } from '../estimates/estimate-update.js';
import { insertRow } from '../db/row-writes.js';
import { SqlParams } from '../db/sql-params.js';
import { recordIssueActivity, type ActivityIssue } from '../issues/activity.js';
import { findIssue } from '../issues/issue-lookup.js';
import { applyIssueChanges } from '../issues/issue-update.js';
import { subscribe } from '../issues/subscriptions.js';
import { notify, notifyMentions } from '../notifications/notify.js';
import { addIssuesToModule } from '../modules/module-issues.js';
import { decideIntakeIssue, fileIntakeIssue } from '../intake/intake-issues.js';
import { createDefaultStates } from '../projects/default-states.js';
import { normaliseRichText } from '../rich-text/index.js';
import { roleName } from '../roles.js';
import type { Storage } from '../storage/index.js';
import { checkImageUpload } from '../uploads/index.js';
import { DEMO_PEOPLE, DEMO_WORKSPACE, demoProjects, type DemoIntake, type DemoIssue, type DemoPage, type DemoPerson, type DemoProject } from './demo-content.js';
import { DEMO_ESTIMATES } from './demo-estimates.js';
import type { MentionTarget } from './rich-html.js';
import { DAY_MS } from '../../api-shapes/durations.js';

/** A demo account and its generated password. */
export interface DemoAccount {
  email: string;
  password: string;
  role: string;
}

/** What seeding made. */
export interface DemoSeed {
  workspaceId: string;
  accounts: DemoAccount[];
}

/** Options of seedDemoData. */
export interface SeedOptions {
  /** Where the accounts are printed; the console by default. */
  log?: (line: string) => void;
}

/** The workspace logo, uploaded like any other image. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#3f76ff"/>' +
  '<path d="M20 48 32 14l12 34h-7l-2.4-7h-9.2L23 48Zm11.8-13h4.4L32 26.5Z" fill="#ffffff"/></svg>';

/** 'YYYY-MM-DD' of today plus `offset` days (UTC). */
function day(offset: number): string {
  return new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
}

async function hasUsers(db: Db): Promise<boolean> {
  return (await db.one<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS any')).any;
}

/** Everything one demo project needs to know while its issues are made. */
interface ProjectContext {
  project: DemoProject;
  id: string;
  workspaceId: string;
  people: Record<DemoPerson, string>;
  states: Map<string, string>;
  labels: Map<string, string>;
}

async function createIssue(tx: Db, ctx: ProjectContext, demo: DemoIssue): Promise<ActivityIssue> {
  const sequenceId = await nextIssueSequenceId(tx, ctx.id);
  const description = normaliseRichText({ html: demo.description });
  const creator = ctx.people[demo.createdBy];
  const issue = await tx.one<ActivityIssue>(
    `INSERT INTO issues (project_id, workspace_id, sequence_id, name, description_html, description_json, state_id, priority,
                         start_date, target_date, completed_at, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, now() - make_interval(days => $11), $12, $12)
     RETURNING id, project_id, workspace_id`,
    [
      ctx.id,
      ctx.workspaceId,
      sequenceId,
      demo.name,
      description.html,
      JSON.stringify(description.json),
      ctx.states.get(demo.group),
      demo.priority,
      demo.startDay === undefined ? null : day(demo.startDay),
      demo.targetDay === undefined ? null : day(demo.targetDay),
      demo.group === 'completed' ? (demo.completedDaysAgo ?? 0) : null,
      creator,
    ],
  );
  const assignees = demo.assignees.map((person) => ctx.people[person]);
  if (assignees.length) await tx.query('INSERT INTO issue_assignees (issue_id, user_id) SELECT $1, unnest($2::uuid[])', [issue.id, assignees]);
  const labels = demo.labels.map((name) => ctx.labels.get(name)!);
  if (labels.length) await tx.query('INSERT INTO issue_labels (issue_id, label_id) SELECT $1, unnest($2::uuid[])', [issue.id, labels]);
  await subscribe(tx, issue.id, [creator, ...assignees]);
  await recordIssueActivity(tx, { issue, actorId: creator, field: 'issue', verb: 'created', newValue: demo.name });
  // The demo's people are told as the API's changes tell them, so a fresh start has notifications to show.
  await notify(tx, { issue, actorId: creator, kind: 'assigned', to: assignees });
  await notifyMentions(tx, { issue, actorId: creator, kind: 'mentioned', document: description.json });
  for (const link of demo.links ?? []) {
    const created = await tx.one<{ id: string }>('INSERT INTO issue_links (issue_id, title, url, created_by) VALUES ($1, $2, $3, $4) RETURNING id', [
      issue.id,
      link.title,
      link.url,
      creator,
    ]);
    await recordIssueActivity(tx, { issue, actorId: creator, field: 'link', verb: 'created', newValue: link.url, newIdentifier: created.id });
  }
  for (const comment of demo.comments ?? []) {
    const author = ctx.people[comment.by];
    const body = normaliseRichText({ html: comment.html });
    const created = await tx.one<{ id: string }>('INSERT INTO issue_comments (issue_id, comment_html, comment_json, actor_id) VALUES ($1, $2, $3::jsonb, $4) RETURNING id', [
      issue.id,
      body.html,
      JSON.stringify(body.json),
      author,
    ]);
    await recordIssueActivity(tx, { issue, actorId: author, field: 'comment', verb: 'created', newValue: body.html, newIdentifier: created.id });
    for (const { by, reaction } of comment.reactions ?? []) {
      await tx.query('INSERT INTO comment_reactions (comment_id, reaction, user_id) VALUES ($1, $2, $3)', [created.id, reaction, ctx.people[by]]);
    }
    const mentioned = await notifyMentions(tx, { issue, actorId: author, kind: 'mentioned_in_comment', document: body.json });
    await notify(tx, { issue, actorId: author, kind: 'commented', to: 'followers', except: mentioned });
  }
  return issue;
}

/** Files the project's inbox requests and takes their decisions, through the inbox's own helpers, and turns its inbox on. */
async function createIntake(tx: Db, ctx: ProjectContext, intakes: readonly DemoIntake[]): Promise<void> {
  await tx.query('UPDATE projects SET inbox_view = true WHERE id = $1', [ctx.id]);
  for (const demo of intakes) {
    const filer = { projectId: ctx.id, workspaceId: ctx.workspaceId, userId: ctx.people[demo.by] };
    const intakeId = await fileIntakeIssue(tx, filer, demo.name, normaliseRichText({ html: demo.html }));
    const decision = demo.decision;
    if (!decision) continue;
    const duplicate = decision.duplicateOf
      ? await tx.one<{ id: string }>('SELECT id FROM issues WHERE project_id = $1 AND name = $2', [ctx.id, decision.duplicateOf])
      : null;
    const snoozedTill = decision.snoozeDays === undefined ? undefined : new Date(Date.now() + decision.snoozeDays * DAY_MS).toISOString();
    const body = { status: decision.status, ...(snoozedTill ? { snoozed_till: snoozedTill } : {}), ...(duplicate ? { duplicate_of: duplicate.id } : {}) };
    await decideIntakeIssue(tx, ctx.id, intakeId, body, ctx.people[decision.by]);
  }
}

async function createProject(tx: Db, project: DemoProject, workspaceId: string, people: Record<DemoPerson, string>): Promise<void> {
  const adminId = people.admin;
  const { id } = await tx.one<{ id: string }>(
    'INSERT INTO projects (workspace_id, identifier, name, description, cover_image, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [workspaceId, project.identifier, project.name, project.description, project.cover, adminId],
  );
  await createDefaultStates(tx, id);
  for (const person of DEMO_PEOPLE) {
    await tx.query('INSERT INTO project_members (project_id, workspace_id, user_id, role) VALUES ($1, $2, $3, $4)', [id, workspaceId, people[person.key], person.role]);
  }
  const states = new Map((await tx.query<{ id: string; group: string }>('SELECT id, "group" FROM states WHERE project_id = $1', [id])).map((s) => [s.group, s.id]));
  const labels = new Map<string, string>();
  for (const [index, label] of project.labels.entries()) {
    const row = await tx.one<{ id: string }>('INSERT INTO labels (project_id, name, color, sort_order) VALUES ($1, $2, $3, $4) RETURNING id', [
      id,
      label.name,
      label.color,
      (index + 1) * 1000,
    ]);
    labels.set(label.name, row.id);
  }
  const ctx: ProjectContext = { project, id, workspaceId, people, states, labels };
  const cycleIssues: CycleHistoryEntry[] = [];
  const moduleIssues: ActivityIssue[] = [];
  const estimate = DEMO_ESTIMATES[project.identifier];
  // The estimate system is turned on as its admin would, with the type's default values.
  if (estimate) await applyEstimateUpdate(tx, id, { enabled: true, type: estimate.type }, adminId);
  for (const demo of project.issues) {
    const issue = await createIssue(tx, ctx, demo);
    const value = estimate?.issues[demo.name];
    // Estimated as its creator would from the side panel (an activity row says so).
    if (value) await applyIssueChanges(tx, await findIssue(tx, id, issue.id, { lock: true }), { estimate_point: value }, ctx.people[demo.createdBy]);
    if (demo.inCycle) cycleIssues.push({ issue, demo });
    if (demo.inModule) moduleIssues.push(issue);
  }
  if (project.intake) await createIntake(tx, ctx, project.intake);
  if (project.cycle) {
    const { cycle } = project;
    const row = await tx.one<{ id: string }>(
      'INSERT INTO cycles (project_id, name, description, start_date, end_date, owned_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [id, cycle.name, cycle.description, day(cycle.startDay), day(cycle.endDay), adminId],
    );
    await addIssuesToCycle(tx, { id: row.id, name: cycle.name }, cycleIssues.map((entry) => entry.issue), adminId);
    const named = await tx.query<{ id: string; name: string; group: string }>('SELECT id, name, "group" FROM states WHERE project_id = $1', [id]);
    await backdateCycleHistory(tx, row.id, cycle.startDay, cycleIssues, new Map(named.map((state) => [state.group, state])), adminId);
  }
  if (project.module) {
    const { module } = project;
    const row = await tx.one<{ id: string }>(
      `INSERT INTO modules (project_id, name, description, status, start_date, target_date, lead_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [id, module.name, module.description, module.status, day(module.startDay), day(module.targetDay), people[module.lead], adminId],
    );
    await addIssuesToModule(tx, { id: row.id, name: module.name }, moduleIssues, adminId);
  }
  for (const draft of project.drafts ?? []) {
    const content = normaliseRichText({ html: draft.html });
    const params = new SqlParams();
    const values = {
      workspace_id: workspaceId,
      project_id: id,
      user_id: people[draft.owner],
      name: draft.name,
      priority: draft.priority,
      label_ids: draft.labels.map((name) => labels.get(name)!),
      description_html: content.html,
      description_json: JSON.stringify(content.json),
    };
    await tx.query(insertRow('issue_drafts', values, params), params.values);
  }
  for (const view of project.views ?? []) {
    const params = new SqlParams();
    const values = { workspace_id: workspaceId, project_id: id, owner_id: people[view.owner], name: view.name, shared: view.shared, query: JSON.stringify(view.query) };
    await tx.query(insertRow('saved_views', values, params), params.values);
  }
  const addPages = async (pages: readonly DemoPage[], parentId: string | null) => {
    for (const page of pages) {
      const content = normaliseRichText({ html: page.html });
      const added = await tx.one<{ id: string }>(
        'INSERT INTO pages (project_id, name, description_html, description_json, access, owned_by, parent_id) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7) RETURNING id',
        [id, page.name, content.html, JSON.stringify(content.json), page.access, people[page.owner], parentId],
      );
      await addPages(page.pages ?? [], added.id);
    }
  };
  await addPages(project.pages ?? [], null);
}

/**
 * Fills a fresh database with the demo workspace `acme` ("Acme"): an account of each role with
 * a generated password (printed once), three projects (one left without issues), labels, about
 * twenty issues with rich descriptions, links and comments, estimates (points on the website,
 * categories on the mobile app), a cycle, a module, two pages, the admin's draft of an issue, a
 * shared saved view and requests in the Website project's inbox.
 * Does nothing (and returns null) when any user exists. Everything is written in one
 * transaction through the same helpers the routes use; the users table is locked meanwhile, so
 * two servers starting on one empty database seed it once.
 */
export async function seedDemoData(db: Db, storage: Storage, config: Pick<Config, 'passwordCost'>, options: SeedOptions = {}): Promise<DemoSeed | null> {
  if (await hasUsers(db)) return null;
  const log = options.log ?? ((line: string) => console.log(line));
  const accounts = DEMO_PEOPLE.map((person) => ({
    person,
    password: `demo-${person.key}-${randomBytes(9).toString('base64url')}`,
  }));
  const hashes = await Promise.all(accounts.map((account) => hashPassword(account.password, config.passwordCost)));
  const logo = checkImageUpload({ bytes: new TextEncoder().encode(LOGO_SVG), filename: 'acme-logo.svg' });
  if (!logo.ok) throw new Error(`The demo logo is not a valid image: ${logo.error}`);

  const workspaceId = await db.transaction(async (tx) => {
    await tx.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
    if (await hasUsers(tx)) return null;
    const people = {} as Record<DemoPerson, string>;
    for (const [index, { person }] of accounts.entries()) {
      const row = await tx.one<{ id: string }>(
        'INSERT INTO users (email, password_hash, display_name, first_name, last_name) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [person.email, hashes[index], `${person.firstName} ${person.lastName}`, person.firstName, person.lastName],
      );
      people[person.key] = row.id;
    }
    const workspace = await tx.one<{ id: string }>('INSERT INTO workspaces (slug, name, created_by) VALUES ($1, $2, $3) RETURNING id', [
      DEMO_WORKSPACE.slug,
      DEMO_WORKSPACE.name,
      people.admin,
    ]);
    for (const person of DEMO_PEOPLE) {
      await tx.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [workspace.id, people[person.key], person.role]);
    }
    const asset = await storeAsset(tx, storage, { ...logo, filename: 'acme-logo.svg', attributes: { entity_type: 'WORKSPACE_LOGO' } }, { workspaceId: workspace.id }, people.admin);
    await tx.query('UPDATE workspaces SET logo = $2 WHERE id = $1', [workspace.id, workspaceAssetUrl(workspace.id, asset.id)]);
    const mentions = Object.fromEntries(
      DEMO_PEOPLE.map((person): [DemoPerson, MentionTarget] => [
        person.key,
        { id: people[person.key], name: `${person.firstName} ${person.lastName}`, profilePath: `/${DEMO_WORKSPACE.slug}/profile/${people[person.key]}` },
      ]),
    ) as Record<DemoPerson, MentionTarget>;
    for (const project of demoProjects(mentions)) await createProject(tx, project, workspace.id, people);
    return workspace.id;
  });
  if (!workspaceId) return null;

  const result: DemoSeed = {
    workspaceId,
    accounts: accounts.map(({ person, password }) => ({ email: person.email, password, role: roleName(person.role) })),
  };
  log(`Demo workspace "${DEMO_WORKSPACE.name}" created at /${DEMO_WORKSPACE.slug}. Sign in with one of these accounts (the passwords are shown only now):`);
  for (const account of result.accounts) log(`  ${account.email} / ${account.password}  (${account.role})`);
  return result;
}
