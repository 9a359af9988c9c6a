import type { IssueDraftChanges } from '../../api/issue-drafts.js';
import type { IssueDraft, Priority } from '../../api/types.js';

/** The properties the create-issue dialog's pickers hold (the title is a form field). */
export interface Picked {
  state_id: string | null;
  priority: Priority;
  assignee_ids: string[];
  label_ids: string[];
  start_date: string | null;
  target_date: string | null;
  cycle_id: string | null;
  module_id: string | null;
  parent_id: string | null;
  /** A value of the project's estimate system. */
  estimate_point: string | null;
}

/** The pickers of an empty dialog: every property at its default. */
export const NOTHING_PICKED: Picked = {
  state_id: null,
  priority: 'none',
  assignee_ids: [],
  label_ids: [],
  start_date: null,
  target_date: null,
  cycle_id: null,
  module_id: null,
  parent_id: null,
  estimate_point: null,
};

/** What the dialog holds: its title, its description as the editor's HTML, and its properties. */
export interface DialogContent {
  name: string;
  html: string;
  picked: Picked;
  /** The properties it opened with (a sub-issue's dialog opens with its parent); NOTHING_PICKED when not given. */
  start?: Picked;
}

/** Whether the editor's HTML holds nothing (only empty paragraphs). */
export const isBlank = (html: string) => html.replace(/<p><\/p>|<p><br><\/p>/g, '').trim() === '';

/** Whether closing the dialog would lose something: a title, a description, or a property changed from what it opened with. */
export function hasContent({ name, html, picked, start = NOTHING_PICKED }: DialogContent): boolean {
  const changed = (Object.keys(NOTHING_PICKED) as (keyof Picked)[]).some((key) => JSON.stringify(picked[key]) !== JSON.stringify(start[key]));
  return name.trim() !== '' || !isBlank(html) || changed;
}

/** The pickers' values of a kept draft. */
export function pickedOf(draft: IssueDraft): Picked {
  return Object.fromEntries((Object.keys(NOTHING_PICKED) as (keyof Picked)[]).map((key) => [key, draft[key]])) as unknown as Picked;
}

/** The draft fields of what the dialog holds: everything, so a field emptied since the last save is emptied in the draft too. */
export function draftFields({ name, html, picked }: DialogContent): Required<Omit<IssueDraftChanges, 'project_id' | 'description_json'>> {
  return { name, description_html: isBlank(html) ? '' : html, ...picked };
}
