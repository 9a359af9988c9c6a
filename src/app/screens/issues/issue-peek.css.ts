/** Styles of the issue preview beside a list (issue-peek.tsx). */
export const issuePeekCss = `
.app-issues-with-peek { display: grid; grid-template-columns: minmax(0, 1fr) minmax(320px, 420px); gap: var(--app-space-4); align-items: start; }
.app-issue-peek {
  position: sticky; top: var(--app-space-3); max-height: calc(100vh - 2 * var(--app-space-3)); overflow: auto;
  border: 1px solid var(--app-border); border-radius: 10px; background: var(--app-bg); padding: var(--app-space-3) var(--app-space-4);
}
.app-issue-peek-bar { display: flex; align-items: center; gap: var(--app-space-2); margin: 0 0 var(--app-space-2); }
.app-issue-peek-bar .app-issue-key { margin-right: auto; }
.app-issue-peek h2 { margin: 0 0 var(--app-space-3); font-size: var(--app-text-lg); overflow-wrap: anywhere; }
.app-issue-peek dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: var(--app-space-1) var(--app-space-3); margin: 0 0 var(--app-space-3); font-size: var(--app-text-sm); }
.app-issue-peek dt { color: var(--app-muted); }
.app-issue-peek dd { margin: 0; display: flex; flex-wrap: wrap; align-items: center; gap: var(--app-space-1); }
.app-issue-peek-open { white-space: nowrap; }
.app-issue-peek-person { display: inline-flex; align-items: center; gap: var(--app-space-1); margin-right: var(--app-space-2); }
.app-issue-peek-button {
  flex: none; display: inline-grid; place-items: center; width: 24px; height: 24px; padding: 0; border: 0; border-radius: 4px;
  background: none; color: var(--app-muted); cursor: pointer;
}
.app-issue-peek-button:hover, .app-issue-peek-button[aria-pressed="true"] { color: var(--app-text); background: var(--app-surface); }
/*
 * Beside the preview the list is narrower than 800 px, where a title has a line of its own and wraps
 * (screens.css.ts); but this list is one to glance down while reading the preview: each title keeps
 * to one line, cut short with the full title in its title, as the wide list has it.
 */
@media (min-width: 1000.02px) {
  .app-issues-with-peek .app-issue-grid-row a { white-space: nowrap; overflow-wrap: normal; }
}
/* A phone has no room beside the list: the preview covers it, closed by its button or Escape. */
@media (max-width: 1000px) {
  .app-issues-with-peek { display: block; }
  .app-issue-peek { position: fixed; inset: 0; z-index: 20; max-height: none; border-radius: 0; border: 0; }
}
`;
