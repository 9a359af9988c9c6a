/**
 * Image uploads in the editor. Files chosen by the host (file chooser, slash menu),
 * pasted or dropped are checked with the spec's three messages, then uploaded by the
 * host's `uploadFile` while a placeholder widget (preview, progress, cancel) holds
 * their place. On success the placeholder becomes an image node in one undoable
 * step; on failure or cancel it disappears and the document is as it was. While any
 * upload runs, replacing the content from outside is refused.
 */
import { Fragment, Slice, type Node as PMNode } from 'prosemirror-model';
import { NodeSelection, Plugin, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import { dropPoint } from 'prosemirror-transform';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import { caretAfterImage, insertImageAt } from '../commands/image.js';
import { imageUploadKey, isUploading } from '../commands/choose-image.js';
export { canReplaceContent, isUploading } from '../commands/choose-image.js';
import { log } from '../log.js';
import { ownUndoStep, REPLACE_CONTENT_META } from '../transaction-meta.js';
import { safeImageSrc } from '../url.js';
import { wordsOf } from '../strings.js';
import { validateImageFile, type ImageRules } from './image-validation.js';
import { defaultPlaceholder, type PendingUpload, type PlaceholderRenderer, type PlaceholderView, type UploadContext } from './upload-placeholder.js';
import { parseInertHTML } from '../dom.js';


/** A relative image address for the stand-in image that finds where dropped files may go. */
const DROP_PROBE_SRC = 'drop-probe.png';
export * from './image-validation.js';
export * from './upload-placeholder.js';

/** The upload plugin's state: the placeholders and the uploads behind them. */
export interface UploadState {
  readonly decorations: DecorationSet;
  readonly uploads: ReadonlyMap<string, PendingUpload>;
}

/** The host's side of image uploads. */
export interface ImageUploadOptions {
  /** Uploads the file and resolves with the image's address. */
  uploadFile(file: File, context: UploadContext): Promise<string>;
  /** Told when an upload is cancelled (by the user, or by the editor going away). */
  cancelUpload?(): void;
  /** Shows one of the spec's validation messages to the user. */
  onError(message: string): void;
  /** Renders a placeholder; the default is a preview, a progress bar and a cancel button. */
  renderPlaceholder?: PlaceholderRenderer;
  /** The files accepted (size limit and types), read at each upload so the host may change them; the spec's by default. */
  rules?: () => ImageRules;
  /** The width a new image gets (the schema's default, 35%, otherwise), read at each insertion. */
  imageWidth?: () => string | null | undefined;
  /** Opens the host's file chooser (the slash menu's "Image"); the chosen files go to `uploadImages`. */
  chooseFile?: () => void;
}

/** Changes to the state, carried as the plugin key's meta. `done` rides on the image insertion. */
type UploadAction =
  | { type: 'add'; uploads: PendingUpload[] }
  | { type: 'progress'; id: string; progress: number }
  | { type: 'remove' | 'done'; id: string };

type WidgetFactory = (upload: PendingUpload) => Decoration;

const emptyState: UploadState = { decorations: DecorationSet.empty, uploads: new Map() };

/** The decorations of one upload. The set only holds placeholders, so this is O(uploads). */
function widgetsOf(set: DecorationSet, id: string): Decoration[] {
  return set.find(undefined, undefined, (spec: { uploadId?: string }) => spec.uploadId === id);
}

/** The set with the upload's placeholder at its position (it is already there, nearly always). */
function placeWidget(set: DecorationSet, doc: PMNode, upload: PendingUpload, widget: WidgetFactory): DecorationSet {
  const found = widgetsOf(set, upload.id);
  if (found.length === 1 && found[0].from === upload.pos) return set;
  return set.remove(found).add(doc, [widget(upload)]);
}

/**
 * Maps placeholders through a document change. The set is mapped as usual; an upload
 * ends only when the content on both sides of its position was deleted (a widget
 * alone would vanish when just the character before it goes). When an upload's image
 * lands, later uploads at the same position move after it, so images keep their order.
 */
function mapUploads(value: UploadState, tr: Transaction, action: UploadAction | undefined, widget: WidgetFactory): UploadState {
  if (!value.uploads.size) return value;
  const landed = action?.type === 'done' ? value.uploads.get(action.id) : undefined;
  let decorations = value.decorations.map(tr.mapping, tr.doc);
  const uploads = new Map<string, PendingUpload>();
  for (const upload of value.uploads.values()) {
    if (upload === landed) continue;
    const after = landed && upload.pos === landed.pos && upload.seq > landed.seq;
    const mapped = tr.mapping.mapResult(upload.pos, after ? 1 : -1);
    if (mapped.deletedAcross) {
      decorations = decorations.remove(widgetsOf(decorations, upload.id));
      continue;
    }
    const moved = mapped.pos === upload.pos ? upload : { ...upload, pos: mapped.pos };
    uploads.set(upload.id, moved);
    decorations = placeWidget(decorations, tr.doc, moved, widget);
  }
  if (landed) decorations = decorations.remove(widgetsOf(decorations, landed.id));
  return { decorations, uploads };
}

function applyAction(value: UploadState, action: UploadAction, doc: PMNode, widget: WidgetFactory): UploadState {
  const uploads = new Map(value.uploads);
  switch (action.type) {
    case 'add':
      for (const upload of action.uploads) uploads.set(upload.id, upload);
      return { decorations: value.decorations.add(doc, action.uploads.map(widget)), uploads };
    case 'progress': {
      const upload = uploads.get(action.id);
      if (!upload) return value;
      uploads.set(action.id, { ...upload, progress: action.progress });
      return { decorations: value.decorations, uploads };
    }
    default:
      if (!uploads.delete(action.id)) return value;
      return { decorations: value.decorations.remove(widgetsOf(value.decorations, action.id)), uploads };
  }
}

// ---------------------------------------------------------------- plugin

/** The plugin's entry point, shared by the command, paste and drop. */
interface UploadPluginSpec {
  startUploads(view: EditorView, state: EditorState, dispatch: (tr: Transaction) => void, files: readonly File[], pos: number): void;
}

/** One running upload, outside the state: its abort switch and preview address. */
interface Running {
  view: EditorView;
  controller: AbortController;
  preview: string;
  settled: boolean;
}

/** Calls a host callback, logging instead of throwing when it fails. */
function callHost(what: string, run: () => void): void {
  try {
    run();
  } catch (error) {
    log.error(`Image upload: ${what} failed`, error);
  }
}

/**
 * Whether a paste carries HTML with text. Office apps put a picture of the copied
 * text on the clipboard next to its HTML; the HTML is what the user means to paste.
 */
function hasTextHTML(data: DataTransfer): boolean {
  const html = data.getData('text/html');
  // DOMParser documents are inert: nothing in the markup runs or loads.
  return !!html && !!parseInertHTML(html).body.textContent?.trim();
}

/** The image upload plugin: validation, placeholders, and paste and drop of image files. */
export function imageUploadPlugin(options: ImageUploadOptions): Plugin<UploadState> {
  const render = options.renderPlaceholder ?? defaultPlaceholder;
  // Per plugin, never per module: two editors on one page share nothing.
  const running = new Map<string, Running>();
  const rendered = new Map<string, PlaceholderView>();
  let sequence = 0;

  const uploadOf = (view: EditorView, id: string) => imageUploadKey.getState(view.state)?.uploads.get(id);

  function send(view: EditorView, action: UploadAction): void {
    if (!view.isDestroyed) view.dispatch(view.state.tr.setMeta(imageUploadKey, action));
  }

  /** Ends an upload whose placeholder left the state: abort it unless it settled, free its preview. */
  function release(id: string, entry: Running): void {
    running.delete(id);
    if (!entry.settled) {
      entry.settled = true;
      entry.controller.abort();
      if (options.cancelUpload) callHost('cancelUpload', () => options.cancelUpload!());
    }
    URL.revokeObjectURL(entry.preview);
  }

  /** Takes the running entry of an upload that has just settled, or `null` when it was cancelled. */
  function settle(id: string): Running | null {
    const entry = running.get(id);
    if (!entry || entry.settled || entry.view.isDestroyed) return null;
    entry.settled = true;
    return entry;
  }

  /** Removes a settled upload's placeholder; the plugin view then releases it. */
  function drop(id: string, entry: Running): void {
    if (uploadOf(entry.view, id)) send(entry.view, { type: 'remove', id });
    else release(id, entry);
  }

  function complete(id: string, src: unknown): void {
    const entry = settle(id);
    if (!entry) return;
    const upload = uploadOf(entry.view, id);
    const safe = safeImageSrc(src);
    if (!upload || !safe) {
      if (upload) log.error('Image upload returned an unsafe or empty address; the image was not inserted', src);
      drop(id, entry);
      return;
    }
    try {
      // Its own history event: undo takes out the image, and nothing else. The caret that stood
      // in the line the image took goes after it; a block the user selected stays selected.
      const { state } = entry.view;
      const placed = insertImageAt(state.tr, upload.pos, safe, options.imageWidth?.() ?? undefined);
      const tr = ownUndoStep(state.selection instanceof NodeSelection ? placed : caretAfterImage(placed));
      entry.view.dispatch(tr.setMeta(imageUploadKey, { type: 'done', id } satisfies UploadAction));
    } catch (error) {
      log.error('The uploaded image could not be inserted', error);
      drop(id, entry);
    }
  }

  function fail(id: string, error: unknown): void {
    const entry = settle(id);
    if (!entry) return;
    log.error('Image upload failed', error);
    drop(id, entry);
  }

  function progress(id: string, fraction: unknown): void {
    const entry = running.get(id);
    if (!entry || entry.settled || entry.view.isDestroyed) return;
    if (typeof fraction !== 'number' || !Number.isFinite(fraction)) return;
    const value = Math.min(1, Math.max(0, fraction));
    if (uploadOf(entry.view, id)?.progress !== value) send(entry.view, { type: 'progress', id, progress: value });
  }

  function run(id: string, file: File, signal: AbortSignal): void {
    let result: Promise<string>;
    try {
      result = Promise.resolve(options.uploadFile(file, { signal, onProgress: (fraction) => progress(id, fraction) }));
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(
      (src) => complete(id, src),
      (error: unknown) => fail(id, error),
    );
  }

  const spec: UploadPluginSpec = {
    startUploads(view, state, dispatch, files, pos) {
      const messages = new Set<string>();
      const valid: File[] = [];
      const words = wordsOf(state);
      if (!files.length) messages.add(words['upload.noFile']);
      const rules = options.rules?.() ?? {};
      for (const file of files) {
        const message = validateImageFile(file, rules, words);
        if (message) messages.add(message);
        else valid.push(file);
      }
      messages.forEach((message) => callHost('onError', () => options.onError(message)));
      if (!valid.length) return;
      const uploads = valid.map((file): PendingUpload => {
        const seq = ++sequence;
        return { id: `upload-${seq}`, seq, pos, progress: 0, preview: URL.createObjectURL(file), name: file.name };
      });
      const controllers = uploads.map(({ id, preview }) => {
        const controller = new AbortController();
        running.set(id, { view, controller, preview, settled: false });
        return controller;
      });
      // Meta only: the placeholders never enter the undo history.
      dispatch(state.tr.setMeta(imageUploadKey, { type: 'add', uploads } satisfies UploadAction));
      uploads.forEach(({ id }, i) => run(id, valid[i], controllers[i].signal));
    },
  };

  const widget: WidgetFactory = (upload) =>
    Decoration.widget(
      upload.pos,
      (view) => {
        const handle = render(uploadOf(view, upload.id) ?? upload, {
          cancel: () => {
            if (!view.isDestroyed && uploadOf(view, upload.id)) send(view, { type: 'remove', id: upload.id });
          },
          document: view.dom.ownerDocument,
          words: wordsOf(view.state),
        });
        handle.dom.setAttribute('data-upload-id', upload.id);
        rendered.set(upload.id, handle);
        return handle.dom;
      },
      {
        key: upload.id,
        uploadId: upload.id,
        // Before the cursor, so typing at its position goes after it; ordered by start.
        side: -1 - 1 / (upload.seq + 1),
        marks: [],
        ignoreSelection: true,
        stopEvent: () => true,
        destroy: (dom) => {
          if (rendered.get(upload.id)?.dom === dom) rendered.delete(upload.id);
        },
      },
    );

  return new Plugin<UploadState>({
    key: imageUploadKey,
    chooseFile: options.chooseFile,
    ...spec,
    state: {
      init: () => emptyState,
      apply(tr, value) {
        const action = tr.getMeta(imageUploadKey) as UploadAction | undefined;
        const mapped = tr.docChanged ? mapUploads(value, tr, action, widget) : value;
        return action && action.type !== 'done' ? applyAction(mapped, action, tr.doc, widget) : mapped;
      },
    },
    // `canReplaceContent` lets the element ask first; this makes the rule hold for every caller.
    filterTransaction: (tr, state) => !(tr.getMeta(REPLACE_CONTENT_META) && isUploading(state)),
    props: {
      decorations: (state) => imageUploadKey.getState(state)?.decorations,
      // After the paste pipeline's own steps (plugins/paste.ts), which leave files alone.
      handlePaste: (view, event) => pasteImageFiles(view, event),
      handleDrop(view, event, _slice, moved) {
        const files = event.dataTransfer ? Array.from(event.dataTransfer.files) : [];
        if (moved || !files.length) return false;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        if (!at) return false;
        // Only the node's type matters to where it may drop; the address is a stand-in.
        const image = new Slice(Fragment.from(view.state.schema.nodes.image.create({ src: DROP_PROBE_SRC })), 0, 0);
        const pos = dropPoint(view.state.doc, at.pos, image) ?? at.pos;
        spec.startUploads(view, view.state, (tr) => view.dispatch(tr), files, pos);
        return true;
      },
    },
    view: (editorView) => ({
      update(view, prevState) {
        const before = imageUploadKey.getState(prevState);
        const now = imageUploadKey.getState(view.state);
        if (!before || !now || before === now) return;
        for (const [id, upload] of now.uploads) {
          if (before.uploads.get(id)?.progress !== upload.progress) rendered.get(id)?.update?.(upload);
        }
        // However a placeholder went (cancel button, failure, success, its text deleted),
        // its upload ends here: aborted if still running, its preview freed.
        for (const id of before.uploads.keys()) {
          const entry = running.get(id);
          if (entry?.view === view && !now.uploads.has(id)) release(id, entry);
        }
      },
      destroy() {
        for (const [id, entry] of running) if (entry.view === editorView) release(id, entry);
      },
    }),
  });
}

/**
 * The upload plugin's paste: files pasted without HTML (a screenshot, a copied image file)
 * replace the selection and are uploaded there. Not without the upload plugin.
 */
export function pasteImageFiles(view: EditorView, event: ClipboardEvent): boolean {
  const data = event.clipboardData;
  const files = data ? Array.from(data.files) : [];
  if (!data || !files.length || hasTextHTML(data) || !imageUploadKey.get(view.state)) return false;
  if (!view.state.selection.empty) view.dispatch(view.state.tr.deleteSelection().scrollIntoView());
  return uploadImages(files)(view.state, view.dispatch, view);
}

/**
 * Uploads image files and puts each at `pos` (default: the selection) once uploaded.
 * Files that fail the spec's checks are reported through `onError`; no file at all
 * reports the "No file selected" message. Does not apply without the upload plugin.
 */
export function uploadImages(files: Iterable<File> | ArrayLike<File> | null | undefined, pos?: number): Command {
  const list = files ? Array.from(files as ArrayLike<File>) : [];
  return (state, dispatch, view) => {
    const plugin = imageUploadKey.get(state);
    if (!plugin) return false;
    if (pos !== undefined && (!Number.isInteger(pos) || pos < 0 || pos > state.doc.content.size)) {
      throw new RangeError(`Upload position ${String(pos)} is outside the document`);
    }
    if (!dispatch) return true;
    if (!view) throw new RangeError('uploadImages needs the editor view: uploads finish after the command returns');
    (plugin.spec as unknown as UploadPluginSpec).startUploads(view, state, dispatch, list, pos ?? state.selection.from);
    return true;
  };
}
