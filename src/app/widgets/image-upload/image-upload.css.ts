/** The image uploader's styles; colours come from the theme's custom properties. */
export const imageUploadCss = `
.image-upload { display: grid; gap: 0.75rem; color: var(--app-text, #1f2937); font: inherit; }
.image-upload__zone {
  display: grid; place-items: center; gap: 0.5rem; min-height: 10rem; padding: 1rem;
  border: 2px dashed var(--app-border, #9ca3af); border-radius: 0.5rem;
  background: var(--app-surface, #ffffff); color: var(--app-text, #1f2937);
  cursor: pointer; text-align: center;
}
.image-upload__zone[data-dragging] { border-color: var(--app-primary, #1d4ed8); }
.image-upload__zone[aria-disabled="true"] { cursor: progress; }
.image-upload__zone:focus-visible { outline: 3px solid var(--app-focus, #2563eb); outline-offset: 2px; }
.image-upload__preview { max-width: 100%; max-height: 8rem; object-fit: contain; border-radius: 0.25rem; }
.image-upload__hint { margin: 0; font-size: 0.875rem; color: var(--app-muted, #4b5563); }
.image-upload__error { margin: 0; font-size: 0.875rem; color: var(--app-danger, #b91c1c); }
.image-upload__done { margin: 0; font-size: 0.875rem; color: var(--app-success, #15803d); }
.image-upload__progress { display: flex; align-items: center; gap: 0.5rem; }
.image-upload__progress progress { flex: 1; accent-color: var(--app-primary, #1d4ed8); }
.image-upload__actions { display: flex; justify-content: flex-end; gap: 0.5rem; }
.image-upload__button {
  padding: 0.4rem 0.9rem; border-radius: 0.375rem; font: inherit; cursor: pointer;
  border: 1px solid var(--app-border, #9ca3af); background: var(--app-surface, #ffffff); color: var(--app-text, #1f2937);
}
.image-upload__button--primary { background: var(--app-primary, #1d4ed8); border-color: var(--app-primary, #1d4ed8); color: var(--app-primary-text, #ffffff); }
.image-upload__button:disabled { opacity: 0.6; cursor: not-allowed; }
.image-upload__button:focus-visible { outline: 3px solid var(--app-focus, #2563eb); outline-offset: 2px; }
`;
