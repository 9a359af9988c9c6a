import { Role } from '../roles.js';
import { illustrationPair, type ColourScheme, type Motif } from './illustrations.js';

/** What an empty state's button asks the host to do. */
export type EmptyStateActionKey =
  | 'create-project'
  | 'create-issue'
  | 'create-cycle'
  | 'create-module'
  | 'create-view'
  | 'create-page'
  | 'create-label'
  | 'create-estimate'
  | 'create-api-token'
  | 'create-webhook'
  | 'connect-github'
  | 'import-issues'
  | 'manage-features';

/** A button of an empty state and the lowest role that may use it. */
export interface EmptyStateAction {
  key: EmptyStateActionKey;
  label: string;
  minRole: number;
}

/** An empty state's title and description. */
export interface EmptyStateWords {
  title: string;
  description: string;
}

/** One empty state: its words, its light and dark illustration (SVG markup) and its buttons. */
export interface EmptyStateEntry extends EmptyStateWords {
  key: string;
  illustration: Readonly<Record<ColourScheme, string>>;
  actions: readonly EmptyStateAction[];
  /**
   * Its words for a reader who sees only part of the workspace (not an admin: the projects they
   * are in), where an empty answer cannot tell "there is none" from "none you can open".
   */
  limited?: EmptyStateWords;
}

// Creating things needs Member; turning project features on needs Admin (spec section 6).
const create = (key: EmptyStateActionKey, label: string): EmptyStateAction => ({ key, label, minRole: Role.Member });
const MANAGE_FEATURES: EmptyStateAction = { key: 'manage-features', label: 'Manage features', minRole: Role.Admin };

const entry = (title: string, description: string, motif: Motif, actions: EmptyStateAction[] = [], limited?: EmptyStateWords) => ({
  title,
  description,
  illustration: illustrationPair(motif),
  actions,
  ...(limited ? { limited } : {}),
});

/** Words of an empty state for a reader who sees only the projects they are in. */
const limitedTo = (title: string, description: string): EmptyStateWords => ({ title, description });

const disabledFeature = (feature: string, purpose: string) =>
  entry(`${feature} is disabled for this project`, `${purpose} Turn it on in the project's features to use it.`, 'switch', [MANAGE_FEATURES]);

