/**
 * Keeps an editor and a shared fragment in step. The editor's changes are written as the
 * smallest change of the shared types (update.ts), under this binding's own origin; others'
 * changes (and undo, which the shared document does) rebuild the editor's document from the
 * nodes of every element they left alone, and are applied as one transaction marked with
 * `syncKey`, the selection kept on its characters through relative positions.
 */
import type { Node as PMNode, Schema } from 'prosemirror-model';
import { AllSelection, NodeSelection, Plugin, PluginKey, TextSelection, type EditorState, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import * as Y from 'yjs';
import { OWN_UNDO_STEP_META, SHARED_CHANGE_META } from '../../core/transaction-meta.js';
import { carriedTyping, carry } from './carried-typing.js';
import { DeletedLetters } from './deleted-letters.js';
import { readFragment, type Mapping, type SharedType } from './encoding.js';
import { fold, placed, typeSince, type Folded } from './fold.js';
import { followShown } from './follow-shown.js';
import { toAbsolute, toRelative } from './positions.js';
import { AbsentRuns } from './absent-runs.js';
import { Joins } from './joins.js';
import { Rewrites } from './rewrites.js';
import { joinStep, stepDeleting } from './split-order.js';
import { misplacedParents, replaceWithCopies } from './undo-order.js';
import { putBack, unseenTyping } from './unseen-typing.js';
import { writeNode } from './update.js';

/** What a transaction from the shared document carries under `syncKey`. */
export interface SyncMeta {
  /** Others' changes, or this editor's undo or redo. */
  isChangeOrigin: true;
  /** This editor's undo or redo. */
  isUndoRedoOperation: boolean;
}

/** The key of the sync plugin; its meta marks transactions that bring the shared document's changes. */
export const syncKey = new PluginKey<SyncState>('collab-sync');

/** The sync plugin's state: whether the latest transaction may be undone (its `addToHistory` meta), and where the step of its own it makes begins. */
export interface SyncState {
  addToHistory: boolean;
  /**
   * The state before the latest transaction when it is an undo step of its own (`ownUndoStep`:
   * an autolink after the typing it follows, a host's command), or null.
   */
  stepFrom: EditorState | null;
}

/** A selection as positions relative to the shared document. */
export interface RelativeSelection {
  type: string;
  anchor: Y.RelativePosition;
  head: Y.RelativePosition;
}

/** One editor's binding to a shared fragment: the mapping between its types and the editor's nodes, and the two directions of change. */
export class SyncBinding {
  /** The origin of this editor's own changes (what its undo manager tracks). */
  readonly origin = this;
  readonly doc: Y.Doc;
  private view: EditorView | null = null;
  /** The document the shared fragment holds as this editor last wrote or read it. */
  private synced: PMNode;
  /** The editor's first document: what the fragment held when bound. */
  readonly document: PMNode;
  /** Set while a change of the shared document is applied to the editor (nothing is written back then). */
  private applying = false;
  /** The selection before the shared document's current transaction, restored after it. */
  private selectionBefore: RelativeSelection | null = null;
  /** The selection before the shared document's current transaction (for the undo step it makes). */
  get selectionBeforeTransaction(): RelativeSelection | null {
    return this.selectionBefore;
  }
  /** The selection an undo or redo about to run puts back. */
  pendingSelection: RelativeSelection | null = null;
  /** The editor's selection before its latest change, for the undo step that change makes. */
  selectionBeforeChange: RelativeSelection | null = null;
  /** Whether this editor wrote its document once (an empty fragment is filled only once typed into). */
  private written: boolean;
  /** The undo manager of this editor's changes, once there. */
  undoManager: Y.UndoManager | null = null;
  /** The letters deleted lately (a colleague's rewrite may hold them again: unseen-typing.ts). */
  private readonly deleted = new DeletedLetters();
  /** The blocks this editor wrote anew lately (a colleague may have done so at once: rewrites.ts). */
  private rewrites: Rewrites | null = null;
  /** The paragraphs this editor joined to the one before lately (a colleague may have done so at once: joins.ts). */
  private readonly joins = new Joins();
  /** Letters put back into a run a colleague types again later (absent-runs.ts). */
  private readonly absent = new AbsentRuns();
  /** Blocks an undo or redo kept for a colleague's letters in them (`keepUntilEmptied`), oldest first. */
  private readonly keptByUndo = new Set<Y.XmlElement>();
  /** The undo or redo step (on the other stack) the last undo or redo made: what it kept belongs to it. */
  keptStep: Y.UndoManager['undoStack'][number] | null = null;
  /** Blocks folded in the transactions under way, whose letters since are typed again after them. */
  private folded: Folded[] = [];
  /** The origin of that typing: this editor's, out of its undo history, read back into the view as a colleague's change is. */
  private readonly typingAgain = {};

  constructor(
    readonly fragment: Y.XmlFragment,
    readonly mapping: Mapping,
    doc: PMNode,
  ) {
    this.doc = fragment.doc!;
    this.synced = doc;
    this.document = doc;
    this.written = fragment.length > 0;
  }

  /** The editor's selection relative to the shared document (as it stands for the document the mapping knows). */
  relativeSelection(state: EditorState): RelativeSelection {
    const { selection } = state;
    return {
      type: (selection.toJSON() as { type: string }).type,
      anchor: toRelative(selection.anchor, this.fragment, this.mapping),
      head: toRelative(selection.head, this.fragment, this.mapping),
    };
  }

  /** A relative position in the editor's document now (null when its place is gone). */
  absolute(position: Y.RelativePosition): number | null {
    return toAbsolute(this.doc, this.fragment, position, this.mapping);
  }

  attach(view: EditorView): void {
    this.view = view;
    this.rewrites = new Rewrites(view.state.schema);
    this.doc.on('beforeAllTransactions', this.beforeAll);
    this.doc.on('afterAllTransactions', this.afterAll);
    this.doc.on('afterTransaction', this.noteTransaction);
    this.fragment.observeDeep(this.changed);
  }

  detach(): void {
    this.view = null;
    this.fragment.unobserveDeep(this.changed);
    this.doc.off('beforeAllTransactions', this.beforeAll);
    this.doc.off('afterAllTransactions', this.afterAll);
    this.doc.off('afterTransaction', this.noteTransaction);
  }

  private noteTransaction = (transaction: Y.Transaction): void => {
    this.deleted.note(transaction);
    this.rewrites?.note(transaction);
    this.joins.note(transaction);
  };

  private beforeAll = (): void => {
    if (this.selectionBefore === null && this.view && !this.applying) this.selectionBefore = this.relativeSelection(this.view.state);
  };

  private afterAll = (): void => {
    this.selectionBefore = null;
    if (this.folded.length) this.typeAgain();
  };

  /**
   * Types this editor's letters since into the blocks folded (fold.ts `typeSince`) in a change
   * of their own, sent after the fold: the colleague finds the fold's block reading as their copy
   * did, and puts back what they typed into it unseen. The view reads it back as a colleague's
   * change, with the caret moved into the block that stays.
   */
  private typeAgain(): void {
    const folded = this.folded;
    this.folded = [];
    if (!this.view) return;
    const selection = this.relativeSelection(this.view.state);
    this.doc.transact(() => {
      const [anchor, head] = typeSince(folded, [selection.anchor, selection.head], this.view!.state.schema);
      this.pendingSelection = { ...selection, anchor: anchor!, head: head! };
    }, this.typingAgain);
    this.pendingSelection = null;
  }

  /** Writes the editor's document into the shared fragment when it differs from what the fragment holds. */
  update(view: EditorView, previous: EditorState): void {
    const doc = view.state.doc;
    if (this.applying || doc === this.synced) return;
    // An untouched empty document is not written: the fragment stays empty until someone types.
    if (!this.written && doc.eq(doc.type.createAndFill()!)) return;
    this.written = true;
    const { addToHistory = true, stepFrom = null } = syncKey.getState(view.state) ?? {};
    // A change kept out of the history also ends the undo step being gathered.
    if (!addToHistory) this.undoManager?.stopCapturing();
    if (stepFrom && addToHistory) {
      // An undo step of its own, as in ProseMirror's history: what came before it in this update
      // (the typing an autolink follows) goes into the step being gathered, then it alone.
      if (stepFrom.doc !== this.synced) this.write(stepFrom.doc, previous, true);
      this.undoManager?.stopCapturing();
      this.write(doc, stepFrom, true);
      this.undoManager?.stopCapturing();
    } else this.write(doc, previous, addToHistory);
  }

  /** Writes `doc` into the shared fragment, as a change made from `previous`. */
  private write(doc: PMNode, previous: EditorState, addToHistory: boolean): void {
    // The selection before the change, measured while the shared document still matches it.
    if (previous.doc === this.synced) this.selectionBeforeChange = this.relativeSelection(previous);
    this.doc.transact((tr) => {
      tr.meta.set('addToHistory', addToHistory);
      writeNode(this.fragment, doc, this.mapping);
    }, this.origin);
    this.synced = doc;
  }

  /** A change of the shared fragment: the editor's document rebuilt from the nodes of unchanged elements. */
  private changed = (events: Y.YEvent<Y.AbstractType<unknown>>[], transaction: Y.Transaction): void => {
    const view = this.view;
    if (!view || transaction.origin === this.origin || events.length === 0) return;
    let selection = this.pendingSelection ?? this.selectionBefore;
    this.pendingSelection = null;
    const schema = view.state.schema;
    // The selection's ends, moved below with the text the change moved and the letters put back or carried along.
    let positions = selection ? [selection.anchor, selection.head] : [];
    // What an undo or redo misplaced is replaced now, before anyone builds on it (undo-order.ts),
    // letters a colleague's change dropped or left behind unseen are typed again where the text went
    // (unseen-typing.ts, carried-typing.ts), and a block this editor and the colleague wrote anew
    // (or joined) at once is made one again (rewrites.ts, fold.ts, joins.ts).
    const misplaced = transaction.origin instanceof Y.UndoManager ? misplacedParents(transaction) : [];
    const unseen = transaction.local ? [] : unseenTyping(transaction, schema, this.deleted, positions, { copies: this.joins.copiesCovered(transaction), runs: () => this.joins.runsFollowed(transaction) });
    // A run read both ways (a block copied elsewhere that also reads as text taken out of another,
    // as a colleague's block put after this one does: split-order.ts) is the copy's: each writes by
    // index, and the second's would be wrong once the first wrote.
    const carried = transaction.local ? [] : carriedTyping(transaction, schema, this.deleted, positions).filter((one) => !unseen.some((lost) => lost.into.text === one.into.text));
    const atOnce = transaction.local ? [] : (this.rewrites?.rewrittenAtOnce(transaction) ?? []);
    const joinedAtOnce = transaction.local ? [] : this.joins.madeAtOnce(transaction);
    const runsCome = transaction.local ? [] : this.absent.come(transaction);
    const emptied = transaction.local || !this.keptByUndo.size ? [] : this.emptiedKeptBlocks(transaction);
    if (emptied.length) this.deleteEmptied(emptied);
    if (misplaced.length || unseen.length || carried.length) {
      // What answers a colleague's Enter at once is undone with this editor's Enter (split-order.ts).
      const manager = this.undoManager;
      const shared = carried.flatMap((one) => one.shared);
      const step = manager && shared.length ? stepDeleting(manager, shared) : null;
      this.doc.transact((own) => {
        if (step) own.meta.set('addToHistory', false);
        const from = Y.getState(this.doc.store, this.doc.clientID);
        positions = carry(carried, putBack(unseen, replaceWithCopies(misplaced, positions), schema), schema, this.deleted);
        this.joins.followPutBack(unseen);
        this.absent.note(unseen);
        this.forget(own);
        if (step) joinStep(step, own, from, shared);
      }, this.origin);
    }
    // Not this editor's doing: out of its undo history. Its letters since go into the block that
    // stays once the fold is sent (`typeAgain`).
    // So is one run of a paragraph both joined to the one before at once (joins.ts), and letters
    // put back into a colleague's run going to their places in it as it comes (absent-runs.ts).
    if (atOnce.length || joinedAtOnce.length || runsCome.length) {
      this.doc.transact((own) => {
        own.meta.set('addToHistory', false);
        this.absent.place(runsCome, schema);
        const folded = fold(own, atOnce, positions, schema);
        positions = this.joins.foldAll(own, joinedAtOnce, placed(folded, positions));
        this.folded.push(...folded);
        this.forget(own);
      }, this.origin);
    }
    if (selection) selection = { ...selection, anchor: positions[0]!, head: positions[1]! };
    this.forget(transaction);
    let doc = readFragment(this.fragment, schema, { mapping: this.mapping, beforeText: (text) => this.joinNextText(text) });
    // A fragment emptied by concurrent deletions shows one empty block until typed into.
    if (!doc.childCount) doc = schema.topNodeType.createAndFill()!;
    const tr = view.state.tr.replaceWith(0, view.state.doc.content.size, doc.content);
    if (selection) restoreSelection(tr, selection, this);
    tr.setMeta(syncKey, { isChangeOrigin: true, isUndoRedoOperation: transaction.origin instanceof Y.UndoManager } satisfies SyncMeta);
    tr.setMeta('addToHistory', false);
    tr.setMeta(SHARED_CHANGE_META, true);
    this.synced = doc;
    this.applying = true;
    try {
      view.dispatch(tr);
      // The view's document is a copy (narrowed to the change); what a plugin added to it after is written at the next update.
      if (view.state.doc.eq(doc)) {
        followShown(this.fragment, doc, view.state.doc, this.mapping);
        this.synced = view.state.doc;
      }
    } finally {
      this.applying = false;
    }
  };

  /**
   * A block an undo or redo of this editor's would have removed but keeps for a colleague's
   * letters in it (undo.ts): once a colleague's change takes those letters out (carried into the
   * block the undo put back: carried-typing.ts), the empty block goes too. Only the last undo or
   * redo's blocks are kept (null: a new one begins), at most 100.
   */
  keepUntilEmptied(block: Y.XmlElement | null): void {
    if (!block) return this.keptByUndo.clear();
    this.keptByUndo.add(block);
    if (this.keptByUndo.size > 100) this.keptByUndo.delete(this.keptByUndo.values().next().value!);
  }

  /** The blocks kept by an undo (`keepUntilEmptied`) that a colleague's change (`transaction`) emptied; those gone or empty are forgotten. */
  private emptiedKeptBlocks(transaction: Y.Transaction): Y.XmlElement[] {
    const emptied: Y.XmlElement[] = [];
    for (const block of this.keptByUndo) {
      const children = block.toArray();
      if (block._item?.deleted) this.keptByUndo.delete(block);
      else if (!children.some((child) => !(child instanceof Y.XmlText) || child.length > 0)) {
        this.keptByUndo.delete(block);
        // Only when this change took the last letters out.
        if (children.some((child) => (transaction.changed as Map<unknown, unknown>).has(child))) emptied.push(block);
      }
    }
    return emptied;
  }

  /**
   * Deletes blocks an undo or redo kept, now empty, out of the undo history but as part of the
   * step that undo or redo made when it is still on a stack: taking that step back puts the
   * block back too, for what it restores into it.
   */
  private deleteEmptied(blocks: Y.XmlElement[]): void {
    this.doc.transact((own) => {
      own.meta.set('addToHistory', false);
      for (const block of blocks) block._item!.delete(own);
      const step = this.keptStep;
      const manager = this.undoManager;
      if (step && manager && (manager.undoStack.includes(step) || manager.redoStack.includes(step))) {
        step.deletions = Y.mergeDeleteSets([step.deletions, own.deleteSet]);
      }
      this.forget(own);
    }, this.origin);
  }

  /** Drops from the mapping what a transaction changed or deleted (and each changed type's ancestors), so it is read again. */
  private forget(transaction: Y.Transaction): void {
    Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
      if (struct instanceof Y.Item && struct.content instanceof Y.ContentType) this.mapping.delete(struct.content.type as Y.XmlFragment);
    });
    for (const type of transaction.changed.keys()) {
      for (let at: unknown = type; at instanceof Y.AbstractType; at = at._item?.parent) this.mapping.delete(at as SharedType);
    }
  }

  /**
   * Two texts side by side (each editor started one at the same place): this editor's next one is
   * joined into the first, or every keystroke would show its characters twice (y-prosemirror#160).
   */
  private joinNextText(text: Y.XmlText): void {
    const next = (text._item?.right?.content as Y.ContentType | undefined)?.type;
    if (!(next instanceof Y.XmlText) || next._item!.deleted || next._item!.id.client !== this.doc.clientID) return;
    this.doc.transact((tr) => {
      tr.meta.set('addToHistory', false);
      text.applyDelta([{ retain: text.length }, ...(next.toDelta() as object[])]);
      next._item!.delete(tr);
    }, this.origin);
  }
}

