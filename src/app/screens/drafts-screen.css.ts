/** The Drafts screen's rows: the title opens the draft, the project and the last edit beside it, then delete. */
export const draftsCss = `
.app-draft-row { flex-wrap: wrap; }
.app-draft-open {
  flex: 1; min-width: 0; padding: var(--app-space-1) 0; border: 0; background: none; color: var(--app-text); font: inherit;
  text-align: left; cursor: pointer; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}
.app-draft-open:hover { text-decoration: underline; }
.app-draft-open:focus-visible { outline: 2px solid var(--app-focus); outline-offset: 2px; border-radius: 4px; }
.app-draft-open[data-untitled] { color: var(--app-muted); font-style: italic; }
.app-draft-project { max-width: 14em; overflow: hidden; text-overflow: ellipsis; }
@media (max-width: 767.98px) {
  /* A phone wraps the title and puts the project and the last edit under it, the delete button staying at the row's end. */
  .app-draft-open { flex-basis: calc(100% - 56px); white-space: normal; overflow-wrap: anywhere; min-height: 44px; }
  .app-draft-row .app-draft-delete { order: 1; min-width: 44px; min-height: 44px; }
  .app-draft-row .app-draft-meta { order: 2; flex-basis: 100%; }
}
.app-draft-meta { display: inline-flex; align-items: center; gap: var(--app-space-3); flex-wrap: wrap; }
`;
