/**
 * A Lit template as an extension node's view: `nodeView: litNodeView((props) => html`…`)`.
 * The template renders into the view's element when the view is made and again whenever its
 * node or selection changes (the view's own store: nothing else re-renders it); Lit renders
 * synchronously, so the content's element is in place before the editor fills it. Put
 * `${ref(props.contentRef)}` (lit/directives/ref.js) on the element the editable content goes in.
 */
import { render, type TemplateResult } from 'lit';
import { nodeViewShell, stopControlEvents, type NodeViewContext, type NodeViewFactory, type NodeViewProps } from '../../core/extensions/node-view.js';

/** What the template gets. */
export type LitNodeViewProps = NodeViewProps;

/** A node view factory rendering `template` (see the module's comment); `tag` is the view's element (`div`, or `span` inline). */
export function litNodeView(template: (props: LitNodeViewProps) => TemplateResult, options: { tag?: string; className?: string } = {}): NodeViewFactory {
  return (node, view, getPos, _decorations, context: NodeViewContext) => {
    const { dom, contentDOM, props } = nodeViewShell(node, view, getPos, context, options);
    const draw = () => render(template(props()), dom);
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
