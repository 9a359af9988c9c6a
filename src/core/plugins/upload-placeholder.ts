/** The placeholder shown where an uploading image will go: its types and a minimal default. */
import { fill, type Words } from '../strings.js';

/** What `uploadFile` receives besides the file. */
export interface UploadContext {
  /** Aborted when the user cancels the upload or the editor is destroyed. */
  signal: AbortSignal;
  /** Reports progress as a fraction from 0 to 1. */
  onProgress(fraction: number): void;
}

/** One upload in progress, as the plugin state and the placeholder see it. */
export interface PendingUpload {
  readonly id: string;
  /** Start order; placeholders at one position show, and their images land, in this order. */
  readonly seq: number;
  /** Where the image will go. */
  readonly pos: number;
  /** From 0 to 1. */
  readonly progress: number;
  /** An object URL of the file, revoked when the upload ends. */
  readonly preview: string;
  readonly name: string;
}

/** What a placeholder renderer gets besides the upload. */
export interface PlaceholderContext {
  /** Cancels the upload and removes the placeholder. */
  cancel(): void;
  /** The document to create elements in. */
  document: Document;
  /** The editor's words (`upload.uploading`, `upload.progress`, `upload.cancel`). */
  words: Words;
}

/** A rendered placeholder: its root element and how it shows new progress. */
export interface PlaceholderView {
  dom: HTMLElement;
  update?(upload: PendingUpload): void;
}

/** Renders a placeholder (the element passes its own to style it). */
export type PlaceholderRenderer = (upload: PendingUpload, context: PlaceholderContext) => PlaceholderView;

/** A minimal placeholder: preview, progress and a cancel button, built without markup strings. */
export const defaultPlaceholder: PlaceholderRenderer = (upload, { cancel, document, words }) => {
  const dom = document.createElement('div');
  dom.className = 'rich-editor-upload';
  dom.contentEditable = 'false';
  dom.setAttribute('role', 'group');
  dom.setAttribute('aria-label', fill(words['upload.uploading'], { name: upload.name }));
  const preview = dom.appendChild(document.createElement('img'));
  preview.src = upload.preview;
  preview.alt = '';
  const bar = dom.appendChild(document.createElement('progress'));
  bar.max = 1;
  bar.value = upload.progress;
  bar.setAttribute('aria-label', words['upload.progress']);
  const button = dom.appendChild(document.createElement('button'));
  button.type = 'button';
  button.setAttribute('aria-label', words['upload.cancel']);
  button.textContent = '×';
  button.addEventListener('click', () => cancel());
  return { dom, update: (next) => void (bar.value = next.progress) };
};

// ---------------------------------------------------------------- state
