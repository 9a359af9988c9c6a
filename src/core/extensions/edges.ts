/**
 * Behaviour at a block's edges, declared on its definition instead of written as key
 * commands: Enter with the caret at the block's end, Backspace at its start, and Mod-A that
 * first selects the block's inside (a code-like block). The editor finds the innermost block
 * around the caret with such a hook whose edge the caret is at, and calls it.
 */
import type { Node as PMNode, NodeType, ResolvedPos } from 'prosemirror-model';
import { TextSelection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import type { EdgeHook, NodeDefinition } from './types.js';

/** Whether the caret is at the start (or end) of the node at `depth` around it: at its textblock's edge, and that textblock first (or last) all the way up. */
function atEdge($pos: ResolvedPos, depth: number, edge: 'start' | 'end'): boolean {
  if ($pos.parentOffset !== (edge === 'start' ? 0 : $pos.parent.content.size)) return false;
  for (let d = depth; d < $pos.depth; d++) {
    const index = $pos.index(d);
    if (edge === 'start' ? index !== 0 : index !== $pos.node(d).childCount - 1) return false;
  }
  return true;
}

/** The command that runs `hook` where the caret sits at that edge of a node of `type`. */
function edgeCommand(type: NodeType, edge: 'start' | 'end', hook: EdgeHook): Command {
  return (state, dispatch, view) => {
    const { $cursor } = state.selection as TextSelection;
    if (!$cursor) return false;
    for (let depth = $cursor.depth; depth > 0; depth--) {
      const node = $cursor.node(depth);
      if (node.type !== type) continue;
      if (!atEdge($cursor, depth, edge)) return false;
      return hook(state, dispatch, { node, pos: $cursor.before(depth) }, view);
    }
    return false;
  };
}

/** Mod-A inside a node of `type`: its content first (when not all of it is selected yet); the next press goes on to the document. */
function selectInside(type: NodeType): Command {
  return (state: EditorState, dispatch?: (tr: Transaction) => void) => {
    const { $from, $to } = state.selection;
    for (let depth = $from.depth; depth > 0; depth--) {
      const node: PMNode = $from.node(depth);
      if (node.type !== type) continue;
      const start = $from.start(depth);
      const end = $from.end(depth);
      if ($to.pos > end) return false;
      const inside = TextSelection.between(state.doc.resolve(start), state.doc.resolve(end));
      if (state.selection.from <= inside.from && state.selection.to >= inside.to) return false;
      if (dispatch) dispatch(state.tr.setSelection(inside));
      return true;
    }
    return false;
  };
}

/** The key bindings a definition's edge hooks make for its node type. */
export function edgeKeys(def: NodeDefinition, type: NodeType): Record<string, Command> {
  const edges = def.edges;
  if (!edges) return {};
  return {
    ...(edges.enterAtEnd ? { Enter: edgeCommand(type, 'end', edges.enterAtEnd) } : {}),
    ...(edges.backspaceAtStart ? { Backspace: edgeCommand(type, 'start', edges.backspaceAtStart) } : {}),
    ...(edges.selectAllInside ? { 'Mod-a': selectInside(type) } : {}),
  };
}
