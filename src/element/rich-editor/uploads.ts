import { html, nothing, type TemplateResult } from 'lit';
import { Plugin } from 'prosemirror-state';
import { imageUploadKey } from '../../core/commands/choose-image.js';
import { partSlot, type PluginSlots } from '../../core/editing-slots.js';
import type { EditorView } from 'prosemirror-view';
import { imageTrackingPlugin } from '../../core/plugins/image-tracking.js';
import type { UploadContext } from '../../core/plugins/upload-placeholder.js';
import { emit, RichEditorEvents, type UploadErrorDetail } from '../events.js';
import { editingParts, loadUploads } from './on-demand.js';
import type { RichEditor } from './rich-editor.component.js';

/** Uploads a file and resolves with its address (given an AbortSignal and a progress callback). */
export type UploadFileCallback = (file: File, context: UploadContext) => Promise<string>;

/**
 * The element's image uploads: the upload and tracking plugins' host callbacks (read
 * when used, so a host may change them at any time), the hidden file input behind
 * `chooseImage()`, and the upload error, shown as an inline alert until dismissed and
 * announced with `rich-editor-upload-error`.
 */
export class Uploads {
  private shownError: string | null = null;
  private fileInput: HTMLInputElement | null = null;
  /**
   * Restores asked for while the host had given no `restoreFile` (an editor written in the
   * page's markup restores its images when created, before the page's script gives callbacks),
   * by path: made when it gives one, unless the image was deleted first.
   */
  private readonly held = new Map<string, (made: unknown) => void>();

  constructor(
    private readonly host: RichEditor,
    private readonly view: () => EditorView | null,
  ) {}

  /** The upload error the element shows (null: none, or dismissed). */
  get error(): string | null {
    return this.shownError;
  }

  /**
   * The image plugins: uploads when the images feature is on (a slot: the embed bundle fetches
   * them on first need; until then a stand-in under the upload plugin's key offers the file
   * chooser to the menus), and the tracking of images that leave and come back.
   */
  plugins(images: boolean): PluginSlots {
    const host = this.host;
    return [
      ...(images
        ? [
            partSlot('uploads', ({ imageUploadPlugin, uploadPlaceholder }) => [
              imageUploadPlugin({
                uploadFile: (file, context) => (host.uploadFile ? host.uploadFile(file, context) : Promise.reject(new Error('No uploadFile callback is set'))),
                cancelUpload: () => void host.cancelUpload?.(),
                onError: (message) => this.showError(message),
                renderPlaceholder: uploadPlaceholder,
                rules: () => ({ maxSize: host.maxImageSize, types: host.imageTypes }),
                imageWidth: () => host.imageWidth,
                chooseFile: () => this.chooseImage(),
              }),
            ], [new Plugin({ key: imageUploadKey, chooseFile: () => this.chooseImage() })]),
          ]
        : []),
      imageTrackingPlugin({
        // A held restore of a deleted image is dropped (its promise never settles).
        deleteFile: (path) => (this.held.delete(path), host.deleteFile?.(path)),
        // A held restore answers what the host's callback answers once given (its failure is logged as any).
        restoreFile: (path) => (host.restoreFile ? host.restoreFile(path) : new Promise((made) => this.held.set(path, made))),
      }),
    ];
  }

  /** Makes the restores held until the host gave `restoreFile` (called when it changes). */
  restoreHeld(): void {
    const restore = this.host.restoreFile;
    if (!restore) return;
    for (const [path, made] of this.held) made(Promise.resolve().then(() => restore(path)));
    this.held.clear();
  }

  /**
   * The upload error's inline alert, with its dismiss button beside it (nothing when there is
   * none). The live region is the message alone, so a screen reader says the error, not "… Dismiss".
   */
  alert(dismissLabel: string): TemplateResult | typeof nothing {
    if (!this.shownError) return nothing;
    return html`<div class="alert" part="alert">
      <span role="alert">${this.shownError}</span>
      <button type="button" @click=${this.dismiss}>${dismissLabel}</button>
    </div>`;
  }

  /**
   * Hides the upload error (its alert's dismiss button). Focus goes back to the text: the button
   * it was on goes with the alert, and would leave it on the page's body.
   */
  readonly dismiss = (): void => {
    this.shownError = null;
    this.host.requestUpdate();
    this.view()?.focus();
  };

  /** Opens the file chooser; the files chosen are uploaded into the editor at its selection. */
  chooseImage(): void {
    if (!this.fileInput) {
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = 'image/*';
      input.hidden = true;
      input.addEventListener('change', () => {
        const files = Array.from(input.files ?? []);
        input.value = '';
        // Files chosen before the uploads arrived (the pieces' chunk) wait for them.
        if (editingParts().uploads) this.upload(files);
        else void loadUploads().then(() => this.upload(files));
      });
      this.host.renderRoot.appendChild(input);
      this.fileInput = input;
    }
    // Fetched while the user picks (the chooser takes longer than the chunk).
    void loadUploads();
    this.fileInput.click();
  }

  private upload(files: File[]): void {
    const view = this.view();
    const uploads = editingParts().uploads;
    if (view && uploads) uploads.uploadImages(files)(view.state, view.dispatch, view);
  }

  private showError(message: string): void {
    this.shownError = message;
    this.host.requestUpdate();
    emit<UploadErrorDetail>(this.host, RichEditorEvents.uploadError, { message });
  }
}
