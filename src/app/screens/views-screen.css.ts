/** The Views screen's rows: the name opens the view, its sharing and owner beside it, then share or make private, rename and delete. */
export const viewsCss = `
.app-view-row { flex-wrap: wrap; }
.app-view-open { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.app-view-meta { display: inline-flex; align-items: center; gap: var(--app-space-3); color: var(--app-muted); }
.app-view-actions { display: inline-flex; gap: var(--app-space-1); }
@media (max-width: 767.98px) {
  /* A phone wraps the name and puts the sharing and owner under it; the buttons keep a 44 px target. */
  .app-view-open { flex-basis: calc(100% - 150px); white-space: normal; overflow-wrap: anywhere; min-height: 44px; display: flex; align-items: center; }
  .app-view-actions { order: 1; }
  .app-view-actions .app-button { min-width: 44px; min-height: 44px; }
  .app-view-meta { order: 2; flex-basis: 100%; }
}
`;
