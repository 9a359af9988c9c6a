/**
 * Editors sharing one document in Node, for the binding's own rules: each replica is an editor
 * state with the binding's sync and undo plugins (as the element has them), a shared document,
 * and an inbox of the others' updates, delivered when a test says so (any order, any split), each
 * passing the update check the server and editors make first.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { expect } from 'chai';
import { EditorState, TextSelection, type Command, type Plugin, type Transaction } from 'prosemirror-state';
import * as Y from 'yjs';
import { readFragment } from '../../src/collab/binding/encoding.js';
import { checkUpdate } from '../../src/collab/check-update.js';
import { applyRemoteUpdate } from '../../src/collab/binding/remote-updates.js';
import { bindFragment, syncPlugin } from '../../src/collab/binding/sync.js';
import { redoCommand, undoCommand, undoKey, undoPlugin } from '../../src/collab/binding/undo.js';
import { narrowRemote } from '../../src/collab/editor-plugins.js';
import { schema } from '../../src/core/index.js';

/** The document a shared document holds, as an editor reading it afresh shows it (an empty one: one empty paragraph). */
export function documentOf(doc: Y.Doc): PMNode {
  const read = readFragment(doc.getXmlFragment('default'), schema);
  return read.childCount ? read : schema.topNodeType.createAndFill()!;
}

/** An editor bound to a shared document, as the element binds one: its state, and the plugins' views as ProseMirror's view would run them. */
export class BoundEditor {
  state!: EditorState;
  private plugins: { update(view: BoundEditor, previous: EditorState): void }[] = [];

  constructor(readonly doc: Y.Doc) {}

  /** Starts the editor on what the shared document holds now (as the element does once synced), with `plugins` after the binding's. */
  bind(plugins: Plugin[] = []): this {
    const binding = bindFragment(this.doc.getXmlFragment('default'), schema);
    this.state = EditorState.create({ doc: binding.document, plugins: [syncPlugin(binding), undoPlugin(binding), ...plugins] });
    // The plugins' views, as ProseMirror's view makes them.
    this.plugins = this.state.plugins.flatMap((plugin) => (plugin.spec.view ? [plugin.spec.view(this as never) as never] : []));
    return this;
  }

  /** Applies a transaction as the element's view does (a remote change narrowed first). */
  dispatch = (tr: Transaction): void => {
    const previous = this.state;
    this.state = previous.apply(narrowRemote(previous, tr));
    for (const view of this.plugins) view.update?.(this, previous);
  };

  /** Makes a change: `change` gets a transaction of the current state. */
  change(change: (tr: Transaction) => void): this {
    const tr = this.state.tr;
    change(tr);
    this.dispatch(tr);
    return this;
  }

  run(command: Command): boolean {
    return command(this.state, this.dispatch);
  }

  undo(): boolean {
    return this.run(undoCommand);
  }

  redo(): boolean {
    return this.run(redoCommand);
  }

  /** What this editor shows. */
  get document(): PMNode {
    return this.state.doc;
  }
}

/** An editor of a group whose updates reach the others' inboxes. */
export class Replica extends BoundEditor {
  /** Others' updates not yet applied here, oldest first. */
  readonly inbox: Uint8Array[] = [];
  /** This editor's updates held while it is offline (null when online: each goes out as made). */
  outbox: Uint8Array[] | null = null;

  /** Sends `updates` (held while offline, or as grouped for sending) to the others, in order. */
  send(updates: Uint8Array[]): void {
    for (const other of this.group) if (other !== this) other.inbox.push(...updates);
  }

