/**
 * An example extension: a callout block (a highlighted note of kind info, warning or
 * success). It is plain data, written the way a host writes one (docs/extensions.md goes
 * through it step by step), and ships apart from the editor's bundle:
 *
 * ```js
 * import { callout } from 'rich-editor/extensions/callout';
 * editor.extensions = [callout];
 * ```
 *
 * It reads and writes `<aside class="callout" data-kind="…">` in HTML and GitHub's alert
 * quotes in markdown (`> [!NOTE]`, `> [!WARNING]`, `> [!TIP]`), is offered in the slash
 * menu and the toolbar's block menu, has a command (`editor.run('callout.toggle')`), and
 * brings its own styles, built on the editor's theme properties so it follows light and dark.
 */
import type { NodeDefinition } from '../core/extensions/types.js';
import type { Command } from 'prosemirror-state';

// Its command, typed for `editor.run()` wherever this module is imported.
// The module hosts augment too: augmenting the inner module instead keeps a host's own commands
// from merging in files that import this one.
declare module 'rich-editor' {
  interface EditorCommands {
    'callout.toggle': [];
  }
}

/**
 * Lifts the selected blocks out of the callout around them, or wraps them in one. Written
 * with the state's own methods only, so the file still needs no import on a plain page.
 */
const toggleCallout: Command = (state, dispatch) => {
  const type = state.schema.nodes.callout;
  const { $from, $to } = state.selection;
  // The blocks the selection touches, among the children of the innermost callout around it.
  const inside = $from.blockRange($to, (node) => node.type === type);
  const range = inside ?? $from.blockRange($to);
  if (!range) return false;
  const base = range.$from.start(range.depth);
  const content = range.parent.content.cut(range.start - base, range.end - base);
  if (inside) {
    // Out to where the callout is: its parent must take the blocks there (the callout is split around them).
    const depth = range.depth - 1;
    if (depth < 0 || !$from.node(depth).canReplace($from.index(depth), $to.indexAfter(depth), content)) return false;
    if (dispatch) dispatch(state.tr.lift(range, depth).scrollIntoView());
    return true;
  }
  if (!range.parent.canReplaceWith(range.startIndex, range.endIndex, type) || !type.validContent(content)) return false;
  if (dispatch) dispatch(state.tr.wrap(range, [{ type }]).scrollIntoView());
  return true;
};

/** The callout block. */
export const callout: NodeDefinition = {
  name: 'callout',
  group: 'block',
  content: 'block+',
  defining: true,
  attrs: {
    kind: { type: 'enum', values: ['info', 'warning', 'success'], default: 'info' },
  },
  html: { tag: 'aside', attrs: { kind: 'data-kind' }, class: 'callout' },
  markdown: { blockquoteAlert: { info: 'NOTE', warning: 'WARNING', success: 'TIP' } },
  slash: { id: 'callout', title: 'Callout', description: 'A highlighted note.', terms: ['note', 'tip', 'warning', 'alert'], icon: 'info' },
  toolbar: { blockMenu: true },
  commands: { toggle: () => toggleCallout },
  styles: `
    .content aside.callout {
      margin: 0.5em 0;
      padding: 0.5em 0.9em;
      border-left: 4px solid var(--rich-editor-callout-info, #3f76ff);
      border-radius: var(--rich-editor-radius, 6px);
      background: color-mix(in srgb, var(--rich-editor-callout-info, #3f76ff) 10%, transparent);
    }
    .content aside.callout[data-kind='warning'] {
      border-left-color: var(--rich-editor-callout-warning, #b45309);
      background: color-mix(in srgb, var(--rich-editor-callout-warning, #b45309) 10%, transparent);
    }
    .content aside.callout[data-kind='success'] {
      border-left-color: var(--rich-editor-callout-success, #15803d);
      background: color-mix(in srgb, var(--rich-editor-callout-success, #15803d) 10%, transparent);
    }
    .content aside.callout > :first-child { margin-top: 0; }
    .content aside.callout > :last-child { margin-bottom: 0; }
  `,
};
