/**
 * Node views of extensions: a node definition's `nodeView` returns a plain ProseMirror
 * `NodeView` (`dom`, `contentDOM`, `update`, `selectNode`…), and gets besides what a block
 * needs to be interactive without knowing ProseMirror's transactions: the node as it is now,
 * whether it is selected, `updateAttributes`, `deleteNode`, a signal aborted when the view
 * goes, and `subscribe` (a small store per view, so a framework re-renders only the views a
 * change touched). A view without `update` is kept when only the node's attributes or
 * content change (ProseMirror's default would destroy and build it again); it hears of the
 * new node through `subscribe`.
 */
import type { Node as PMNode, Schema } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import type { Decoration, DecorationSource, EditorView, NodeView, NodeViewConstructor, ViewMutationRecord } from 'prosemirror-view';
import { featureOn, type Features } from '../features.js';
import { log } from '../log.js';
import { perSchema } from '../per-schema.js';
import type { AttrDefs } from '../schema/attrs.js';
import { definitionOf, featureOf } from './define.js';
import { ownUndoStep } from '../transaction-meta.js';

/** What a node view gets besides ProseMirror's arguments. One per view; it lives as long as the view. */
export interface NodeViewContext {
  /** The node as it is now (it changes when attributes or content change and the view is kept). */
  readonly node: PMNode;
  /** Whether the node is selected as a whole (a click on an atom, Escape from inside…). */
  readonly selected: boolean;
  /** Whether the editor accepts input now. */
  readonly editable: boolean;
  /** Aborted when the view is destroyed: give it to `addEventListener`, `fetch`… */
  readonly signal: AbortSignal;
  /** The node's position in the document (undefined once it is gone). */
  getPos(): number | undefined;
  /**
   * Sets some of the node's attributes, each cleaned by its kind (a number clamped into its
   * range…), as one undo step; nothing while the editor is read-only. A name the node does not
   * have throws a RangeError.
   */
  updateAttributes(attrs: Readonly<Record<string, unknown>>): void;
  /** Removes the node; nothing while the editor is read-only. */
  deleteNode(): void;
  /** Calls `listener` after `node`, `selected` or `editable` changed; returns the call that stops it. */
  subscribe(listener: () => void): () => void;
}

/** A node definition's view: ProseMirror's node view constructor, with the context as a fifth argument. */
export type NodeViewFactory = (
  node: PMNode,
  view: EditorView,
  getPos: () => number | undefined,
  decorations: readonly Decoration[],
  context: NodeViewContext,
) => NodeView;

/** The contexts of each editor view's node views, told when the view turns read-only or editable (nodeViewEditabilityPlugin). */
const contextsOf = new WeakMap<EditorView, Set<ViewContext>>();

class ViewContext implements NodeViewContext {
  private readonly listeners = new Set<() => void>();
  /** Made when a view first asks for its signal (most of a long document's views never do). */
  private controller: AbortController | null = null;
  private destroyed = false;
  selected = false;

  constructor(
    public node: PMNode,
    private readonly view: EditorView,
    readonly getPos: () => number | undefined,
  ) {
    let contexts = contextsOf.get(view);
    if (!contexts) contextsOf.set(view, (contexts = new Set()));
    contexts.add(this);
  }

