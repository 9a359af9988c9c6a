/** The AI assistant popup's styles; colours come from the theme's custom properties. */
export const aiAssistantCss = `
.ai-assistant__trigger, .ai-assistant__button {
  padding: 0.4rem 0.9rem; border-radius: 0.375rem; font: inherit; cursor: pointer;
  border: 1px solid var(--app-border, #9ca3af); background: var(--app-surface, #ffffff); color: var(--app-text, #1f2937);
}
.ai-assistant__button--primary { background: var(--app-primary, #1d4ed8); border-color: var(--app-primary, #1d4ed8); color: var(--app-primary-text, #ffffff); }
.ai-assistant__trigger:focus-visible, .ai-assistant__button:focus-visible, .ai-assistant__input:focus-visible {
  outline: 3px solid var(--app-focus, #2563eb); outline-offset: 2px;
}
.ai-assistant__button:disabled { opacity: 0.6; cursor: progress; }
.ai-assistant {
  display: grid; gap: 0.75rem; width: min(32rem, calc(100vw - 2rem)); max-height: min(36rem, calc(100vh - 4rem)); overflow: auto;
  padding: 1rem; border-radius: 0.75rem; border: 1px solid var(--app-border, #9ca3af);
  background: var(--app-bg, #ffffff); color: var(--app-text, #1f2937); box-shadow: 0 10px 30px rgb(0 0 0 / 0.25);
}
.ai-assistant__heading { margin: 0; font-size: 1rem; }
.ai-assistant__section { display: grid; gap: 0.25rem; }
.ai-assistant__section-title { margin: 0; font-size: 0.875rem; font-weight: 600; color: var(--app-muted, #4b5563); }
.ai-assistant__content { margin: 0; max-height: 8rem; overflow: auto; white-space: pre-wrap; font-size: 0.875rem; }
.ai-assistant__content--rich { white-space: normal; }
.ai-assistant__response { max-height: 14rem; overflow: auto; border: 1px solid var(--app-border, #9ca3af); border-radius: 0.375rem; padding: 0 0.5rem; }
.ai-assistant__notice, .ai-assistant__error { margin: 0; font-size: 0.875rem; color: var(--app-danger, #b91c1c); }
.ai-assistant__field { display: grid; gap: 0.25rem; }
.ai-assistant__label { font-size: 0.875rem; font-weight: 600; }
.ai-assistant__input {
  padding: 0.45rem 0.6rem; border-radius: 0.375rem; font: inherit;
  border: 1px solid var(--app-border, #9ca3af); background: var(--app-surface, #ffffff); color: var(--app-text, #1f2937);
}
.ai-assistant__input[aria-invalid="true"] { border-color: var(--app-danger, #b91c1c); }
.ai-assistant__actions { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 0.5rem; }
`;
