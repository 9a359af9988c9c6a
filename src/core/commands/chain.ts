import { EditorState, type Command, type Transaction } from 'prosemirror-state';
import { StepMap } from 'prosemirror-transform';
import type { EditorView } from 'prosemirror-view';

/** A command over a throw-away state (no plugins), so several commands can be chained into one transaction. */
export function scratch(tr: Transaction): EditorState {
  return EditorState.create({ schema: tr.doc.type.schema, doc: tr.doc, selection: tr.selection, storedMarks: tr.storedMarks });
}

/**
 * Runs `command` on the document and selection `tr` leads to and appends what it does to
 * `tr`, so a menu entry or a chain of commands lands as one transaction (one undo step).
 * False, with `tr` unchanged, when the command does not apply.
 */
export function appendCommand(tr: Transaction, command: Command, view?: EditorView): boolean {
  let produced: Transaction | null = null;
  if (!command(scratch(tr), (t) => (produced = t), view)) return false;
  const result = produced as Transaction | null;
  if (!result) return true;
  for (const step of result.steps) tr.step(step);
  if (result.selectionSet || result.docChanged) tr.setSelection(result.selection.map(tr.doc, StepMap.empty));
  if (result.storedMarksSet) tr.setStoredMarks(result.storedMarks);
  if (result.scrolledIntoView) tr.scrollIntoView();
  return true;
}
