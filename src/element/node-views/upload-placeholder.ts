/**
 * The element's upload placeholder, passed to core's image upload plugin as
 * `renderPlaceholder`: a preview of the file, a progress bar with its percentage,
 * and a cancel button. Built with DOM calls, never markup strings.
 */
import type { PendingUpload, PlaceholderRenderer } from '../../core/plugins/upload-placeholder.js';
import { fill as fillWords } from '../../core/strings.js';

/** The progress as a whole percentage. */
function percent(upload: PendingUpload): number {
  return Math.round(Math.min(1, Math.max(0, upload.progress)) * 100);
}

/** Renders the placeholder of an upload in progress; `update` shows new progress without rebuilding it. */
export const uploadPlaceholder: PlaceholderRenderer = (upload, { cancel, document, words }) => {
  const dom = document.createElement('div');
  dom.className = 'upload-placeholder';
  dom.contentEditable = 'false';
  dom.setAttribute('role', 'group');
  dom.setAttribute('aria-label', fillWords(words['upload.uploading'], { name: upload.name }));

  const preview = dom.appendChild(document.createElement('img'));
  preview.className = 'upload-preview';
  preview.src = upload.preview;
  // The group's name already says which file this is.
  preview.alt = '';

  const body = dom.appendChild(document.createElement('div'));
  body.className = 'upload-body';
  const name = body.appendChild(document.createElement('span'));
  name.className = 'upload-name';
  name.textContent = upload.name;

  const bar = body.appendChild(document.createElement('div'));
  bar.className = 'upload-progress';
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-label', words['upload.progress']);
  bar.setAttribute('aria-valuemin', '0');
  bar.setAttribute('aria-valuemax', '100');
  const fill = bar.appendChild(document.createElement('div'));
  fill.className = 'upload-progress-fill';

  // The bar already tells assistive technology the value; this is for the eye.
  const label = dom.appendChild(document.createElement('span'));
  label.className = 'upload-percent';
  label.setAttribute('aria-hidden', 'true');

  const button = dom.appendChild(document.createElement('button'));
  button.type = 'button';
  button.className = 'upload-cancel';
  button.setAttribute('aria-label', words['upload.cancel']);
  button.textContent = '×';
  button.addEventListener('click', () => cancel());

  const show = (next: PendingUpload) => {
    const value = percent(next);
    bar.setAttribute('aria-valuenow', String(value));
    fill.style.width = `${value}%`;
    label.textContent = `${value}%`;
  };
  show(upload);
  return { dom, update: show };
};
