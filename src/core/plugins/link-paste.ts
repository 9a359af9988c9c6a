/**
 * What the link plugin does to pasted content (a paste step each, plugins/paste.ts): its own
 * module, so the embed bundle's entry (which holds the link plugin) leaves it to the paste
 * pipeline's chunk.
 */
import { Fragment, Slice, type Node as PMNode, type Schema } from 'prosemirror-model';
import type { EditorView } from 'prosemirror-view';
import { log } from '../log.js';
import { findUrls, hrefForText, linkKey, linkMark } from './link.js';
import { setLink } from './link-commands.js';

/** Links the URLs in pasted plain text (text that already carries a link keeps it). */
function linkifySlice(slice: Slice, schema: Schema): Slice {
  const linkType = linkMark(schema);
  if (!linkType) return slice;
  // Unchanged nodes are kept as they are (the same objects): a block dragged elsewhere stays the
  // block it was, which editing together writes as a move (collab/binding/update.ts).
  const map = (fragment: Fragment, inCode: boolean): Fragment => {
    const nodes: PMNode[] = [];
    let changed = false;
    fragment.forEach((node) => {
      if (!node.isText) {
        const content = map(node.content, inCode || !!node.type.spec.code);
        nodes.push(content === node.content ? node : node.copy(content));
        changed ||= content !== node.content;
        return;
      }
      const text = node.text!;
      const urls = inCode || linkType.isInSet(node.marks) || node.marks.some((m) => m.type.spec.code) ? [] : findUrls(text);
      let last = 0;
      for (const [start, end, href] of urls) {
        if (start > last) nodes.push(node.cut(last, start));
        nodes.push(schema.text(text.slice(start, end), linkType.create({ href }).addToSet(node.marks)));
        last = end;
      }
      if (last < text.length) nodes.push(last ? node.cut(last) : node);
      changed ||= urls.length > 0;
    });
    return changed ? Fragment.fromArray(nodes) : fragment;
  };
  const content = map(slice.content, false);
  return content === slice.content ? slice : new Slice(content, slice.openStart, slice.openEnd);
}

/**
 * A paste step (plugins/paste.ts lists them in order): a lone address pasted over selected text
 * (not in code) makes that text a link to it. Only with the link plugin.
 */
export function pasteLinkOverSelection(view: EditorView, event: ClipboardEvent): boolean {
  const { state } = view;
  if (!linkKey.get(state) || state.selection.empty || state.selection.$from.parent.type.spec.code) return false;
  const text = event.clipboardData?.getData('text/plain').trim() ?? '';
  if (!text || /\s/.test(text)) return false;
  const href = hrefForText(text);
  if (!href) return false;
  return setLink(href)(state, view.dispatch);
}

/** A step of the pasted content (plugins/paste.ts): addresses in pasted text become links. Only with the link plugin. */
export function linkPastedAddresses(slice: Slice, view: EditorView): Slice {
  if (!linkKey.get(view.state)) return slice;
  try {
    return linkifySlice(slice, view.state.schema);
  } catch (error) {
    log.error('Pasted links could not be detected', error);
    return slice;
  }
}
