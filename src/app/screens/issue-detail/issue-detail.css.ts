/** Styles of the issue page. */
export const issueDetailCss = `
.app-issue-page { max-width: 1180px; }
/* One line: the names give way (ellipsis) before the key does, so a phone keeps the title near the top. */
.app-breadcrumb { margin: 0 0 6px; font-size: 13px; color: var(--app-muted); }
.app-breadcrumb ol { display: flex; align-items: center; min-width: 0; margin: 0; padding: 0; list-style: none; white-space: nowrap; }
.app-breadcrumb li { display: flex; align-items: center; min-width: 0; }
.app-breadcrumb li:not(:last-child) { flex: 0 1 auto; overflow: hidden; }
.app-breadcrumb li:last-child { flex: none; }
.app-breadcrumb li + li::before { content: "/"; flex: none; padding: 0 6px; color: var(--app-muted); }
.app-breadcrumb a { overflow: hidden; text-overflow: ellipsis; color: inherit; }
.app-breadcrumb a:hover { color: var(--app-text); }
.app-breadcrumb [aria-current="page"] { color: var(--app-text); }
.app-issue-meta { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 0 0 8px; color: var(--app-muted); }
.app-issue-title { display: flex; align-items: flex-start; gap: 10px; margin: 0 0 20px; }
.app-issue-title h1 { margin: 0; font-size: 24px; flex: 1; overflow-wrap: anywhere; }
.app-issue-title.app-field { flex-direction: column; align-items: stretch; gap: 4px; }
.app-issue-title-button { all: unset; display: block; box-sizing: border-box; width: 100%; margin: -4px -8px; padding: 4px 8px; border-radius: 6px; cursor: text; }
.app-issue-title-button:hover { background: var(--app-surface); }
.app-issue-title-button:focus-visible { outline: 2px solid var(--app-primary); outline-offset: 1px; }
.app-issue-title .app-issue-title-input { box-sizing: border-box; width: 100%; font: inherit; font-size: 24px; font-weight: 700; padding: 3px 8px; margin: -4px -8px 0; }
.app-issue-section { margin: 0 0 28px; }
.app-issue-section > h2 { margin: 0 0 10px; font-size: 16px; }
/*
 * A section's heading keeps its line, and its buttons go under it, still at the end, when both do
 * not fit (a phone): shrunk to make room, "Sub-issues" would break at its hyphen.
 */
.app-issue-section-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; margin: 0 0 10px; }
.app-issue-section-head h2 { flex: none; max-width: 100%; margin: 0; font-size: 16px; }
.app-issue-section-head > h2 + * { margin-left: auto; }
.app-issue-section-actions { display: flex; flex-wrap: wrap; gap: 6px; justify-content: flex-end; }
.app-issue-section h3 { margin: 12px 0 4px; font-size: 13px; font-weight: 600; color: var(--app-muted); }
.app-linked-issues { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; }
.app-linked-issue { display: flex; align-items: center; gap: 8px; min-height: 36px; padding: 2px 4px; border-bottom: 1px solid var(--app-border); }
.app-linked-issue-link { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: inherit; text-decoration: none; }
.app-linked-issue-link:hover .app-linked-issue-name { text-decoration: underline; }
.app-linked-issue-link .app-issue-key { margin-right: 2px; color: var(--app-muted); font-size: 13px; vertical-align: baseline; }
.app-linked-issue-state { display: inline-flex; align-items: center; gap: 4px; flex: none; font-size: 13px; color: var(--app-muted); }
.app-linked-issue-hidden { flex: 1; color: var(--app-muted); font-style: italic; }
.app-sub-issue-progress { display: flex; align-items: center; gap: 8px; margin: 0 0 8px; font-size: 13px; color: var(--app-muted); }
.app-sub-issue-bar { flex: 0 1 160px; height: 6px; border-radius: 3px; background: var(--app-surface); border: 1px solid var(--app-border); overflow: hidden; }
.app-sub-issue-bar > span { display: block; height: 100%; background: var(--app-primary); }
.app-editor-box { border: 1px solid var(--app-border); border-radius: 8px; padding: 4px 10px; background: var(--app-bg); }
.app-editor-actions { display: flex; align-items: center; gap: 10px; margin-top: 8px; }
.app-editor-status { color: var(--app-muted); font-size: 13px; margin: 6px 0 0; min-height: 1.5em; }
.app-comment-list { list-style: none; margin: 0 0 16px; padding: 0; display: flex; flex-direction: column; gap: 12px; }
.app-comment { border: 1px solid var(--app-border); border-radius: 8px; padding: 8px 12px; }
.app-comment header { display: flex; align-items: center; gap: 8px; color: var(--app-muted); font-size: 13px; }
.app-comment header strong { color: var(--app-text); }
.app-comment header .app-comment-actions { margin-left: auto; display: flex; gap: 4px; }
.app-comment-reactions { display: flex; flex-wrap: wrap; align-items: center; gap: var(--app-space-2); margin-top: var(--app-space-2); }
/* A reaction is a pill with its emoji and count; the reader's own is outlined in the primary colour. */
.app-reaction { display: inline-flex; align-items: center; gap: var(--app-space-1); min-height: 28px; padding: 0 var(--app-space-2); border: 1px solid var(--app-border); border-radius: 14px; background: transparent; color: var(--app-text); font: inherit; font-size: var(--app-text-sm); cursor: pointer; }
.app-reaction[aria-pressed="true"] { border-color: var(--app-primary); box-shadow: inset 0 0 0 1px var(--app-primary); color: var(--app-primary); font-weight: 600; }
.app-reaction[aria-disabled="true"] { cursor: default; }
.app-editor-toolbar { display: flex; justify-content: flex-end; gap: 8px; margin: 0 0 6px; }
.app-issue-actions { margin: 0 0 16px; }
/* Description first; the properties panel beside it on wide screens, right under it on narrow ones. */
.app-issue-layout { display: grid; grid-template-columns: minmax(0, 1fr) 280px; grid-template-rows: auto 1fr; grid-template-areas: "description side" "rest side"; column-gap: 32px; }
.app-issue-layout > .app-issue-section.app-issue-main { grid-area: description; }
.app-issue-layout > .app-issue-rest { grid-area: rest; min-width: 0; }
.app-issue-properties { grid-area: side; align-self: start; margin: 0 0 24px; padding: 12px 14px; border: 1px solid var(--app-border); border-radius: 8px; }
.app-issue-properties-title { margin: 0 0 8px; font-size: 16px; }
.app-issue-properties-reason { margin: 0 0 8px; color: var(--app-muted); font-size: 13px; }
.app-issue-properties dl { margin: 0; display: flex; flex-direction: column; gap: 2px; }
.app-issue-property { display: grid; grid-template-columns: 92px minmax(0, 1fr); align-items: center; gap: 8px; min-height: 32px; }
.app-issue-property dt { color: var(--app-muted); font-size: 13px; }
.app-issue-property dd { margin: 0; display: flex; flex-wrap: wrap; align-items: center; gap: 6px; min-width: 0; font-size: 14px; }
.app-issue-property-person { display: inline-flex; align-items: center; gap: 4px; }
@media (max-width: 860px) {
  .app-issue-layout { grid-template-columns: minmax(0, 1fr); grid-template-rows: auto; grid-template-areas: "description" "side" "rest"; }
}
`;
