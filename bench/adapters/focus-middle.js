// Puts the caret at the end of the first paragraph from the middle of a ProseMirror
// document, scrolled into view. It uses the view's own Selection class, so it works
// even on a bundle (ours) whose ProseMirror copy is not importable.

/** Focuses `view` in the middle of its document; returns the caret position. */
export function focusMiddle(view) {
  const { doc } = view.state;
  const middle = Math.floor(doc.childCount / 2);
  let pos = null;
  doc.forEach((child, offset, index) => {
    if (pos === null && index >= middle && child.type.name === 'paragraph' && child.content.size > 0) pos = offset + child.nodeSize - 1;
  });
  pos ??= Math.floor(doc.content.size / 2);
  const SelectionClass = view.state.selection.constructor;
  const selection = SelectionClass.near(doc.resolve(pos));
  view.dispatch(view.state.tr.setSelection(selection).scrollIntoView());
  view.focus();
  return selection.head;
}

/** Top-level blocks and top-level tables in a ProseMirror document (a fidelity check). */
export function countBlocks(view) {
  let tables = 0;
  view.state.doc.forEach((child) => {
    if (child.type.name === 'table') tables++;
  });
  return { blocks: view.state.doc.childCount, tables };
}
