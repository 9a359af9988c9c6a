/** The empty state's styles; colours come from the theme's custom properties. */
export const emptyStateCss = `
.empty-state {
  display: grid; justify-items: center; gap: 0.75rem; max-width: 30rem; margin: 2rem auto; padding: 1rem;
  text-align: center; color: var(--app-text, #1f2937);
}
.empty-state__art { width: min(15rem, 70%); height: auto; }
.empty-state__title { margin: 0; font-size: 1.25rem; line-height: 1.3; }
.empty-state__description { margin: 0; color: var(--app-muted, #4b5563); }
.empty-state__actions { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.5rem; }
.empty-state__button {
  padding: 0.45rem 1rem; border-radius: 0.375rem; font: inherit; cursor: pointer;
  border: 1px solid var(--app-border, #c9ced6); background: var(--app-surface, #f6f7f9); color: var(--app-text, #1f2937);
}
.empty-state__button--primary { border-color: var(--app-primary, #2454c5); background: var(--app-primary, #2454c5); color: var(--app-primary-text, #ffffff); }
.empty-state__button[aria-disabled="true"] { cursor: not-allowed; border-style: dashed; background: transparent; color: var(--app-muted, #4b5563); border-color: var(--app-border, #c9ced6); }
.empty-state__button:focus-visible { outline: 3px solid var(--app-focus, #2454c5); outline-offset: 2px; }
.empty-state__reason { margin: 0; font-size: 0.875rem; color: var(--app-muted, #4b5563); }
`;