/** Puts a selection kept as relative positions back into `tr`'s document. */
function restoreSelection(tr: Transaction, selection: RelativeSelection, binding: SyncBinding): void {
  if (selection.type === 'all') {
    tr.setSelection(new AllSelection(tr.doc));
    return;
  }
  const anchor = binding.absolute(selection.anchor);
  const head = binding.absolute(selection.head);
  if (anchor === null || head === null || anchor > tr.doc.content.size || head > tr.doc.content.size) return;
  if (selection.type === 'node' && tr.doc.resolve(anchor).nodeAfter) tr.setSelection(NodeSelection.create(tr.doc, anchor));
  else tr.setSelection(TextSelection.between(tr.doc.resolve(anchor), tr.doc.resolve(head)));
}

/** The plugin that keeps the editor and `binding`'s fragment in step. */
export function syncPlugin(binding: SyncBinding): Plugin {
  return new Plugin({
    key: syncKey,
    state: {
      init: (): SyncState => ({ addToHistory: true, stepFrom: null }),
      apply: (tr, value, before): SyncState => {
        const addToHistory = tr.getMeta('addToHistory') !== false;
        // A transaction a plugin appends to it (ProseMirror's `appendedTransaction`) goes into its step.
        const stepFrom = tr.getMeta(OWN_UNDO_STEP_META) ? before : tr.getMeta('appendedTransaction') ? value.stepFrom : null;
        return addToHistory === value.addToHistory && stepFrom === value.stepFrom ? value : { addToHistory, stepFrom };
      },
    },
    view(view) {
      binding.attach(view);
      return {
        update: (updated, previous) => binding.update(updated, previous),
        destroy: () => binding.detach(),
      };
    },
  });
}

/** A binding for `fragment` and the document it holds for `schema` (an empty fragment: one empty block). */
export function bindFragment(fragment: Y.XmlFragment, schema: Schema): SyncBinding {
  const mapping: Mapping = new Map();
  let doc = readFragment(fragment, schema, { mapping });
  if (!doc.childCount) doc = schema.topNodeType.createAndFill()!;
  return new SyncBinding(fragment, mapping, doc);
}
