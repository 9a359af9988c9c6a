/**
 * `rich-editor/collab/server`: the collaboration server's parts for a Node host (docs/collaboration.md).
 * The hub holds open documents and their connections; a store keeps each document's log; the
 * host authenticates each websocket and hands it over with who is there and whether they may write.
 */
import type { Node as PMNode, Schema } from 'prosemirror-model';
import * as Y from 'yjs';
import { readFragment } from './binding/encoding.js';
import { writeNode } from './binding/update.js';
import { FRAGMENT } from './check-update.js';

export { checkUpdate, FRAGMENT } from './check-update.js';
export { CollabHub, type CollabHubOptions, type CollabSocket, type CollabStore, type CollabUser } from './hub.js';
export { MemoryStore } from './memory-store.js';
export { CloseCode, MAX_MESSAGE_BYTES } from './protocol.js';

/** A document as the first change of a shared document (the server turns stored content into one, once). */
export function documentToUpdate(doc: PMNode): Uint8Array {
  const shared = new Y.Doc();
  try {
    const fragment = shared.getXmlFragment(FRAGMENT);
    shared.transact(() => writeNode(fragment, doc, new Map()));
    return Y.encodeStateAsUpdate(shared);
  } finally {
    shared.destroy();
  }
}

/** The ProseMirror document a shared document holds (to store a plain copy, search it or export it). */
export function sharedDocument(doc: Y.Doc, schema: Schema): PMNode {
  return readFragment(doc.getXmlFragment(FRAGMENT), schema);
}

/**
 * The change that makes a shared document hold `content` (a save from outside the editors, such
 * as a REST API's), as an editor's binding would make it: only what differs is replaced,
 * so carets elsewhere stay put and concurrent typing merges. `doc` itself is left unchanged.
 */
export function replacementUpdate(doc: Y.Doc, content: PMNode): Uint8Array {
  const copy = new Y.Doc({ gc: false });
  try {
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    const before = Y.encodeStateVector(copy);
    const fragment = copy.getXmlFragment(FRAGMENT);
    copy.transact(() => writeNode(fragment, content, new Map()));
    return Y.encodeStateAsUpdate(copy, before);
  } finally {
    copy.destroy();
  }
}
