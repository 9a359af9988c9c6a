/**
 * The HTML copied table cells put on the clipboard: ProseMirror writes the schema's HTML (no
 * node views, decorations or selection classes), less the editor-only flags. Their plain text
 * (tab-separated rows) is written with every copy's, in clipboard-text.ts.
 */
import { DOMSerializer, type Fragment, type Schema } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';

/**
 * The clipboard's HTML serialiser: the schema's own, minus `contenteditable`, which
 * only makes sense inside the editor (the schema puts it on to-do checkboxes, and
 * cells can hold to-do lists).
 */
class ClipboardSerializer extends DOMSerializer {
  override serializeFragment(fragment: Fragment, options: { document?: Document } = {}, target?: HTMLElement | DocumentFragment): HTMLElement | DocumentFragment {
    const dom = super.serializeFragment(fragment, options, target);
    for (const el of dom.querySelectorAll('[contenteditable]')) el.removeAttribute('contenteditable');
    return dom;
  }
}

/** A clipboard serialiser over the editor's schema. */
function clipboardSerializer(schema: Schema): DOMSerializer {
  const { nodes, marks } = DOMSerializer.fromSchema(schema);
  return new ClipboardSerializer(nodes, marks);
}

/** Clipboard props for copied cells: HTML without editor-only attributes. */
export function tableClipboard(schema: Schema): Plugin {
  return new Plugin({ props: { clipboardSerializer: clipboardSerializer(schema) } });
}
