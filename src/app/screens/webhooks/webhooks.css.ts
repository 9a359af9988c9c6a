/** The Webhooks settings page: one row per webhook (address, events, switch, actions), wrapping on a phone; the delivery log's notes under a status. */
export const webhooksCss = `
.app-webhook-row { flex-wrap: wrap; gap: var(--app-space-2) var(--app-space-3); }
.app-webhook-url { flex: 1; min-width: 0; overflow-wrap: anywhere; font-weight: 600; }
.app-webhook-events { color: var(--app-muted); }
.app-webhook-switch { display: inline-flex; align-items: center; gap: var(--app-space-1); }
.app-webhook-actions { display: inline-flex; flex-wrap: wrap; gap: var(--app-space-1); }
.app-webhook-toolbar { display: flex; justify-content: flex-end; margin-bottom: var(--app-space-3); }
.app-webhook-note, .app-webhook-error, .app-webhook-next-try { color: var(--app-muted); }
.app-webhook-error, .app-webhook-next-try { font-size: var(--app-text-sm); overflow-wrap: anywhere; }
@media (max-width: 767.98px) {
  .app-webhook-url { flex-basis: 100%; }
  .app-webhook-events { flex-basis: 100%; }
  .app-webhook-actions .app-button, .app-webhook-switch { min-height: 44px; }
}
`;
