/** Styles shared by the list and detail screens. */
export const screensCss = `
.app-card-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; grid-template-columns: repeat(auto-fill, minmax(min(260px, 100%), 1fr)); }
.app-card {
  display: block; padding: 14px 16px; border-radius: 10px; border: 1px solid var(--app-border);
  background: var(--app-surface); color: var(--app-text); text-decoration: none;
}
.app-card:hover { border-color: var(--app-primary); }
.app-card h2 { margin: 0 0 4px; font-size: 16px; display: flex; align-items: center; gap: 8px; overflow-wrap: anywhere; }
.app-card p { margin: 0; color: var(--app-muted); }
.app-card-progress { display: grid; gap: 4px; margin-top: 8px; color: var(--app-muted); font-size: var(--app-text-sm); }
.app-cycle-transfer { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; margin: 12px 0; }
.app-cycle-transfer .app-note { margin: 0; }
.app-project-grid { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--app-space-3); grid-template-columns: repeat(auto-fill, minmax(min(260px, 100%), 1fr)); }
/* The item stretches to its row's height and the card fills it: every card in a row is as tall as the tallest. */
.app-project-grid > li { display: flex; min-width: 0; }
.app-project-card {
  flex: 1; display: flex; flex-direction: column; min-width: 0; border-radius: 10px; border: 1px solid var(--app-border);
  background: var(--app-surface); color: var(--app-text); text-decoration: none; overflow: hidden;
}
.app-project-card:hover { border-color: var(--app-primary); }
.app-project-card:focus-visible { outline: 2px solid var(--app-focus); outline-offset: 3px; border-color: var(--app-primary); }
.app-project-cover { height: 96px; flex: none; background: var(--app-border) center / cover no-repeat; }
.app-project-cover img { display: block; width: 100%; height: 100%; object-fit: cover; }
.app-project-card-body { flex: 1; padding: var(--app-space-3) var(--app-space-4) var(--app-space-4); min-width: 0; }
.app-project-card :is(h2, h3) { margin: 0 0 4px; font-size: 16px; display: flex; align-items: center; gap: 8px; min-width: 0; }
.app-project-name { overflow-wrap: anywhere; min-width: 0; }
.app-project-description {
  margin: 0; color: var(--app-muted); overflow-wrap: anywhere;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden;
}
/* A list showing its last answer while the next comes (other filters, order or search): dimmed only after a moment, so a quick answer does not flash. */
.app-issue-results[aria-busy="true"] { opacity: 0.6; cursor: progress; transition: opacity 0.15s ease 0.2s; }
@media (prefers-reduced-motion: reduce) { .app-issue-results[aria-busy="true"] { transition-duration: 0s; } }
/* An empty answer to filters or a search: why, and the buttons that clear them (issue-no-match.tsx). */
.app-no-match { display: flex; flex-wrap: wrap; align-items: center; gap: var(--app-space-2) var(--app-space-3); }
.app-no-match .app-note { margin: 0; }
.app-no-match-actions { display: flex; flex-wrap: wrap; gap: var(--app-space-2); }
.app-issue-list { list-style: none; margin: 0; padding: 0; border: 1px solid var(--app-border); border-radius: 10px; overflow: hidden; }
.app-issue-row {
  display: flex; align-items: center; gap: var(--app-space-3); padding: var(--app-space-2) var(--app-space-4);
  border-top: 1px solid var(--app-border); font-size: var(--app-text-md);
}
.app-issue-row:first-child { border-top: 0; }
.app-planning-archived { flex: none; padding: 0 6px; border: 1px solid var(--app-border); border-radius: 4px; color: var(--app-muted); font-size: 12px; }
.app-issue-row a { color: var(--app-text); text-decoration: none; flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.app-issue-row a:hover { text-decoration: underline; }
/* The title cell: the title's link, then the row's preview button (issue-peek.tsx). */
.app-issue-title-cell { display: flex; align-items: center; gap: var(--app-space-1); min-width: 0; }
.app-issue-key { display: inline-flex; align-items: center; gap: var(--app-space-2); color: var(--app-muted); font-size: var(--app-text-sm); font-variant-numeric: tabular-nums; white-space: nowrap; }
.app-issue-date { color: var(--app-muted); font-size: var(--app-text-sm); font-variant-numeric: tabular-nums; white-space: nowrap; }
/* Issue list rows share one column template, so state, priority, key, labels, assignees and date line up row to row; the title takes the rest. */
.app-issue-grid-row {
  display: grid; gap: var(--app-space-3);
  grid-template-columns: var(--app-space-4) var(--app-space-4) 5.5em minmax(0, 1fr) 14em 4.5em 8em;
}
.app-issue-grid-row > * { min-width: 0; }
/* Selectable rows start with a checkbox column. */
.app-issue-list[data-selectable] > .app-issue-grid-row { grid-template-columns: var(--app-space-4) var(--app-space-4) var(--app-space-4) 5.5em minmax(0, 1fr) 14em 4.5em 8em; }
.app-issue-select { width: 16px; height: 16px; margin: 0; accent-color: var(--app-primary); }
.app-issue-row:has(.app-issue-select:checked) { background: var(--app-surface); }
.app-selection-bar {
  display: flex; flex-wrap: wrap; align-items: center; gap: var(--app-space-2); margin: 0 0 var(--app-space-2); padding: var(--app-space-1) var(--app-space-3);
  border: 1px solid var(--app-primary); border-radius: 8px; background: var(--app-surface);
}
.app-selection-count { margin: 0 var(--app-space-2) 0 0; font-weight: 600; font-size: var(--app-text-sm); }
/* A row's priority picker is its icon in a 24 px target, overhanging its 16 px column rather than widening every row. */
.app-issue-grid-row .app-picker-button { justify-content: center; min-width: 24px; min-height: 24px; margin: -4px; padding: 0; }
/* Labels, assignees and target date pickers keep to their column, their value at its end as the read-only row shows it. */
.app-issue-grid-row :is(.app-issue-labels, .app-issue-assignees, .app-issue-date) .app-picker-button { justify-content: flex-end; margin: -4px -4px -4px 0; padding: 0 4px; }
.app-issue-grid-row .app-issue-labels .app-picker-value { gap: var(--app-space-1); justify-content: flex-end; flex-wrap: nowrap; }
.app-issue-date .app-picker-button:not([data-overdue]) { color: var(--app-muted); }
.app-issue-date .app-picker-button { font-size: var(--app-text-sm); font-variant-numeric: tabular-nums; white-space: nowrap; }
.app-issue-date .app-picker-value { flex-wrap: nowrap; }
.app-issue-row:hover .app-picker-button[data-compact][data-empty] .app-picker-value { opacity: 1; }
.app-state-icon, .app-priority-icon, .app-issue-cell { display: inline-flex; align-items: center; justify-content: center; }
.app-priority-icon { color: var(--app-muted); }
.app-issue-state { display: inline-flex; align-items: center; gap: var(--app-space-1); }
.app-priority-icon[data-priority="urgent"] { color: var(--app-danger); }
.app-issue-labels { display: flex; align-items: center; gap: var(--app-space-1); justify-content: flex-end; }
.app-issue-label {
  display: inline-flex; align-items: center; gap: var(--app-space-1); padding: 0 var(--app-space-2); border: 1px solid var(--app-border);
  border-radius: 999px; font-size: var(--app-text-xs); flex: none; white-space: nowrap;
}
/* Only a label's own chip gives way, and only by wrapping a name too long for the column: a word is never broken while it fits. */
.app-issue-label:not(.app-issue-label-more, .app-issue-estimate) { flex: 0 1 auto; min-width: 0; white-space: normal; overflow-wrap: break-word; }
.app-issue-label-more { color: var(--app-muted); }
.app-issue-assignees, .app-issue-grid-row .app-issue-date { display: flex; justify-content: flex-end; }
.app-issue-grid-row .app-issue-date { text-align: right; }
.app-state-dot { width: 10px; height: 10px; border-radius: 50%; flex: 0 0 10px; border: 1px solid var(--app-ring); box-sizing: border-box; }
/* More tabs than a phone's width scroll on their own, not the page. */
.app-tabs-list { display: flex; gap: 4px; padding: 0 24px; border-bottom: 1px solid var(--app-border); overflow-x: auto; scrollbar-width: thin; }
/* An edge with tabs beyond it fades out (marked by ui/tab-strip.ts): a hint that the strip scrolls. */
.app-tabs-list[data-more-before] { mask-image: linear-gradient(to right, transparent, #000 24px); }
.app-tabs-list[data-more-after] { mask-image: linear-gradient(to left, transparent, #000 24px); }
.app-tabs-list[data-more-before][data-more-after] { mask-image: linear-gradient(to right, transparent, #000 24px, #000 calc(100% - 24px), transparent); }
.app-tab {
  flex: none; white-space: nowrap; padding: 10px 12px; border: 0; border-bottom: 2px solid transparent; background: none;
  color: var(--app-muted); font: inherit; cursor: pointer; text-decoration: none;
}
.app-tab[aria-current="page"], .app-tab[data-state="active"] { color: var(--app-text); border-bottom-color: var(--app-primary); font-weight: 600; }
.app-facts { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0; }
.app-facts dt { font-weight: 600; }
.app-facts dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
/* A form after the facts (the workspace's name) stands apart from them, not read as their last line. */
.app-facts + .app-inline-form { margin-top: var(--app-space-4); }
.app-analytics-totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: 12px; margin: 0 0 24px; }
.app-analytics-totals > div { border: 1px solid var(--app-border); border-radius: 8px; padding: 12px 16px; }
.app-analytics-totals dt { color: var(--app-muted); font-size: 0.875rem; }
.app-analytics-totals dd { margin: 4px 0 0; font-size: 1.5rem; font-weight: 600; }
.app-estimate-values { margin: 0 0 var(--app-space-2); padding: 0; list-style: none; }
.app-estimate-values .app-inline-form { margin-bottom: var(--app-space-2); }
.app-estimate-counts { display: flex; flex-wrap: wrap; gap: 0 var(--app-space-3); margin: 0; padding: 0; list-style: none; }
.app-table { border-collapse: collapse; width: 100%; margin-top: 12px; }
/* A table wider than a phone scrolls inside this box, not the page. */
.app-table-scroll { overflow-x: auto; margin-top: 12px; }
.app-table-scroll > .app-table { margin-top: 0; }
.app-table th, .app-table td { text-align: left; padding: 8px 10px; border-bottom: 1px solid var(--app-border); }
.app-inline-form { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 10px; margin-bottom: 12px; }
.app-inline-form .app-field, .app-field-inline { margin: 0; }
.app-members-invite { margin: 0 0 12px; padding: 10px 12px; border: 1px solid var(--app-border); border-radius: 6px; }
.app-members-invite p { margin: 0 0 8px; }
.app-members-invitations { margin-top: var(--app-space-4); }
.app-members-invitations h3 { margin: 0; font-size: var(--app-text-md); }
.app-table-actions { display: flex; flex-wrap: wrap; gap: var(--app-space-2); }
.app-integration { padding: var(--app-space-3) var(--app-space-4); border: 1px solid var(--app-border); border-radius: 8px; }
.app-integration h3 { margin: 0 0 var(--app-space-2); font-size: var(--app-text-md); }
.app-integration p { margin: 0 0 var(--app-space-3); max-width: 70ch; }
.app-integration-last { color: var(--app-muted); overflow-wrap: anywhere; }
.app-cover-preview { display: block; width: 160px; height: 54px; border-radius: 6px; object-fit: cover; background: var(--app-border) center / cover no-repeat; }
.app-settings-page { max-width: 900px; margin: 0 auto; padding: 16px 0; }
.app-project-key {
  display: inline-flex; min-width: 24px; justify-content: center; padding: 0 4px; border-radius: 4px;
  font-size: 11px; font-weight: 700; border: 1px solid currentColor;
}
.app-issue-group + .app-issue-group { margin-top: var(--app-space-4); }
.app-issue-group-heading { margin: 0 0 var(--app-space-2); font-size: var(--app-text-md); }
.app-issue-group-toggle {
  display: inline-flex; align-items: center; gap: var(--app-space-2); padding: var(--app-space-1) var(--app-space-2);
  border: 0; border-radius: 6px; background: none; color: var(--app-text); font: inherit; font-weight: 600; cursor: pointer;
}
.app-issue-group-toggle:hover { background: var(--app-surface); }
.app-issue-group-toggle:focus-visible { outline: 2px solid var(--app-focus); outline-offset: 2px; }
.app-list-footer { margin: 10px 0 0; color: var(--app-muted); font-size: 13px; }
/*
 * The list's own width, not the window's, decides how its rows are laid out (beside the sidebar on a
 * tablet or a narrow window, in a panel, on a phone): under 800 px the columns would leave the title
 * no room, so the title has the first line to itself after state, priority and key, and labels,
 * assignees and date share the line under it (a line each under 480 px).
 */
.app-issue-grid { container: issue-rows / inline-size; }
@container issue-rows (max-width: 799.98px) {
  /* Each row is a grid of its own: the key's column is as wide in every row (wider only for a key that needs it), so the titles start in line. */
  .app-issue-grid > .app-issue-grid-row { grid-template-columns: var(--app-space-4) var(--app-space-4) minmax(5.5em, auto) minmax(0, 1fr) auto auto; row-gap: var(--app-space-1); }
  .app-issue-grid[data-selectable] > .app-issue-grid-row { grid-template-columns: var(--app-space-4) var(--app-space-4) var(--app-space-4) minmax(5.5em, auto) minmax(0, 1fr) auto auto; }
  .app-issue-grid-row > .app-issue-title-cell { grid-column: 4 / -1; }
  .app-issue-grid-row > .app-issue-labels { grid-column: 4; justify-content: flex-start; flex-wrap: wrap; }
  .app-issue-grid-row > .app-issue-assignees { grid-column: 5; }
  .app-issue-grid-row > .app-issue-date { grid-column: 6; }
  .app-issue-grid[data-selectable] > .app-issue-grid-row > .app-issue-title-cell { grid-column: 5 / -1; }
  .app-issue-grid[data-selectable] > .app-issue-grid-row > .app-issue-labels { grid-column: 5; }
  .app-issue-grid[data-selectable] > .app-issue-grid-row > .app-issue-assignees { grid-column: 6; }
  .app-issue-grid[data-selectable] > .app-issue-grid-row > .app-issue-date { grid-column: 7; }
  /* With the line to itself, a title too long for it wraps rather than being cut short. */
  .app-issue-grid-row a { white-space: normal; overflow-wrap: anywhere; }
  .app-issue-grid-row .app-issue-labels .app-picker-value { justify-content: flex-start; }
  /* No line under the title when there is nothing to put on it: no value, at most the empty pickers a hover shows. */
  .app-issue-grid-row > :is(.app-issue-labels, .app-issue-assignees, .app-issue-date):empty { display: none; }
  .app-issue-grid-row:not(:has(> :is(.app-issue-labels, .app-issue-assignees, .app-issue-date) > :not(.app-picker-button[data-empty]))) > :is(.app-issue-labels, .app-issue-assignees, .app-issue-date) { display: none; }
  .app-issue-grid-row :is(.app-issue-labels, .app-issue-assignees, .app-issue-date) .app-picker-button { justify-content: flex-start; margin: -4px 0 -4px -4px; }
}
/* Under 480 px (a phone) labels, assignees and date each have a line of their own under the title. */
@container issue-rows (max-width: 479.98px) {
  .app-issue-grid-row > :is(.app-issue-labels, .app-issue-assignees, .app-issue-date) { grid-column: 4 / -1; justify-content: flex-start; }
  .app-issue-grid[data-selectable] > .app-issue-grid-row > :is(.app-issue-labels, .app-issue-assignees, .app-issue-date) { grid-column: 5 / -1; }
}
@media (max-width: 767.98px) {
  /* A phone has no room to cut titles short: they wrap. */
  .app-issue-row { padding: var(--app-space-2) var(--app-space-3); }
  .app-issue-row a { white-space: normal; overflow-wrap: anywhere; }
  /* Nothing to hover on a phone: an empty picker takes no room (its property is set from the issue's page). */
  .app-issue-grid-row :is(.app-issue-labels, .app-issue-assignees, .app-issue-date):has(> .app-picker-button[data-empty]:only-child) { display: none; }
  .app-settings-page { padding: 12px 16px; }
  /* A state's or label's buttons (Edit, Make default, Delete) go under its name when the line is full. */
  .app-settings-page .app-issue-row { flex-wrap: wrap; }
  .app-settings-page > .app-content, .app-settings-page > .app-page-header { padding-left: 0; padding-right: 0; }
  .app-tabs-list { padding: 0 8px; }
  .app-tab { min-height: 44px; box-sizing: border-box; }
}
`;
