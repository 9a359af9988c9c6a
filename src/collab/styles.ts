/** The class on a top-level block holding someone else's caret. */
export const CARET_BLOCK_CLASS = 'collab-caret-block';

/**
 * Others' carets and selections, adopted by an editor's shadow root when it edits a shared
 * document (the editor's own file carries none of it). A caret is a thin bar in the person's
 * colour; their name sits above the line, never over the text typed beside the caret, and takes
 * no clicks.
 */
export const COLLAB_CSS = `
/* Out of content-visibility's paint containment, which would clip the name above a block's first
   line. (The block being edited is out already; naming it makes the rule more specific than the
   element's, so it holds whichever sheet comes last.) */
.content > .${CARET_BLOCK_CLASS}:not(.re-active) {
  content-visibility: visible;
}
.collab-caret {
  position: relative;
  margin: 0 -1px;
  border-left: 2px solid var(--collab-color);
  pointer-events: none;
  word-break: normal;
}
.collab-caret-label {
  position: absolute;
  bottom: 100%;
  left: -2px;
  padding: 0 4px;
  border-radius: 3px 3px 3px 0;
  background: var(--collab-color);
  color: #fff;
  font: 600 11px/16px system-ui, sans-serif;
  white-space: nowrap;
  user-select: none;
  pointer-events: none;
}
.collab-caret-label img {
  width: 12px;
  height: 12px;
  margin-right: 3px;
  border-radius: 50%;
  vertical-align: -2px;
}
.collab-selection {
  background: color-mix(in srgb, var(--collab-color) 22%, transparent);
}
`;

let sheet: CSSStyleSheet | null = null;

/** Adds the carets' styles to an editor's shadow root (once; every editor shares one sheet). */
export function adoptCollabStyles(root: Node): void {
  if (!(root instanceof ShadowRoot)) return;
  sheet ??= new CSSStyleSheet();
  if (!sheet.cssRules.length) sheet.replaceSync(COLLAB_CSS);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
