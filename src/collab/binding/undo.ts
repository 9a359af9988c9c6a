/**
 * Undo through the shared document: a Yjs undo manager that tracks only this editor's origin, so
 * undo takes back this editor's changes and never a colleague's, and puts the caret back where it
 * was before the change (or, for redo, before the undo).
 */
import { Plugin, PluginKey, type Command } from 'prosemirror-state';
import * as Y from 'yjs';
import type { RelativeSelection, SyncBinding } from './sync.js';

/** The undo plugin's state: the undo manager and the binding it undoes through. */
export interface UndoState {
  manager: Y.UndoManager;
  binding: SyncBinding;
}

/** The key of the undo plugin. */
export const undoKey = new PluginKey<UndoState>('collab-undo');

/** Node types whose elements an undo empties rather than removes while they hold content (a colleague may have typed into them). */
const PROTECTED = new Set(['paragraph']);

/** Whether an undo may remove an item: anything but a text or a protected block that holds content. */
function deletable(item: Y.Item): boolean {
  if (!(item.content instanceof Y.ContentType)) return true;
  const type = item.content.type as Y.AbstractType<unknown>;
  const guarded = type instanceof Y.Text || (type instanceof Y.XmlElement && PROTECTED.has(type.nodeName));
  return !guarded || type._length === 0;
}

/** The undo plugin for `binding` (its undo manager lives as long as the editor's view, across reconfigurations of its state). */
export function undoPlugin(binding: SyncBinding): Plugin {
  const manager = new Y.UndoManager(binding.fragment, {
    trackedOrigins: new Set([binding.origin]),
    deleteFilter: (item) => {
      if (deletable(item)) return true;
      // Kept for a colleague's letters in it: deleted once they have gone (SyncBinding.keepUntilEmptied).
      if (item.content instanceof Y.ContentType && item.content.type instanceof Y.XmlElement) binding.keepUntilEmptied(item.content.type);
      return false;
    },
    captureTransaction: (tr) => tr.meta.get('addToHistory') !== false,
  });
  binding.undoManager = manager;
  manager.on('stack-item-added', ({ stackItem, origin }: { stackItem: Y.UndoManager['undoStack'][number]; origin: unknown }) => {
    // This editor's change during an undo or redo is the copies put in place of what it misplaced
    // (undo-order.ts): they join the step that undo or redo made, so the next redo or undo takes both.
    const stack = manager.undoing ? manager.redoStack : manager.redoing ? manager.undoStack : null;
    const step = stack?.[stack.length - 2];
    if (origin === binding.origin && stack && step && stack[stack.length - 1] === stackItem) {
      stack.pop();
      step.insertions = Y.mergeDeleteSets([step.insertions, stackItem.insertions]);
      step.deletions = Y.mergeDeleteSets([step.deletions, stackItem.deletions]);
      return;
    }
    // Each step keeps the selection to put back: before the change, or before the undo it redoes.
    stackItem.meta.set(undoKey, origin === binding.origin ? binding.selectionBeforeChange : binding.selectionBeforeTransaction);
  });
  // A state reconfigured with other plugins (a part of the editor that arrived) has ProseMirror
  // destroy every plugin view and make them again at once: the manager, and the steps it holds,
  // stay. Only a view gone for good (none made again by the next microtask) takes it along.
  let views = 0;
  return new Plugin({
    key: undoKey,
    state: { init: () => ({ manager, binding }), apply: (_tr, value) => value },
    view: () => {
      views++;
      return {
        destroy: () => {
          views--;
          queueMicrotask(() => {
            if (views || binding.undoManager !== manager) return;
            binding.undoManager = null;
            manager.destroy();
          });
        },
      };
    },
  });
}

/** Undo or redo through the shared document; without `dispatch`, whether there is a step to take. */
function step(direction: 'undo' | 'redo'): Command {
  return (state, dispatch) => {
    const undo = undoKey.getState(state);
    if (!undo) return false;
    const { manager, binding } = undo;
    const stack = direction === 'undo' ? manager.undoStack : manager.redoStack;
    if (!stack.length) return false;
    if (!dispatch) return true;
    binding.pendingSelection = (stack[stack.length - 1]!.meta.get(undoKey) as RelativeSelection | null | undefined) ?? null;
    // Blocks an earlier undo or redo kept are left as they are; this one's belong to the step it makes.
    binding.keepUntilEmptied(null);
    try {
      // The shared document's change comes back to the editor through the binding.
      return (direction === 'undo' ? manager.undo() : manager.redo()) !== null;
    } finally {
      binding.pendingSelection = null;
      binding.keptStep = (direction === 'undo' ? manager.redoStack : manager.undoStack).at(-1) ?? null;
    }
  };
}

/** Takes back this editor's last change. */
export const undoCommand: Command = step('undo');

/** Makes again the change this editor's last undo took back. */
export const redoCommand: Command = step('redo');
