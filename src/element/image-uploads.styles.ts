import { css } from 'lit';

/**
 * The styles of what only image uploads draw, the upload placeholder (node-views/upload-placeholder.ts)
 * and the upload error's alert (rich-editor/uploads.ts): they come with image uploads
 * (image-uploads.ts, a chunk of its own in the embed bundle), and every editor's shadow root
 * adopts them then (rich-editor/configuration.ts). Unlike the parts a document's blocks ask for
 * as it loads (block-views.styles.ts), uploads are rare and come on a user's first drop or
 * paste of files: their sheet is not worth its bytes in the entry.
 */
export const imageUploadStyles = css`
  .alert {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    margin-top: 0.5rem;
    padding: 0.4rem 0.6rem;
    border: 1px solid var(--_danger);
    border-radius: var(--_radius);
    color: var(--_danger);
    font-size: 0.875em;
  }
  .alert button {
    margin-left: auto;
    font: inherit;
    color: inherit;
    background: none;
    border: 0;
    cursor: pointer;
    text-decoration: underline;
  }

  /* ---------------------------------------------------------------- upload placeholder */
  .content .upload-placeholder {
    display: flex;
    align-items: center;
    gap: 0.75em;
    margin: 0.5em 0;
    padding: 0.5em;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    font-size: 0.875em;
    line-height: 1.4;
  }
  .content .upload-preview {
    flex: none;
    width: 3.5em;
    height: 3.5em;
    object-fit: cover;
    border-radius: 4px;
  }
  .content .upload-body {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    gap: 0.35em;
  }
  .content .upload-name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .content .upload-progress {
    height: 6px;
    border-radius: 3px;
    background: var(--_code-bg);
    overflow: hidden;
  }
  .content .upload-progress-fill {
    height: 100%;
    width: 0;
    background: var(--_accent);
    transition: width 0.15s ease-out;
  }
  .content .upload-percent {
    flex: none;
    min-width: 3ch;
    text-align: right;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .content .upload-cancel {
    flex: none;
    font: inherit;
    font-size: 1.1em;
    line-height: 1;
    width: 1.75em;
    height: 1.75em;
    color: var(--_text);
    background: none;
    border: 1px solid var(--_border);
    border-radius: 4px;
    cursor: pointer;
  }
  .content .upload-cancel:hover {
    background: var(--_surface-hover);
  }
  .content .upload-cancel:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }
`;
