import { layer } from '../../ui/layers.js';

/**
 * Styles of the issue list's toolbar: one compact row (layout, filters, display, search) that
 * wraps rather than overflows, and on a phone one button opening the same controls, each then a
 * 44 px tap target.
 */
export const issueToolbarCss = `
.app-issue-toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: var(--app-space-2); margin: 0 0 var(--app-space-3); }
.app-issue-toolbar-end { display: flex; flex-wrap: wrap; align-items: center; gap: var(--app-space-2); margin-left: auto; }
.app-layout-switch { display: inline-flex; gap: 2px; padding: 2px; border: 1px solid var(--app-border); border-radius: 8px; }
.app-layout-switch .app-button[data-size="small"] { min-height: 24px; }
.app-filter-chip {
  display: inline-flex; align-items: center; max-width: 100%; border: 1px solid var(--app-border); border-radius: 999px;
  background: var(--app-surface); font-size: var(--app-text-sm);
}
.app-filter-chip .app-picker-button { min-height: 26px; padding: 2px 4px 2px 10px; border: 0; border-radius: 999px; font-size: var(--app-text-sm); }
.app-filter-chip-name { color: var(--app-muted); }
.app-filter-chip .df-trigger { padding: 3px 4px 3px 10px; border: 0; border-radius: 999px; background: none; font-size: var(--app-text-sm); }
.app-filter-chip-remove {
  display: inline-grid; place-items: center; flex: none; width: 24px; height: 24px; margin: 0 2px; padding: 0; border: 0; border-radius: 50%;
  background: none; color: var(--app-muted); cursor: pointer;
}
.app-filter-chip-remove:hover { background: var(--app-bg); color: var(--app-text); }
.app-filter-chip-remove:focus-visible { outline: 2px solid var(--app-focus); outline-offset: 1px; }
.app-issue-toolbar .app-issue-search { flex-direction: row; align-items: center; gap: var(--app-space-1); margin: 0; }
.app-issue-toolbar .app-issue-search input { width: 14em; min-width: 0; padding: 4px 8px; font-size: var(--app-text-sm); }
/*
 * The box has its own Clear button (in the tab order, in the app's look): the × Chromium and WebKit
 * draw in a search field would be a second (Firefox draws none). Not drawn at all: with only
 * appearance: none, WebKit still clears the field on a click where it was.
 */
.app-issue-search input::-webkit-search-cancel-button { display: none; }
.app-display-popup {
  z-index: ${layer.popup}; display: flex; flex-direction: column; gap: var(--app-space-3); min-width: 220px; padding: var(--app-space-3);
  border: 1px solid var(--app-border); border-radius: 8px; background: var(--app-bg); color: var(--app-text); box-shadow: 0 8px 24px rgb(0 0 0 / 0.18);
}
.app-display-popup .app-field { margin: 0; }
.app-toolbar-count {
  display: inline-grid; place-items: center; min-width: 18px; height: 18px; padding: 0 4px; border-radius: 9px;
  background: var(--app-primary); color: var(--app-primary-text); font-size: var(--app-text-xs); font-weight: 700;
}
.app-issue-toolbar[data-phone] > .app-button { min-height: 44px; }
.app-issue-toolbar-panel { display: flex; flex-wrap: wrap; align-items: center; gap: var(--app-space-2); flex: 1 1 100%; }
.app-issue-toolbar-panel .app-issue-toolbar-end { margin-left: 0; flex: 1 1 100%; }
.app-issue-toolbar-panel .app-issue-search { flex: 1 1 100%; }
.app-issue-toolbar-panel .app-issue-search input { flex: 1; width: auto; }
.app-issue-toolbar-panel :is(.app-button, .app-picker-button, .df-trigger, input) { min-height: 44px; box-sizing: border-box; }
.app-issue-toolbar-panel .app-layout-switch .app-button[data-size="small"] { min-height: 40px; }
.app-issue-toolbar-panel .app-filter-chip-remove { width: 44px; height: 44px; }
`;
