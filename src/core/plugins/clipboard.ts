/**
 * What a copy or cut puts on the clipboard, the one home of the editor's clipboard props: the
 * schema's HTML (no node views, decorations or selection classes) less the editor-only flags, and
 * the plain text clipboard-text.ts writes. In every editor's base plugins, so a copy has both from
 * the first moment, before any part has arrived.
 */
import { DOMSerializer, type Fragment, type Schema } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import { clipboardText } from './clipboard-text.js';

/**
 * The clipboard's HTML serialiser: the schema's own, minus `contenteditable`, which only makes
 * sense inside the editor (the schema puts it on to-do checkboxes). Pasted into a mail or another
 * editor, it would leave the checkbox's part there uneditable.
 */
class ClipboardSerializer extends DOMSerializer {
  override serializeFragment(fragment: Fragment, options: { document?: Document } = {}, target?: HTMLElement | DocumentFragment): HTMLElement | DocumentFragment {
    const dom = super.serializeFragment(fragment, options, target);
    for (const el of dom.querySelectorAll('[contenteditable]')) el.removeAttribute('contenteditable');
    return dom;
  }
}

/** The plugin that writes what copies put on the clipboard, as HTML and as text, for `schema`. */
export function clipboardPlugin(schema: Schema): Plugin {
  const { nodes, marks } = DOMSerializer.fromSchema(schema);
  return new Plugin({ props: { clipboardSerializer: new ClipboardSerializer(nodes, marks), clipboardTextSerializer: (slice) => clipboardText(slice) } });
}