const CONTENT = {
  dashboard: entry(
    'Overview of your projects, activity and metrics',
    'Create your first project to start tracking issues. This page then shows your progress, the work assigned to you and what happened recently.',
    'dashboard',
    [create('create-project', 'Build your first project')],
    limitedTo(
      'You are not in any project yet',
      'A workspace admin can add you to a project. Its issues, the work assigned to you and what happened recently then show up here.',
    ),
  ),
  analytics: entry(
    'Track progress, workloads and allocations',
    'See scope against demand, estimates and scope creep, and how each member is doing. Analytics fill in once your projects have cycles and modules.',
    'chart',
    [create('create-cycle', 'Create a cycle'), create('create-module', 'Create a module')],
  ),
  projects: entry(
    'No active projects',
    'A project holds the issues, cycles and modules of one goal. Start one and invite your colleagues to reach that goal together.',
    'folders',
    [create('create-project', 'Start your first project')],
  ),
  'all-issues': entry('No issues yet', 'Create issues to capture work, then assign, label and track them to completion.', 'issues', [
    create('create-issue', 'Create an issue'),
  ]),
  assigned: entry('No issues assigned to you', 'Issues assigned to you show up here.', 'issues', [create('create-issue', 'Create an issue')]),
  created: entry('No issues created yet', 'Every issue you create shows up here, so you can follow it directly.', 'issues', [
    create('create-issue', 'Create an issue'),
  ]),
  subscribed: entry('No subscribed issues yet', 'Subscribe to the issues you care about to follow them here.', 'bell'),
  'custom-view': entry('No issues match this view', 'Issues that meet the filters of this view show up here.', 'views', [
    create('create-issue', 'Create an issue'),
  ]),
  'no-projects': entry(
    'No projects yet',
    'Issues live in projects. Create a project to get started.',
    'folders',
    [create('create-project', 'Create a project')],
    limitedTo('You are not in any project yet', 'Issues live in projects. A workspace admin can add you to one.'),
  ),

  'settings-api-tokens': entry('No API tokens yet', 'API tokens let other systems read and change data in this workspace.', 'key', [
    create('create-api-token', 'Add an API token'),
  ]),
  'settings-webhooks': entry('No webhooks yet', 'Webhooks send real-time updates to your own services when things change here.', 'webhook', [
    create('create-webhook', 'Add a webhook'),
  ]),
  'settings-export': entry('No exports yet', 'Each export you make is kept here, ready to download again.', 'export'),
  'settings-import': entry('No imports yet', 'Import the issues of a GitHub (JSON) or Jira (CSV) export file into a project.', 'import', [
    create('import-issues', 'Import issues'),
  ]),

  // A profile counts only the issues the reader can open: to a reader outside some projects, none
  // may mean none in theirs.
  'profile-summary': entry(
    'Nothing to show yet',
    'A summary of this member’s issues appears here once they have some.',
    'profile',
    [],
    limitedTo('Nothing to show', 'None of this member’s issues are in projects you can open.'),
  ),
  'profile-assigned': entry(
    'No issues assigned',
    'Issues assigned to this member show up here.',
    'profile',
    [],
    limitedTo('No issues assigned in your projects', 'Issues assigned to this member show up here when they are in projects you can open.'),
  ),
  'profile-created': entry(
    'No issues created',
    'Issues this member creates show up here.',
    'profile',
    [],
    limitedTo('No issues created in your projects', 'Issues this member creates show up here when they are in projects you can open.'),
  ),
  'profile-subscribed': entry(
    'No subscribed issues',
    'Issues this member subscribes to show up here.',
    'profile',
    [],
    limitedTo('No subscribed issues in your projects', 'Issues this member subscribes to show up here when they are in projects you can open.'),
  ),
  'profile-activity': entry(
    'No activity yet',
    'Creating and updating issues leaves a trail of activity here.',
    'profile',
    [],
    limitedTo('No activity in your projects', 'What this member does in the issues of projects you can open shows up here.'),
  ),

  'project-settings-labels': entry('No labels yet', 'Labels help you organise and filter the issues of this project.', 'tag', [
    create('create-label', 'Create a label'),
  ]),
  'project-settings-integrations': entry(
    'No integrations configured',
    'Connect GitHub so pull requests link and move the issues they name. To bring issues in from GitHub or Jira, use Import issues on this project’s issues page.',
    'plug',
    [{ key: 'connect-github', label: 'Connect GitHub', minRole: Role.Admin }],
  ),
  'project-settings-estimates': entry('No estimates yet', 'A set of estimates tells how much work each issue takes.', 'estimate', [
    create('create-estimate', 'Add an estimate system'),
  ]),

  cycles: entry(
    'Group and time-box your work in cycles',
    'Break work into time-boxed cycles, plan backwards from your deadline and make steady progress as a team.',
    'cycle',
    [create('create-cycle', 'Set your first cycle')],
  ),
  modules: entry(
    'Map your milestones to modules',
    'A module groups the issues of one milestone or feature, so you can follow its progress as a whole.',
    'modules',
    [create('create-module', 'Build your first module')],
  ),
  views: entry('Save filtered views', 'A view is a set of filters you use often, saved for quick access.', 'views', [
    create('create-view', 'Create your first view'),
  ]),

  'pages-private': entry('No private pages yet', 'Keep your own notes here. Share them with the team when they are ready.', 'page', [
    create('create-page', 'Create your first page'),
  ]),
  'pages-public': entry('No public pages yet', 'Pages shared with everyone in the project show up here.', 'page', [
    create('create-page', 'Create your first page'),
  ]),
  'pages-archived': entry('No archived pages yet', 'Archive the pages you no longer need day to day; they stay here.', 'archive'),

  drafts: entry('No draft issues yet', 'Issues you start and save as drafts wait for you here.', 'draft', [create('create-issue', 'Create an issue')]),
  'archived-issues': entry(
    'No archived issues yet',
    'Completed and cancelled issues that are archived, by hand or automatically, are kept here.',
    'archive',
  ),

  'inbox-open': entry('No open requests', 'New requests to this project wait here until they are accepted or declined.', 'inbox'),
  'inbox-closed': entry('No closed requests', 'Requests that were accepted or declined are listed here.', 'inbox'),

  'notifications-my-issues': entry('No updates to your issues', 'Updates to the issues assigned to you show up here.', 'bell'),
  'notifications-created': entry('No updates to issues you created', 'Updates to the issues you created show up here.', 'bell'),
  'notifications-subscribed': entry('No updates to subscribed issues', 'Updates to the issues you subscribe to show up here.', 'bell'),
  'notifications-unread': entry('No unread notifications', 'You are up to date with everything that happened in your issues.', 'bell'),
  'notifications-snoozed': entry('No snoozed notifications', 'Notifications you snooze wait here until you act on them.', 'bell'),
  'notifications-archived': entry('No archived notifications', 'Notifications you archive are kept here.', 'bell'),

  'active-cycle-progress': entry('No progress yet', 'Add issues to the cycle to see its progress.', 'panel'),
  'active-cycle-chart': entry('No burndown yet', 'Add issues to the cycle to see its burndown chart.', 'chart'),
  'active-cycle-priority': entry('No priority issues', 'High priority issues of the cycle show up here.', 'issues'),
  'active-cycle-assignees': entry('No assignees yet', 'Assign the cycle’s issues to see the work per member.', 'profile'),
  'active-cycle-labels': entry('No labels yet', 'Label the cycle’s issues to see the work per label.', 'tag'),

  'disabled-inbox': disabledFeature('Inbox', 'Inbox collects requests to this project so you can accept them as issues.'),
  'disabled-cycles': disabledFeature('Cycles', 'Cycles time-box the work of this project.'),
  'disabled-modules': disabledFeature('Modules', 'Modules group the issues of a milestone or feature.'),
  'disabled-pages': disabledFeature('Pages', 'Pages hold the notes and documents of this project.'),
  'disabled-views': disabledFeature('Views', 'Views save the filters you use often.'),
};

/** The key of an empty state. */
export type EmptyStateKey = keyof typeof CONTENT;

function withKeys<T extends Record<string, Omit<EmptyStateEntry, 'key'>>>(content: T): { readonly [K in keyof T]: EmptyStateEntry } {
  const entries = {} as { [K in keyof T]: EmptyStateEntry };
  for (const key in content) entries[key] = { key, ...content[key] };
  return entries;
}

/** Every empty state of the product (spec section 2), by key. */
export const EMPTY_STATES = withKeys(CONTENT);

/** The keys of every empty state, in catalogue order. */
export const EMPTY_STATE_KEYS = Object.keys(EMPTY_STATES) as EmptyStateKey[];
