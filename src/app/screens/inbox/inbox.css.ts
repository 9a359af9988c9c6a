/** Styles of the inbox screen: the requests on the left, the chosen one on the right (one column on a phone). */
export const inboxCss = `
.app-inbox { display: grid; grid-template-columns: minmax(220px, 320px) minmax(0, 1fr); gap: var(--app-space-4); align-items: start; }
.app-inbox-list { list-style: none; margin: 0; padding: 0; border: 1px solid var(--app-border); border-radius: 10px; overflow: hidden; }
.app-inbox-list li + li { border-top: 1px solid var(--app-border); }
.app-inbox-item {
  display: grid; gap: 2px; width: 100%; padding: var(--app-space-2) var(--app-space-3); border: 0; background: var(--app-surface);
  color: var(--app-text); font: inherit; text-align: start; cursor: pointer;
}
.app-inbox-item:hover { background: color-mix(in srgb, var(--app-primary) 4%, var(--app-surface)); }
.app-inbox-item[aria-current='true'] { background: color-mix(in srgb, var(--app-primary) 10%, var(--app-surface)); box-shadow: inset 3px 0 0 var(--app-primary); }
.app-inbox-item:focus-visible { outline: 2px solid var(--app-focus); outline-offset: -2px; }
.app-inbox-item-name { overflow-wrap: anywhere; font-weight: 600; }
.app-inbox-item-meta { display: flex; flex-wrap: wrap; gap: var(--app-space-2); color: var(--app-muted); font-size: var(--app-text-sm); }
.app-inbox-detail { min-width: 0; display: grid; gap: var(--app-space-3); padding: var(--app-space-4); border: 1px solid var(--app-border); border-radius: 10px; background: var(--app-surface); }
.app-inbox-detail rich-editor { --rich-editor-background: var(--app-surface); }
.app-inbox-detail h2 { margin: 0; font-size: 1.25rem; overflow-wrap: anywhere; }
.app-inbox-detail h3 { margin: 0; font-size: 1rem; }
.app-inbox-meta { display: flex; flex-wrap: wrap; align-items: center; gap: var(--app-space-2); margin: 0; color: var(--app-muted); font-size: var(--app-text-sm); }
.app-inbox-status { display: inline-block; padding: 0 var(--app-space-2); border: 1px solid var(--app-border); border-radius: 999px; color: var(--app-text); }
.app-inbox-actions { display: flex; flex-wrap: wrap; gap: var(--app-space-2); }
.app-new-intake { display: grid; gap: var(--app-space-3); }
.app-inbox-editor { border: 1px solid var(--app-border); border-radius: 8px; padding: 4px 10px; background: var(--app-bg); min-height: 96px; }
.app-inbox-description { min-height: 1.5em; }
@media (max-width: 700px) {
  .app-inbox { grid-template-columns: minmax(0, 1fr); }
  .app-inbox-detail { padding: var(--app-space-3); }
}
`;