  get editable(): boolean {
    return this.view.editable;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.destroyed) this.controller.abort();
    }
    return this.controller.signal;
  }

  updateAttributes(attrs: Readonly<Record<string, unknown>>): void {
    const pos = this.getPos();
    const { state } = this.view;
    const node = pos === undefined ? null : state.doc.nodeAt(pos);
    if (!node) return;
    const defs = (node.type.spec as { attrDefs?: AttrDefs }).attrDefs;
    const values: Record<string, unknown> = { ...node.attrs };
    for (const [name, value] of Object.entries(attrs)) {
      if (!(name in values)) throw new RangeError(`updateAttributes: the node "${node.type.name}" has no attribute "${name}"`);
      values[name] = defs?.[name] ? defs[name].clean(value) : value;
    }
    // A read-only editor's document changes only through the host (as `run()` refuses).
    if (!this.view.editable) return;
    const next = node.type.create(values, node.content, node.marks);
    // Each call is its own undo step, however quickly the next one follows.
    if (!next.sameMarkup(node)) this.view.dispatch(ownUndoStep(state.tr.setNodeMarkup(pos!, undefined, next.attrs, node.marks)));
  }

  deleteNode(): void {
    const pos = this.getPos();
    const node = pos === undefined ? null : this.view.state.doc.nodeAt(pos);
    if (pos !== undefined && node && this.view.editable) this.view.dispatch(ownUndoStep(this.view.state.tr.delete(pos, pos + node.nodeSize).scrollIntoView()));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the listeners (a listener that throws is logged, and does not keep the others from hearing). */
  changed(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        log.error(`A node view's listener of "${this.node.type.name}" failed`, error);
      }
    }
  }

  destroy(): void {
    contextsOf.get(this.view)?.delete(this);
    this.destroyed = true;
    this.listeners.clear();
    this.controller?.abort();
  }
}

/**
 * Tells the node views of definitions (their `subscribe` listeners) when the editor turns
 * read-only or editable again: ProseMirror redraws no node view for that, their node and
 * decorations being the same. Part of the editing plugins.
 */
export function nodeViewEditabilityPlugin(): Plugin {
  return new Plugin({
    view(view) {
      let editable = view.editable;
      return {
        update(current) {
          if (current.editable === editable) return;
          editable = current.editable;
          for (const context of [...(contextsOf.get(current) ?? [])]) context.changed();
        },
      };
    },
  });
}

/** Elements whose events are a view's own. */
const CONTROL = 'button, input, textarea, select, option, label, a[href], [contenteditable="true"]';

/**
 * A `stopEvent` for a view with controls: events in its buttons, fields and links are the
 * view's own; the editor handles the rest (its content's, and a click elsewhere on an atom,
 * which selects it).
 */
export function stopControlEvents(dom: Element, contentDOM: Element | null): (event: Event) => boolean {
  return (event) => {
    const target = event.target as Element | null;
    if (!target || (contentDOM && contentDOM.contains(target))) return false;
    const control = target.closest?.(CONTROL);
    return !!control && dom.contains(control);
  };
}

/** ProseMirror's own selection look for a node view that has no `selectNode` of its own. */
function markSelected(dom: Node, node: PMNode, contentDOM: Node | null | undefined, on: boolean): void {
  if (!(dom instanceof HTMLElement)) return;
  dom.classList.toggle('ProseMirror-selectednode', on);
  if (contentDOM || !node.type.spec.draggable) {
    if (on) dom.draggable = true;
    else dom.removeAttribute('draggable');
  }
}

/**
 * Whether a change in a view's DOM is the view's own business: anything outside its content
 * (its controls, its own attributes) is; the selection and the content are the editor's.
 */
function ownDomChanged(mutation: ViewMutationRecord, contentDOM: Node | null | undefined): boolean {
  if (mutation.type === 'selection') return false;
  if (!contentDOM) return true;
  if (mutation.target === contentDOM) return mutation.type === 'attributes';
  return !contentDOM.contains(mutation.target);
}