  constructor(
    clientID: number,
    private readonly group: Replica[],
  ) {
    super(new Y.Doc());
    this.doc.clientID = clientID;
    group.push(this);
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === this.group) return;
      if (this.outbox) this.outbox.push(update);
      else for (const other of this.group) if (other !== this) other.inbox.push(update);
    });
  }

  /**
   * Applies the first `count` updates waiting (all by default), each checked first as the server
   * and each editor check what arrives (check-update.ts): an update an editor made that the check
   * refuses would disconnect its maker.
   */
  receive(count = this.inbox.length): this {
    for (const update of this.inbox.splice(0, count)) {
      const problem = checkUpdate(update, this.doc, schema);
      if (problem) throw new Error(`client ${this.doc.clientID} would refuse an editor's update: ${problem}`);
      applyRemoteUpdate(this.doc, update, this.group);
    }
    return this;
  }

  /** What any other replica builds from everything this one has: the same document, or the two have parted. */
  get afresh(): PMNode {
    const fresh = new Y.Doc();
    Y.applyUpdate(fresh, Y.encodeStateAsUpdate(this.doc));
    return documentOf(fresh);
  }
}

/** Editors with client ids 1, 2… (two unless `count` says) on a document of `blocks`, each bound once it has it, with `plugins` after the binding's. */
export function editorsOn(blocks: PMNode[], count = 2, plugins: Plugin[] = []): Replica[] {
  const group: Replica[] = [];
  const first = new Replica(1, group).bind(plugins);
  const rest = Array.from({ length: count - 1 }, (_, i) => new Replica(i + 2, group));
  first.change((tr) => tr.replaceWith(0, tr.doc.content.size, blocks));
  for (const replica of rest) replica.receive().bind(plugins);
  return [first, ...rest];
}

/** Delivers every update waiting, and those delivering them makes (a repair, a joined text), until none waits. */
export function exchange(...replicas: Replica[]): void {
  for (let round = 0; replicas.some((replica) => replica.inbox.length); round++) {
    if (round === 100) throw new Error('the replicas kept sending each other changes');
    for (const replica of replicas) replica.receive();
  }
}

/** Types `text` as a user does: the caret put at `pos`, then the letters, the caret after them. */
export const typeAt = (replica: Replica, pos: number, text: string): Replica =>
  replica.change((tr) => tr.setSelection(TextSelection.create(tr.doc, pos)).insertText(text));

/** Types `text` where the replica's caret is. */
export const typeOn = (replica: Replica, text: string): Replica => replica.change((tr) => tr.insertText(text));

/** Every editor, and a fresh reading of each, show the same document. */
export function expectAlike(...replicas: Replica[]): void {
  const json = replicas[0]!.document.toJSON();
  for (const replica of replicas) {
    expect(replica.document.toJSON()).to.deep.equal(json);
    expect(replica.afresh.toJSON()).to.deep.equal(json);
  }
}

/** A paragraph of `text` (an empty one for ''). */
export const para = (text: string): PMNode => schema.nodes.paragraph.create(null, text ? schema.text(text) : undefined);

/** The text of each top-level block a replica shows. */
export const texts = (replica: Replica): string[] => replica.document.content.content.map((block) => block.textContent);

/** Puts a replica's caret at `pos`. */
export const click = (replica: Replica, pos: number): Replica => replica.change((tr) => tr.setSelection(TextSelection.create(tr.doc, pos)));

/** A seeded random number generator (a linear congruential one): the same runs for a seed. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

/** Both orders of two editors' client ids: Ada's the smaller, then the greater. */
export const bothOrders = [true, false];

/**
 * `count` editors on `blocks` (client 1 wrote them), each starting a new undo step; Ada and Bo
 * are the last two, Ada's client id the smaller when `adaFirst` (Yjs orders what two insert at
 * one place by client id, and the binding's answers to changes made at once go by it).
 */
export function adaAndBo(blocks: PMNode[], adaFirst: boolean, count = 2): { ada: Replica; bo: Replica; all: Replica[] } {
  const all = editorsOn(blocks, count);
  for (const replica of all) undoKey.getState(replica.state)!.manager.stopCapturing();
  const [smaller, greater] = all.slice(-2) as [Replica, Replica];
  return adaFirst ? { ada: smaller, bo: greater, all } : { ada: greater, bo: smaller, all };
}
