import { date, nullable, text, uuid } from '../http/schemas.js';
import type { IssueChanges } from './issue-update.js';
import { PRIORITIES } from './issue-shape.js';

/** The most assignees or labels one issue can carry. */
const MAX_SET = 100;

/** Body fields of an issue creation or update. */
export const issueFields = {
  name: text(255),
  description_html: { type: 'string' },
  // The editor's JSON document; when given it is the one normalised and stored (the HTML follows from it).
  description_json: { type: 'object' },
  priority: { type: 'string', enum: PRIORITIES },
  state_id: uuid,
  assignee_ids: { type: 'array', maxItems: MAX_SET, items: uuid },
  label_ids: { type: 'array', maxItems: MAX_SET, items: uuid },
  start_date: nullable(date),
  target_date: nullable(date),
  parent_id: nullable(uuid),
  sort_order: { type: 'number' },
} as const;

/** An issue creation or update as sent. */
export interface IssueBody extends IssueChanges {
  description_html?: string;
  description_json?: Record<string, unknown>;
  /** Update only: the description version the client edited (required with a description). */
  description_version?: number;
}
