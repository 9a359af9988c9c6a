import { Fragment, Slice, type Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey, Selection, TextSelection, type EditorState, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { log } from './log.js';
import { gapCursorAt } from './plugins/gap-places.js';
import { REPLACE_CONTENT_META, SKIP_IMAGE_TRACKING_META } from './transaction-meta.js';
import { emptyDoc, parseHTML } from './serialize/html.js';
import { textWithBreaks } from './schema/line-breaks.js';

/** The last selection the user had, kept (and mapped) while the editor is not focused. */
export const savedSelectionKey = new PluginKey<{ from: number; to: number }>('saved-selection');

/** Remembers the user's last selection so content can be inserted there after focus moved away (e.g. to a dialog). */
export function savedSelectionPlugin(): Plugin<{ from: number; to: number }> {
  return new Plugin({
    key: savedSelectionKey,
    state: {
      init: (_config, state) => ({ from: state.selection.from, to: state.selection.to }),
      apply(tr, value) {
        if (tr.selectionSet || tr.docChanged) return { from: tr.selection.from, to: tr.selection.to };
        return value;
      },
    },
  });
}

/**
 * A transaction replacing the whole document, marked so plugins (uploads) can refuse it. It is
 * not the user's to undo, as a script setting a native field's value is not: Ctrl+Z right after
 * a host set the value emptied the document and, undoing the host's images with it, asked the
 * host to delete their files. What the user did before it can no longer be undone either.
 */
export function replaceContentTr(state: EditorState, doc: PMNode): Transaction {
  const tr = state.tr.replaceWith(0, state.doc.content.size, doc.content);
  tr.setSelection(TextSelection.atStart(tr.doc));
  // A host replacing the value (after saving a comment, say) is not the user deleting
  // images: their files must not be deleted on the server.
  tr.setMeta(SKIP_IMAGE_TRACKING_META, true).setMeta('addToHistory', false);
  return tr.setMeta(REPLACE_CONTENT_META, true);
}

/**
 * Replaces the document with HTML. Returns false, changing nothing, when the value is
 * already the document or a plugin refused the replacement (an upload is running).
 */
export function setContent(view: EditorView, html: string): boolean {
  try {
    const doc = parseHTML(html, { schema: view.state.schema });
    if (doc.eq(view.state.doc)) return false;
    const tr = replaceContentTr(view.state, doc);
    const before = view.state;
    view.dispatch(tr);
    return view.state !== before;
  } catch (error) {
    log.error('The editor could not be synced with the new value', error);
    return false;
  }
}

/** Empties the document (one empty paragraph). */
export function clearContent(view: EditorView): boolean {
  const empty = emptyDoc(view.state.schema);
  if (view.state.doc.eq(empty)) return false;
  const before = view.state;
  view.dispatch(replaceContentTr(view.state, empty));
  return view.state !== before;
}

/**
 * Inserts text, or HTML when `asHtml` is set, at the last saved selection. Skipped
 * and logged when the view is destroyed or the saved selection is no longer valid.
 */
export function insertAtSavedSelection(view: EditorView | null, content: string, options: { asHtml?: boolean } = {}): boolean {
  if (!view || view.isDestroyed) {
    log.warn('Content was not inserted: the editor is destroyed');
    return false;
  }
  const saved = savedSelectionKey.getState(view.state) ?? { from: view.state.selection.from, to: view.state.selection.to };
  const size = view.state.doc.content.size;
  if (saved.from < 0 || saved.to > size || saved.from > saved.to) {
    log.warn('Content was not inserted: the saved selection is no longer valid');
    return false;
  }
  try {
    const tr = view.state.tr.setSelection(TextSelection.create(view.state.doc, saved.from, saved.to));
    if (options.asHtml) {
      // An open slice, so a single paragraph of HTML joins the text around the caret.
      tr.replaceSelection(Slice.maxOpen(parseHTML(content, { schema: view.state.schema }).content));
    } else if (tr.selection.$from.parent.type.spec.code) {
      tr.insertText(content.replace(/\r\n?/g, '\n'));
    } else {
      // Lines as the text block's own line breaks, in the marks typed text there would take.
      const { $from, from, to } = tr.selection;
      const marks = tr.storedMarks ?? (from === to ? $from.marks() : ($from.marksAcross(tr.doc.resolve(to)) ?? undefined));
      tr.replaceSelection(new Slice(Fragment.from(textWithBreaks(view.state.schema, content, marks, $from.parent.type)), 0, 0));
    }
    view.dispatch(tr.scrollIntoView());
    return true;
  } catch (error) {
    log.warn('Content was not inserted at the saved selection', error);
    return false;
  }
}

/** Where `focusAt` puts the caret: the start, the end, or a document position. */
export type FocusPosition = 'start' | 'end' | number;

/** The caret at the document's end: after its last text, or a gap cursor after a last block that holds none (a table, an image, a rule). */
function endSelection(view: EditorView): Selection {
  const { doc } = view.state;
  return gapCursorAt(view, doc.resolve(doc.content.size)) ?? Selection.atEnd(doc);
}

/**
 * Focuses the editor at a position. At the end the caret goes after the last text (or
 * in the gap after a last block without text), changing nothing; at the start or a
 * position an empty paragraph is inserted there (spec: "focus placed at a position, a
 * paragraph is inserted there"). Failures are logged.
 */
export function focusAt(view: EditorView | null, position: FocusPosition): boolean {
  if (!view || view.isDestroyed) {
    log.warn('Focus was not set: the editor is missing or destroyed');
    return false;
  }
  try {
    if (position === 'end') {
      view.dispatch(view.state.tr.setSelection(endSelection(view)).scrollIntoView());
      view.focus();
      return true;
    }
    const { doc } = view.state;
    const target = position === 'start' ? 0 : Math.max(0, Math.min(position, doc.content.size));
    // The nearest position between top-level blocks, where a paragraph can go.
    const $target = doc.resolve(target);
    const pos = $target.depth === 0 ? target : target <= $target.start(1) + ($target.node(1).content.size >> 1) ? $target.before(1) : $target.after(1);
    const tr = view.state.tr.insert(pos, Fragment.from(view.state.schema.nodes.paragraph.create()));
    tr.setSelection(TextSelection.create(tr.doc, pos + 1));
    view.dispatch(tr.scrollIntoView());
    view.focus();
    return true;
  } catch (error) {
    log.error('Focus could not be set at the position', error);
    return false;
  }
}
