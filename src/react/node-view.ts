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
import { nodeViewShell, stopControlEvents, type NodeViewContext, type NodeViewFactory, type NodeViewProps } from '../element/index.js';

/** What the component gets. */
export type ReactNodeViewProps = NodeViewProps;

/** How the view is built around the component. */
export interface ReactNodeViewOptions {
  /** The view's outer element (`div`, or `span` for an inline node). */
  tag?: string;
  /** Its class. */
  className?: string;
  /** Wraps every view's element, e.g. in the host's context providers. */
  wrap?: (children: ReactNode) => ReactNode;
}

function ViewRoot({ component, store }: { component: ComponentType<ReactNodeViewProps>; store: { subscribe: (listener: () => void) => () => void; get: () => ReactNodeViewProps } }) {
  return createElement(component, useSyncExternalStore(store.subscribe, store.get));
}

/** A node view factory rendering `component` (see the module's comment). */
export function reactNodeView(component: ComponentType<ReactNodeViewProps>, options: ReactNodeViewOptions = {}): NodeViewFactory {
  return (node, view, getPos, _decorations, context: NodeViewContext) => {
    const { dom, contentDOM, props } = nodeViewShell(node, view, getPos, context, options);
    const container = document.createElement(node.isInline ? 'span' : 'div');
    container.style.display = 'contents';
    dom.append(container);
    // The content's element is in the view before React renders: ProseMirror fills it now.
    if (contentDOM) dom.append(contentDOM);
    // One small store per view: a new snapshot only when its own node or selection changed.
    let snapshot = props();
    context.subscribe(() => {
      snapshot = props();
    });
    const store = { subscribe: (listener: () => void) => context.subscribe(listener), get: () => snapshot };
    const root = createRoot(container);
    const element = createElement(ViewRoot, { component, store });
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