/** A ProseMirror node view constructor around a definition's `nodeView`. */
export function definedNodeView(factory: NodeViewFactory): NodeViewConstructor {
  return (node, view, getPos, decorations) => {
    const context = new ViewContext(node, view, getPos);
    const own = factory(node, view, getPos, decorations, context);
    const wrapped: NodeView = {
      dom: own.dom,
      contentDOM: own.contentDOM,
      update(next: PMNode, outer: readonly Decoration[], inner: DecorationSource) {
        if (next.type !== context.node.type) return false;
        if (own.update && !own.update(next, outer, inner)) return false;
        if (next !== context.node) {
          context.node = next;
          context.changed();
        }
        return true;
      },
      selectNode() {
        context.selected = true;
        if (own.selectNode) own.selectNode();
        else markSelected(own.dom, context.node, own.contentDOM, true);
        context.changed();
      },
      deselectNode() {
        context.selected = false;
        if (own.deselectNode) own.deselectNode();
        else markSelected(own.dom, context.node, own.contentDOM, false);
        context.changed();
      },
      destroy() {
        context.destroy();
        own.destroy?.();
      },
    };
    // ProseMirror looks at whether these exist, so only the view's own are passed on.
    if (own.setSelection) wrapped.setSelection = own.setSelection.bind(own);
    if (own.stopEvent) wrapped.stopEvent = own.stopEvent.bind(own);
    wrapped.ignoreMutation = own.ignoreMutation ? (mutation: ViewMutationRecord) => own.ignoreMutation!(mutation) : (mutation) => ownDomChanged(mutation, own.contentDOM);
    return wrapped;
  };
}

const definedViews = perSchema((schema: Schema) =>
  Object.values(schema.nodes).flatMap((type) => {
    const factory = definitionOf(type)?.nodeView;
    return factory ? [{ name: type.name, feature: featureOf(type), view: definedNodeView(factory) }] : [];
  }),
);

/** The node views the schema's node definitions bring, by node name, for the features that are on. */
export function schemaNodeViews(schema: Schema, features?: Features): Record<string, NodeViewConstructor> {
  return Object.fromEntries(definedViews(schema).filter(({ feature }) => featureOn(features, feature)).map(({ name, view }) => [name, view]));
}

/** What a template or component drawing a node view gets (litNodeView, reactNodeView). */
export interface NodeViewProps {
  /** The node as it is now. */
  node: PMNode;
  /** Whether the node is selected as a whole. */
  selected: boolean;
  /** Whether the editor accepts input. */
  editable: boolean;
  /** Sets some of the node's attributes (one undo step). */
  updateAttributes(attrs: Readonly<Record<string, unknown>>): void;
  /** Removes the node. */
  deleteNode(): void;
  /** Where the node starts in the document. */
  getPos(): number | undefined;
  /** For a node with content: the ref of the element its editable content goes in (React's `ref`, Lit's `ref()`). */
  contentRef(element?: Element | null): void;
}

/** A drawn node view's elements: its outer element, the element ProseMirror fills with the content (none for a leaf), and the props to draw it with. */
export interface NodeViewShell {
  dom: HTMLElement;
  contentDOM: HTMLElement | null;
  /** The props as they are now (a new object after each change the context tells of). */
  props(): NodeViewProps;
}

/**
 * The elements of a node view a template or component draws: `tag` (a `div`, or a `span` for an
 * inline node) and, for a node with content, its content element, made now so ProseMirror
 * fills it before anything is drawn; `contentRef` moves it where the drawing puts the ref.
 */
export function nodeViewShell(node: PMNode, view: EditorView, getPos: () => number | undefined, context: NodeViewContext, options: { tag?: string; className?: string } = {}): NodeViewShell {
  const inline = node.isInline;
  const dom = document.createElement(options.tag ?? (inline ? 'span' : 'div'));
  if (options.className) dom.className = options.className;
  dom.setAttribute('data-node-view', node.type.name);
  const contentDOM = node.isLeaf ? null : document.createElement(inline ? 'span' : 'div');
  contentDOM?.setAttribute('data-node-view-content', '');
  const contentRef = (element?: Element | null) => {
    if (contentDOM && element && contentDOM.parentNode !== element) element.append(contentDOM);
  };
  const actions = {
    updateAttributes: (attrs: Readonly<Record<string, unknown>>) => context.updateAttributes(attrs),
    deleteNode: () => context.deleteNode(),
    getPos,
    contentRef,
  };
  return { dom, contentDOM, props: () => ({ ...actions, node: context.node, selected: context.selected, editable: view.editable }) };
}