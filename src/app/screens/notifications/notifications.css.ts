/** Styles of the notifications screen and the sidebar's unread count. */
export const notificationsCss = `
.app-notification-list { list-style: none; margin: 0; padding: 0; border: 1px solid var(--app-border); border-radius: 10px; overflow: hidden; }
/* The words take the line's room first (at least 16rem); the actions go under them when both do not fit. */
.app-notification-row {
  display: flex; flex-wrap: wrap; align-items: center; gap: var(--app-space-3); padding: var(--app-space-3) var(--app-space-4);
  border-top: 1px solid var(--app-border); background: var(--app-surface);
}
.app-notification-row:first-child { border-top: 0; }
.app-notification-row[data-unread] { background: color-mix(in srgb, var(--app-primary) 6%, var(--app-surface)); }
.app-notification-dot { flex: none; width: 8px; height: 8px; border-radius: 50%; background: transparent; }
.app-notification-row[data-unread] .app-notification-dot { background: var(--app-primary); }
.app-notification-open { flex: 1 1 16rem; min-width: 0; display: grid; gap: 2px; color: var(--app-text); text-decoration: none; }
.app-notification-open:hover .app-notification-issue { text-decoration: underline; }
.app-notification-open:focus-visible { outline: 2px solid var(--app-focus); outline-offset: 2px; border-radius: 4px; }
.app-notification-what { overflow-wrap: anywhere; }
.app-notification-row[data-unread] .app-notification-what strong { font-weight: 700; }
.app-notification-issue { color: var(--app-muted); font-size: var(--app-text-sm); overflow-wrap: anywhere; }
.app-notification-when { color: var(--app-muted); font-size: var(--app-text-sm); white-space: nowrap; }
.app-notification-actions { display: flex; flex-wrap: wrap; gap: var(--app-space-2); justify-content: flex-end; margin-inline-start: auto; }
.app-notifications-more { display: flex; justify-content: center; padding: var(--app-space-3); }
.app-sidebar-count {
  margin-inline-start: auto; min-width: 20px; padding: 0 6px; border-radius: 10px; text-align: center;
  font-size: 12px; line-height: 20px; font-variant-numeric: tabular-nums;
  background: var(--app-primary); color: var(--app-primary-text);
}
@media (max-width: 600px) {
  .app-notification-row { flex-wrap: wrap; padding: var(--app-space-3); }
  .app-notification-open { flex-basis: calc(100% - 24px); }
  .app-notification-when { order: 3; }
  .app-notification-actions { order: 4; width: 100%; justify-content: flex-start; }
}
`;
