// Plain data, no imports: the app loads this module at run time. The sentences of a rename that crossed another.

/**
 * Said when a rename started from a name someone else has changed since: the API's answer (409)
 * to a rename whose `name_base` is no longer the issue's name, and the title field's when the
 * page learns of such a rename while it is open.
 */
export const issueRenamedMeanwhile = (name: string) =>
  `Someone renamed this issue to “${name}” while you were editing. Save again to put your title in its place, or press Escape to keep theirs.`;

/** The same for a page's title (its field saves when left, so there is no Escape to offer). */
export const pageRenamedMeanwhile = (name: string) =>
  `Someone renamed this page to “${name}” while you were editing. Save again to put your title in its place.`;
