import { layer } from '../../ui/layers.js';

/**
 * Styles of the issue board: columns side by side, scrolling sideways inside the board, never the
 * page. The board is positioned so the visually hidden text in its columns (absolutely positioned)
 * is clipped by its scroller instead of widening the page.
 */
export const issueBoardCss = `
.app-board-hint { margin: 0 0 10px; color: var(--app-muted); font-size: 13px; }
/* A touch screen has no arrow keys to press: the hint says only how to drag. */
@media (hover: none) and (pointer: coarse) { .app-board-hint-keys { display: none; } }
.app-board { position: relative; display: flex; gap: 12px; align-items: flex-start; overflow-x: auto; min-width: 0; max-width: 100%; padding-bottom: 8px; }
.app-board-column {
  flex: 0 0 272px; display: flex; flex-direction: column; min-height: 120px; border-radius: 10px;
  background: var(--app-surface); border: 1px solid var(--app-border); outline: 2px solid transparent; outline-offset: -2px;
}
.app-board-column[data-drop-target] { outline-color: var(--app-primary); }
.app-board-column h2 { display: flex; align-items: center; gap: 8px; margin: 0; padding: 10px 12px; font-size: 14px; }
.app-board-count { margin-left: auto; color: var(--app-muted); font-weight: normal; font-variant-numeric: tabular-nums; }
.app-board-cards { list-style: none; margin: 0; padding: 0 8px 8px; display: grid; gap: 8px; flex: 1; }
.app-board-card {
  display: grid; gap: 4px; padding: 10px 12px; border-radius: 8px; border: 1px solid var(--app-border);
  background: var(--app-bg); user-select: none; -webkit-user-select: none;
}
.app-board-card[data-movable] { cursor: grab; touch-action: none; }
.app-board-card[data-dragging] { position: relative; z-index: ${layer.dragged}; cursor: grabbing; box-shadow: 0 8px 24px rgb(0 0 0 / 0.25); }
.app-board-card:focus-within { outline: 2px solid var(--app-focus); outline-offset: 1px; }
.app-board-card a { color: var(--app-text); text-decoration: none; overflow-wrap: anywhere; }
.app-board-card a:hover { text-decoration: underline; }
.app-board-card a:focus-visible { outline: none; }
.app-board-meta { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; font-size: 12px; color: var(--app-muted); }
.app-board-meta:empty { display: none; }
.app-board-meta .app-picker-button { min-height: 24px; padding: 1px 6px; border-color: var(--app-border); font-size: 12px; }
/* The compact pickers (state, labels, date, assignees) draw their border only when pointed at or open. */
.app-board-meta .app-picker-button[data-compact] { padding: 1px 4px; border-color: transparent; }
.app-board-meta .app-picker-button[data-compact]:is(:hover, [aria-expanded="true"]) { border-color: var(--app-border); }
.app-board-card:hover .app-picker-button[data-compact][data-empty] .app-picker-value { opacity: 1; }
.app-board-priority { padding: 1px 6px; border: 1px solid var(--app-border); border-radius: 4px; }
.app-board-assignees { display: inline-flex; gap: 2px; margin-left: auto; }
@media (max-width: 767.98px) {
  /* Nothing to hover on a phone: an empty picker takes no room on a card (its property is set from the issue's page), as in the list. */
  .app-board-meta > .app-picker-button[data-compact][data-empty], .app-board-assignees:has(> .app-picker-button[data-empty]:only-child) { display: none; }
}
.app-board-placeholder { border: 2px dashed var(--app-primary); border-radius: 8px; min-height: 40px; }
`;
