/**
 * A React component as an extension node's view: `nodeView: reactNodeView(MyBlock)`.
 *
 * Each view is its own small React root fed by its own store (the node view's context), so a
 * change re-renders only the views it touched: typing elsewhere renders none of them, and a
 * view whose node changed renders once. The editable content's element is made and placed
 * synchronously, before React renders, so the caret never waits for React; the component
 * marks where it goes with `contentRef`. Mounting is React's own scheduling (no `flushSync`),
 * so thousands of views made by one transaction (a paste, a load) mount together without
 * warnings. The roots are separate trees: a component that needs the host's React context
 * gets it through `options.wrap` (a provider around every view).
 */
import { createElement, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Node as PMNode } from 'prosemirror-model';
import { stopControlEvents, type NodeViewContext, type NodeViewFactory } from '../element/index.js';

/** What the component gets. */
export interface ReactNodeViewProps {
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
  /** For a node with content: the ref of the element its editable content goes in. */
  contentRef(element: HTMLElement | null): void;
}

/** How the view is built around the component. */
export interface ReactNodeViewOptions {
  /** The view's outer element (`div`, or `span` for an inline node). */
  tag?: string;
  /** Its class. */
  className?: string;
  /** The element that holds the editable content (`div`, or `span` inline). */
  contentTag?: string;
  /** Wraps every view's element, e.g. in the host's context providers. */
  wrap?: (children: ReactNode) => ReactNode;
}

interface Snapshot {
  readonly node: PMNode;
  readonly selected: boolean;
}

function ViewRoot({ component, store, props }: { component: ComponentType<ReactNodeViewProps>; store: { subscribe: (listener: () => void) => () => void; get: () => Snapshot }; props: Omit<ReactNodeViewProps, 'node' | 'selected' | 'editable'> & { editable: () => boolean } }) {
  const { node, selected } = useSyncExternalStore(store.subscribe, store.get);
  return createElement(component, { ...props, node, selected, editable: props.editable() });
}

/** A node view factory rendering `component` (see the module's comment). */
export function reactNodeView(component: ComponentType<ReactNodeViewProps>, options: ReactNodeViewOptions = {}): NodeViewFactory {
  return (node, view, getPos, _decorations, context: NodeViewContext) => {
    const inline = node.isInline;
    const dom = document.createElement(options.tag ?? (inline ? 'span' : 'div'));
    if (options.className) dom.className = options.className;
    dom.setAttribute('data-node-view', node.type.name);
    const container = document.createElement(inline ? 'span' : 'div');
    container.style.display = 'contents';
    dom.append(container);
    // The content's element exists, in the view, before React renders: ProseMirror fills it now.
    const contentDOM = node.isLeaf ? null : document.createElement(options.contentTag ?? (inline ? 'span' : 'div'));
    if (contentDOM) {
      contentDOM.setAttribute('data-node-view-content', '');
      dom.append(contentDOM);
    }
    const contentRef = (element: HTMLElement | null) => {
      if (contentDOM && element && contentDOM.parentNode !== element) element.append(contentDOM);
    };

    let snapshot: Snapshot = { node: context.node, selected: context.selected };
    context.subscribe(() => {
      snapshot = { node: context.node, selected: context.selected };
    });
    const store = { subscribe: (listener: () => void) => context.subscribe(listener), get: () => snapshot };
    const props = {
      editable: () => view.editable,
      updateAttributes: (attrs: Readonly<Record<string, unknown>>) => context.updateAttributes(attrs),
      deleteNode: () => context.deleteNode(),
      getPos,
      contentRef,
    };
    const root = createRoot(container);
    const element = createElement(ViewRoot, { component, store, props });
    root.render(options.wrap ? options.wrap(element) : element);

    return {
      dom,
      contentDOM,
      stopEvent: stopControlEvents(dom, contentDOM),
      // Unmounted after the transaction that removed the node, never inside a React render.
      destroy: () => queueMicrotask(() => root.unmount()),
    };
  };
}
