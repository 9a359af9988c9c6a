/** The shapes of the demo workspace's content (demo-content.ts holds the content itself). */
import type { IntakeDecision } from '../../api-shapes/intake.js';
import type { ReactionKey } from '../../api-shapes/reactions.js';
import type { SavedViewQuery } from '../../api-shapes/saved-view.js';
import type { StateGroup } from '../../api-shapes/state-groups.js';

/** The demo people, one of each role. */
export type DemoPerson = 'admin' | 'member' | 'viewer' | 'guest';

/** A comment on a demo issue. */
export interface DemoComment {
  by: DemoPerson;
  html: string;
  /** Who reacted to it, and how. */
  reactions?: ReadonlyArray<{ by: DemoPerson; reaction: ReactionKey }>;
}

/** A demo issue. Day offsets count from today. */
export interface DemoIssue {
  name: string;
  group: StateGroup;
  priority: 'urgent' | 'high' | 'medium' | 'low' | 'none';
  createdBy: DemoPerson;
  assignees: DemoPerson[];
  labels: string[];
  description: string;
  startDay?: number;
  targetDay?: number;
  /** For completed issues: how many days ago. */
  completedDaysAgo?: number;
  links?: Array<{ title: string | null; url: string }>;
  comments?: DemoComment[];
  inCycle?: boolean;
  /** The day it joined the cycle (its history, which the burn-down draws); the cycle's start when absent. */
  cycleDay?: number;
  inModule?: boolean;
}

/** A demo page. */
export interface DemoPage {
  name: string;
  access: 'private' | 'public';
  owner: DemoPerson;
  html: string;
  /** The pages in this one. */
  pages?: DemoPage[];
}

/** A demo issue draft: what a person kept of the create-issue dialog without creating the issue. */
export interface DemoDraft {
  owner: DemoPerson;
  name: string;
  priority: DemoIssue['priority'];
  labels: string[];
  html: string;
}

/** A saved view of a demo project's issues. */
export interface DemoView {
  owner: DemoPerson;
  name: string;
  shared: boolean;
  query: SavedViewQuery;
}

/** A request in a demo project's inbox, and the decision a member took on it (none: still pending). */
export interface DemoIntake {
  name: string;
  html: string;
  by: DemoPerson;
  /** snoozeDays: until that many days from now; duplicateOf: the name of an issue of the project. */
  decision?: { status: IntakeDecision; by: DemoPerson; snoozeDays?: number; duplicateOf?: string };
}

/** A demo project with everything in it. */
export interface DemoProject {
  identifier: string;
  name: string;
  description: string;
  cover: string | null;
  labels: Array<{ name: string; color: string }>;
  issues: DemoIssue[];
  cycle?: { name: string; description: string; startDay: number; endDay: number };
  module?: { name: string; description: string; status: 'in-progress'; lead: DemoPerson; startDay: number; targetDay: number };
  pages?: DemoPage[];
  drafts?: DemoDraft[];
  views?: DemoView[];
  /** Its inbox (the project's inbox feature is turned on when it has one). */
  intake?: DemoIntake[];
}
