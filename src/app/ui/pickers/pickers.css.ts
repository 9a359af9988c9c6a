import { layer } from '../layers.js';

/** Styles of the property pickers, their popups and the values they show. */
export const pickersCss = `
.app-picker-button {
  display: inline-flex; align-items: center; gap: 6px; min-height: 30px; max-width: 100%;
  padding: 3px 8px; border: 1px solid transparent; border-radius: 6px;
  font: inherit; font-size: 14px; color: var(--app-text); background: none; cursor: pointer; text-align: left;
}
.app-picker-button:hover, .app-picker-button[aria-expanded="true"] { background: var(--app-surface); border-color: var(--app-border); }
.app-picker-button:focus-visible { outline: 2px solid var(--app-primary); outline-offset: 1px; }
.app-picker-button[aria-invalid="true"] { border-color: var(--app-danger); }
.app-picker-value { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 6px; min-width: 0; }
.app-picker-value[data-empty], .app-picker-placeholder { color: var(--app-muted); }
/* A compact picker left empty (a row's assignees, labels or date) shows its icon only when pointed at or focused. */
.app-picker-button[data-compact][data-empty] .app-picker-value { opacity: 0; }
.app-picker-button[data-compact][data-empty]:is(:hover, :focus-visible, [aria-expanded="true"]) .app-picker-value { opacity: 1; }
.app-picker-popup {
  z-index: ${layer.popup}; min-width: 220px; max-width: 320px; padding: 6px; border: 1px solid var(--app-border); border-radius: 8px;
  background: var(--app-bg); color: var(--app-text); box-shadow: 0 8px 24px rgb(0 0 0 / 0.18);
}
.app-picker-filter {
  box-sizing: border-box; width: 100%; margin: 0 0 4px; padding: 6px 8px; font: inherit; font-size: 14px;
  color: var(--app-text); background: var(--app-bg); border: 1px solid var(--app-border); border-radius: 6px;
}
.app-picker-list { list-style: none; margin: 0; padding: 0; max-height: 260px; overflow-y: auto; }
.app-picker-option { display: flex; align-items: center; gap: 8px; padding: 6px 8px; border-radius: 5px; cursor: pointer; font-size: 14px; }
.app-picker-option[data-active] { background: var(--app-surface); outline: 1px solid var(--app-border); }
.app-picker-option-label { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.app-picker-check { width: 1em; color: var(--app-primary); font-weight: 700; }
.app-picker-empty { margin: 6px 8px; color: var(--app-muted); font-size: 14px; }
.app-date-popup { display: flex; flex-direction: column; gap: 8px; padding: 10px; }
.app-date-popup label { font-size: 13px; font-weight: 600; }
.app-date-popup input { font: inherit; color: var(--app-text); background: var(--app-bg); border: 1px solid var(--app-border); border-radius: 6px; padding: 6px 8px; }
.app-priority-glyph { flex: none; color: var(--app-muted); }
.app-priority-glyph[data-priority="urgent"] { color: var(--app-danger); }
.app-label-chip {
  display: inline-flex; align-items: center; gap: 5px; padding: 1px 8px; border: 1px solid var(--app-border); border-radius: 12px; font-size: 13px;
}
.app-create-issue-properties { display: flex; flex-wrap: wrap; gap: 4px; margin: 0 0 12px; }
.app-create-issue-properties .app-picker-button { border-color: var(--app-border); font-size: 13px; }
.app-create-issue .app-dialog-actions { align-items: center; }
.app-switch { display: inline-flex; align-items: center; gap: 6px; margin-right: auto; font-size: 14px; cursor: pointer; }
.app-switch input { appearance: none; position: relative; width: 30px; height: 18px; margin: 0; border-radius: 9px; background: var(--app-border); cursor: pointer; }
.app-switch input::after { content: ""; position: absolute; top: 2px; left: 2px; width: 14px; height: 14px; border-radius: 50%; background: var(--app-bg); transition: left 0.15s; }
.app-switch input:checked { background: var(--app-primary); }
.app-switch input:checked::after { left: 14px; }
.app-switch input:focus-visible { outline: 2px solid var(--app-primary); outline-offset: 2px; }
`;
