/**
 * A Lit template as an extension node's view: `nodeView: litNodeView((props) => html`…`)`.
 * The template renders into the view's element when the view is made and again whenever its
 * node or selection changes (the view's own store: nothing else re-renders it); Lit renders
 * synchronously, so the content's element is in place before the editor fills it. Put
 * `${ref(props.contentRef)}` (lit/directives/ref.js) on the element the editable content goes in.
 */
import { render, type TemplateResult } from 'lit';
import type { Node as PMNode } from 'prosemirror-model';
import { stopControlEvents, type NodeViewContext, type NodeViewFactory } from '../../core/extensions/node-view.js';

/** What the template gets. */
export interface LitNodeViewProps {
  node: PMNode;
  selected: boolean;
  editable: boolean;
  updateAttributes(attrs: Readonly<Record<string, unknown>>): void;
  deleteNode(): void;
  getPos(): number | undefined;
  /** For a node with content: give it to lit's `ref()` on the element the editable content goes in. */
  contentRef(element?: Element): void;
}

/** A node view factory rendering `template` (see the module's comment); `tag` is the view's element (`div`, or `span` inline). */
export function litNodeView(template: (props: LitNodeViewProps) => TemplateResult, options: { tag?: string; className?: string } = {}): NodeViewFactory {
  return (node, view, getPos, _decorations, context: NodeViewContext) => {
    const inline = node.isInline;
    const dom = document.createElement(options.tag ?? (inline ? 'span' : 'div'));
    if (options.className) dom.className = options.className;
    const contentDOM = node.isLeaf ? null : document.createElement(inline ? 'span' : 'div');
    contentDOM?.setAttribute('data-node-view-content', '');
    const contentRef = (element?: Element) => {
      if (contentDOM && element && contentDOM.parentNode !== element) element.append(contentDOM);
    };
    const draw = () =>
      render(
        template({
          node: context.node,
          selected: context.selected,
          editable: view.editable,
          updateAttributes: (attrs) => context.updateAttributes(attrs),
          deleteNode: () => context.deleteNode(),
          getPos,
          contentRef,
        }),
        dom,
      );
    draw();
    // Without a place in the template, the content goes at the end of the view.
    if (contentDOM && !contentDOM.parentNode) dom.append(contentDOM);
    context.subscribe(draw);
    return {
      dom,
      contentDOM,
      stopEvent: stopControlEvents(dom, contentDOM),
    };
  };
}
