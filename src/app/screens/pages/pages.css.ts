/** Styles of the page tree: rows indented by depth, a disclosure button or its place before each name. */
export const pagesScreenCss = `
.app-page-tree .app-page-tree { list-style: none; margin: 0; padding: 0; border-top: 1px solid var(--app-border); }
.app-page-tree > li + li > .app-page-row { border-top: 1px solid var(--app-border); }
.app-page-tree .app-page-row { border-top: 0; }
.app-page-row-button {
  flex: none; display: inline-grid; place-items: center; width: 24px; height: 24px; padding: 0; border: 0; border-radius: 6px;
  background: none; color: var(--app-muted); cursor: pointer;
}
span.app-page-row-button { cursor: default; }
button.app-page-row-button:hover { background: var(--app-surface); color: var(--app-text); }
button.app-page-row-button:focus-visible { outline: 2px solid var(--app-focus); outline-offset: 1px; }
`;
