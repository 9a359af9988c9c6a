import { ACTIVITY_ICON_COLOR } from './activity-row.js';

/** Styles of the activity feed. */
export const activityFeedCss = `
.af-feed {
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  color: var(--app-text, #1f2937);
}
.af-row {
  display: flex;
  align-items: flex-start;
  gap: 10px;
}
.af-icon {
  flex: none;
  margin-top: 2px;
  color: ${ACTIVITY_ICON_COLOR};
}
.af-sentence {
  margin: 0;
  line-height: 1.4;
  overflow-wrap: anywhere;
}
.af-link {
  color: inherit;
  font-weight: 600;
  text-decoration: underline;
  text-decoration-color: var(--app-border, #d1d5db);
  text-underline-offset: 2px;
}
.af-link:hover {
  text-decoration-color: currentColor;
}
.af-link:focus-visible {
  outline: 2px solid var(--app-focus, #2563eb);
  outline-offset: 2px;
}
.af-time, .af-empty {
  color: var(--app-muted, #4b5563);
  font-size: 0.875rem;
}
.af-empty {
  margin: 0;
}
`;
