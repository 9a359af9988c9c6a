/**
 * Tells the host when image files stop or start being used (spec: editor deleted
 * images). When the last image node showing an address leaves the document (delete,
 * cut, replace, undo of its insertion) the host's `deleteFile` gets the address's
 * path; when a transaction (undo, redo, anything) brings a deleted one back,
 * `restoreFile` does; images present at creation are restored once each.
 *
 * The state counts images per address and learns what changed only from the ranges
 * each step replaced (old document ranges for removals, new ones for additions), so
 * a keystroke costs the same in a short note and in a book. Host calls are made by
 * the plugin view, never in `apply`, and their failures are only logged.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey, type Transaction } from 'prosemirror-state';
import { AttrStep } from 'prosemirror-transform';
import type { EditorView } from 'prosemirror-view';
import { log } from '../log.js';
import { imagePath } from '../url.js';
import { SHARED_CHANGE_META, SKIP_IMAGE_TRACKING_META } from '../transaction-meta.js';

/** The host's file callbacks; each takes an image path and may return a promise. */
export interface ImageTrackingOptions {
  deleteFile(path: string): unknown;
  restoreFile(path: string): unknown;
}


/** Host calls a transaction asks for; batches are linked newest first. */
export interface ImageCallBatch {
  readonly deleted: readonly string[];
  readonly restored: readonly string[];
  readonly before: ImageCallBatch | null;
  /** How many batches `before` links to; the chain is cut past a bound. */
  readonly depth: number;
}

/** The tracking plugin's state. */
export interface ImageTrackingState {
  /** How many image nodes show each address. */
  readonly counts: ReadonlyMap<string, number>;
  /** Addresses whose file was deleted and not restored since. */
  readonly deleted: ReadonlySet<string>;
  /** The newest batch of host calls; the plugin view makes those it has not made yet. */
  readonly calls: ImageCallBatch | null;
}

/** The tracking plugin's key. */
export const imageTrackingKey = new PluginKey<ImageTrackingState>('imageTracking');

/**
 * How many batches the chain keeps. A view makes its calls after every update, so it
 * only ever needs the few added since; the bound keeps a long session's memory flat.
 */
const MAX_BATCHES = 100;

function isImage(node: PMNode): boolean {
  return node.type === node.type.schema.nodes.image;
}

function addTo(delta: Map<string, number>, node: PMNode | null | undefined, sign: 1 | -1): void {
  const src = node && isImage(node) ? (node.attrs.src as string | null) : null;
  if (src) delta.set(src, (delta.get(src) ?? 0) + sign);
}

/**
 * Counts the images in `from`..`to`. Images are blocks, so the walk never enters a
 * text block: a change inside a paragraph visits that paragraph and its ancestors.
 */
function countRange(doc: PMNode, from: number, to: number, sign: 1 | -1, delta: Map<string, number>): void {
  if (from >= to) return;
  doc.nodesBetween(from, to, (node) => {
    if (isImage(node)) addTo(delta, node, sign);
    return !node.isTextblock && !node.isLeaf;
  });
}

/** The net change in images per address made by a transaction, read from its steps' changed ranges. */
function imageDelta(tr: Transaction): Map<string, number> {
  const delta = new Map<string, number>();
  tr.steps.forEach((step, i) => {
    const before = tr.docs[i];
    const after = i + 1 < tr.docs.length ? tr.docs[i + 1] : tr.doc;
    if (step instanceof AttrStep) {
      // Attribute steps map nothing, yet one can change an image's address.
      if (step.attr === 'src') {
        addTo(delta, before.nodeAt(step.pos), -1);
        addTo(delta, after.nodeAt(step.pos), 1);
      }
      return;
    }
    step.getMap().forEach((oldStart, oldEnd, newStart, newEnd) => {
      countRange(before, oldStart, oldEnd, -1, delta);
      countRange(after, newStart, newEnd, 1, delta);
    });
  });
  return delta;
}

/** The image counts of a whole document: done once, when the state is created. */
function countDocument(doc: PMNode): Map<string, number> {
  const counts = new Map<string, number>();
  countRange(doc, 0, doc.content.size, 1, counts);
  return counts;
}

function applyTracking(tr: Transaction, value: ImageTrackingState): ImageTrackingState {
  if (!tr.docChanged) return value;
  const delta = imageDelta(tr);
  const changed = [...delta].filter(([, d]) => d !== 0);
  if (!changed.length) return value;
  const counts = new Map(value.counts);
  const gone: string[] = [];
  const back: string[] = [];
  for (const [src, d] of changed) {
    const was = counts.get(src) ?? 0;
    const now = Math.max(0, was + d);
    if (now) counts.set(src, now);
    else counts.delete(src);
    if (was && !now) gone.push(src);
    if (!was && now) back.push(src);
  }
  // The host's own swap of the content, or a colleague's change: neither is this user deleting a file.
  if (tr.getMeta(SKIP_IMAGE_TRACKING_META) || tr.getMeta(SHARED_CHANGE_META)) return { ...value, counts };
  const restored = back.filter((src) => value.deleted.has(src));
  if (!gone.length && !restored.length) return { ...value, counts };
  const deleted = new Set(value.deleted);
  gone.forEach((src) => deleted.add(src));
  restored.forEach((src) => deleted.delete(src));
  const keep = value.calls && value.calls.depth < MAX_BATCHES ? value.calls : null;
  return { counts, deleted, calls: { deleted: gone, restored, before: keep, depth: keep ? keep.depth + 1 : 0 } };
}

/** Calls a host file callback with the image's path, logging a throw or a rejection (spec: only logged). */
function callHost(what: 'delete' | 'restore', callback: (path: string) => unknown, src: string): void {
  const path = imagePath(src);
  const report = (error: unknown) => log.error(`Image ${what} failed for ${path}`, error);
  try {
    const result = callback(path);
    if (result && typeof (result as PromiseLike<unknown>).then === 'function') (result as PromiseLike<unknown>).then(undefined, report);
  } catch (error) {
    report(error);
  }
}

/** The image tracking plugin: `deleteFile` when an image's last node goes, `restoreFile` when it comes back. */
export function imageTrackingPlugin(options: ImageTrackingOptions): Plugin<ImageTrackingState> {
  const remove = (src: string) => callHost('delete', (path) => options.deleteFile(path), src);
  const restore = (src: string) => callHost('restore', (path) => options.restoreFile(path), src);
  /** The newest batch of calls made, by editor. */
  const seenBy = new WeakMap<EditorView, ImageCallBatch | null>();
  return new Plugin<ImageTrackingState>({
    key: imageTrackingKey,
    state: {
      init: (_config, state) => ({ counts: countDocument(state.doc), deleted: new Set(), calls: null }),
      apply: applyTracking,
    },
    view(editorView) {
      // New plugins for the same editor (state.reconfigure: a part that arrived on demand) make a
      // new plugin view: it goes on from the calls the last one made, and restores nothing again.
      if (!seenBy.has(editorView)) {
        const initial = imageTrackingKey.getState(editorView.state);
        seenBy.set(editorView, initial?.calls ?? null);
        // Images present at creation (spec): their files may have been deleted by an earlier session.
        initial?.counts.forEach((_count, src) => restore(src));
      }
      return {
        update(view) {
          const now = imageTrackingKey.getState(view.state);
          const seen = seenBy.get(view) ?? null;
          if (!now || now.calls === seen) return;
          const pending: ImageCallBatch[] = [];
          for (let batch = now.calls; batch && batch !== seen; batch = batch.before) pending.push(batch);
          seenBy.set(view, now.calls);
          // Oldest first: a delete and the undo that restores it arrive in that order.
          for (const batch of pending.reverse()) {
            batch.deleted.forEach(remove);
            batch.restored.forEach(restore);
          }
        },
      };
    },
  });
}
