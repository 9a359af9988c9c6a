/**
 * An example extension with an interactive block: a collapsible section (HTML's
 * `<details>`), a summary line and the blocks it hides. It shows the pieces a block with
 * its own controls needs (docs/extensions.md goes through it), and ships apart from the
 * editor's bundle, written without imports: the editor calls it with ProseMirror's modules.
 *
 * ```js
 * import { details } from 'rich-editor/extensions/details';
 * editor.extensions = [details];
 * ```
 *
 * - a node view: a toggle button beside the section (a click opens or closes it, as one
 *   undo step; the section is kept, not rebuilt, when it opens or closes);
 * - commands: `editor.run('details.insert')` and `editor.run('details.toggle')`;
 * - keys: Mod-Enter inside the section opens or closes it (before the built-in Mod-Enter,
 *   which breaks a line);
 * - edge hooks: Enter at the end of the summary goes into the section (or past it when it
 *   is closed; into an empty first paragraph rather than a new one), Backspace at the summary's start turns the section back into plain blocks;
 * - markdown: a `:::details{open} Summary` … `:::` container of its own (a markdown-it rule);
 * - HTML: `<details open><summary>…</summary>…</details>` (`open` is an HTML boolean attribute);
 *   in the editor both are plain blocks drawn by node views.
 */
import type { EditorExtension, EdgeHook } from '../core/extensions/types.js';
import type { ProseMirror } from '../core/pm.js';
import type { Node as PMNode } from 'prosemirror-model';
import type { Command, EditorState, Transaction } from 'prosemirror-state';

// Its commands, typed for `editor.run()` wherever this module is imported.
// The module hosts augment too: augmenting the inner module instead keeps a host's own commands
// from merging in files that import this one.
declare module 'rich-editor' {
  interface EditorCommands {
    'details.toggle': [];
    'details.insert': [];
  }
}

/** The collapsible section, given the editor's ProseMirror modules. */
export function details(pm: ProseMirror): EditorExtension {
  const { TextSelection } = pm.state;
  const { Fragment } = pm.model;

  /** The section around the caret: its node and position, or null. */
  function sectionAt(state: EditorState): { node: PMNode; pos: number } | null {
    const { $from } = state.selection;
    for (let depth = $from.depth; depth > 0; depth--) {
      if ($from.node(depth).type.name === 'details') return { node: $from.node(depth), pos: $from.before(depth) };
    }
    return null;
  }

  /** Opens or closes the section at `pos`; closing it moves a caret that was inside its hidden part to the end of the summary. */
  function toggle(state: EditorState, pos: number, dispatch?: (tr: Transaction) => void): boolean {
    const node = state.doc.nodeAt(pos);
    if (!node || node.type.name !== 'details') return false;
    if (dispatch) {
      const open = !node.attrs.open;
      const tr = state.tr.setNodeMarkup(pos, undefined, { ...node.attrs, open });
      const summaryEnd = pos + 1 + node.firstChild!.nodeSize - 1;
      if (!open && state.selection.from > summaryEnd && state.selection.from < pos + node.nodeSize) tr.setSelection(TextSelection.create(tr.doc, summaryEnd));
      dispatch(tr);
    }
    return true;
  }

  /** Mod-Enter inside a section: open or close it. */
  const toggleHere: Command = (state, dispatch) => {
    const section = sectionAt(state);
    return section ? toggle(state, section.pos, dispatch) : false;
  };

  /** The slash entry: the current block's text becomes the summary of an open section, with an empty paragraph inside. */
  const insertSection: Command = (state, dispatch) => {
    const { $from } = state.selection;
    const block = $from.parent;
    if (!block.isTextblock || $from.depth < 1) return false;
    const { schema } = state;
    const summary = schema.nodes.details_summary.create(null, block.content);
    const section = schema.nodes.details.create({ open: true }, [summary, schema.nodes.paragraph.create()]);
    const before = $from.before();
    if (!$from.node($from.depth - 1).canReplaceWith($from.index($from.depth - 1), $from.index($from.depth - 1) + 1, section.type)) return false;
    if (dispatch) {
      const tr = state.tr.replaceWith(before, $from.after(), section);
      dispatch(tr.setSelection(TextSelection.create(tr.doc, before + 1 + summary.nodeSize - 1)).scrollIntoView());
    }
    return true;
  };

  /** Enter at the end of the summary: into the section when it is open (a new first paragraph), past it when closed. */
  const enterAtSummaryEnd: EdgeHook = (state, dispatch, { pos }) => {
    const sectionPos = pos - 1;
    const section = state.doc.nodeAt(sectionPos);
    if (!section || section.type.name !== 'details') return false;
    if (dispatch) {
      const at = section.attrs.open ? pos + section.firstChild!.nodeSize : sectionPos + section.nodeSize;
      const first = section.attrs.open ? section.child(1) : null;
      // An empty first paragraph inside is where the caret goes; otherwise a new one is made.
      const tr = first?.isTextblock && !first.content.size ? state.tr : state.tr.insert(at, state.schema.nodes.paragraph.create());
      dispatch(tr.setSelection(TextSelection.create(tr.doc, at + 1)).scrollIntoView());
    }
    return true;
  };

  /** Backspace at the start of the summary: the section becomes its summary as a paragraph, then its blocks. */
  const unwrapAtSummaryStart: EdgeHook = (state, dispatch, { node, pos }) => {
    const sectionPos = pos - 1;
    const section = state.doc.nodeAt(sectionPos);
    if (!section || section.type.name !== 'details') return false;
    const blocks: PMNode[] = [state.schema.nodes.paragraph.create(null, node.content)];
    section.forEach((child, _offset, index) => {
      if (index > 0) blocks.push(child);
    });
    const $section = state.doc.resolve(sectionPos);
    if (!$section.parent.canReplace($section.index(), $section.index() + 1, Fragment.from(blocks))) return false;
    if (dispatch) {
      const tr = state.tr.replaceWith(sectionPos, sectionPos + section.nodeSize, blocks);
      dispatch(tr.setSelection(TextSelection.create(tr.doc, sectionPos + 1)).scrollIntoView());
    }
    return true;
  };

  /**
   * The markdown-it block rule for `:::details` … `:::` (sections may nest: an inner
   * `:::details` needs its own `:::`). The summary is the rest of the opening line.
   */
  function detailsContainer(state: BlockState, startLine: number, endLine: number, silent: boolean): boolean {
    if (state.sCount[startLine] - state.blkIndent >= 4) return false;
    const opening = OPENING.exec(lineAt(state, startLine));
    if (!opening) return false;
    if (silent) return true;
    let closing = startLine;
    for (let depth = 1; depth > 0; ) {
      closing++;
      if (closing >= endLine) break;
      if (state.sCount[closing] < state.blkIndent) break;
      const text = lineAt(state, closing);
      if (OPENING.test(text)) depth++;
      else if (text === ':::') depth--;
    }
    const [parentType, lineMax] = [state.parentType, state.lineMax];
    state.parentType = 'details';
    state.lineMax = closing;
    const open = state.push('details_open', 'details', 1);
    open.info = opening[1] ? 'open' : '';
    open.map = [startLine, closing];
    state.push('details_summary_open', 'summary', 1);
    const inline = state.push('inline', '', 0);
    inline.content = (opening[2] ?? '').trim();
    inline.map = [startLine, startLine + 1];
    inline.children = [];
    state.push('details_summary_close', 'summary', -1);
    state.md.block.tokenize(state, startLine + 1, closing);
    state.push('details_close', 'details', -1);
    state.parentType = parentType;
    state.lineMax = lineMax;
    state.line = Math.min(closing + 1, endLine);
    return true;
  }

  return {
    name: 'details',
    nodes: [
      {
        name: 'details',
        group: 'block',
        content: 'details_summary block+',
        defining: true,
        attrs: { open: { type: 'boolean', default: false } },
        html: { tag: 'details', attrs: { open: 'open' } },
        slash: { id: 'details', title: 'Toggle section', description: 'A summary that shows or hides what is inside.', terms: ['details', 'collapse', 'toggle', 'accordion'], icon: 'list', command: insertSection },
        keys: () => ({ 'Mod-Enter': toggleHere }),
        // editor.run('details.toggle') and editor.run('details.insert').
        commands: { toggle: () => toggleHere, insert: () => insertSection },
        markdown: {
          // :::details{open} Summary text
          // the blocks inside
          // :::
          serialize: (node, helpers) => {
            const summary = helpers.inline(node.firstChild!).join(' ');
            return [`:::details${node.attrs.open ? '{open}' : ''}${summary ? ` ${summary}` : ''}`, ...helpers.join(helpers.children(node, 1)), ':::'];
          },
          syntax: (md) => md.block.ruler.before('fence', 'details', detailsContainer, { alt: ['paragraph', 'reference', 'blockquote', 'list'] }),
          parse: {
            details: { block: 'details', getAttrs: (token) => ({ open: token.info === 'open' }) },
            details_summary: { block: 'details_summary' },
          },
        },
        nodeView(_node, view, getPos, _decorations, context) {
          const dom = document.createElement('div');
          dom.className = 'details';
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'details-toggle';
          button.contentEditable = 'false';
          button.setAttribute('aria-label', 'Show or hide the section');
          const content = document.createElement('div');
          content.className = 'details-content';
          dom.append(button, content);
          const show = () => {
            dom.toggleAttribute('data-open', context.node.attrs.open === true);
            button.setAttribute('aria-expanded', String(context.node.attrs.open === true));
          };
          show();
          context.subscribe(show);
          // The caret stays where it was: the button takes no focus from the text on a click.
          button.addEventListener('mousedown', (event) => event.preventDefault(), { signal: context.signal });
          button.addEventListener(
            'click',
            () => {
              const pos = getPos();
              if (pos !== undefined && view.editable) toggle(view.state, pos, view.dispatch);
            },
            { signal: context.signal },
          );
          return { dom, contentDOM: content, stopEvent: (event) => button.contains(event.target as Node) };
        },
        styles: `
          .content .details { display: flex; gap: 0.25em; margin: 0.5em 0; }
          .content .details-toggle {
            flex: none; width: 1.5em; height: 1.5em; margin-top: 0.1em; padding: 0;
            border: 0; border-radius: var(--rich-editor-radius, 6px); background: none; color: inherit; cursor: pointer;
          }
          .content .details-toggle::before {
            content: ''; display: inline-block; width: 0; height: 0;
            border-block: 0.3em solid transparent; border-inline-start: 0.45em solid currentColor;
            transition: transform 0.15s;
          }
          .content .details[data-open] > .details-toggle::before { transform: rotate(90deg); }
          .content .details-toggle:hover { background: color-mix(in srgb, currentColor 8%, transparent); }
          .content .details-toggle:focus-visible { outline: 2px solid var(--rich-editor-accent, #3f76ff); }
          .content .details-content { flex: 1; min-width: 0; }
          .content .details:not([data-open]) > .details-content > :not(.details-summary) { display: none; }
          .content .details-summary { font-weight: 600; }
        `,
      },
      {
        name: 'details_summary',
        content: 'inline*',
        defining: true,
        html: { tag: 'summary' },
        // In the editor a plain block: browsers give <summary> behaviour of its own (a click toggles, Home misbehaves) that editing must not meet.
        nodeView: () => {
          const dom = document.createElement('div');
          dom.className = 'details-summary';
          return { dom, contentDOM: dom };
        },
        edges: { enterAtEnd: enterAtSummaryEnd, backspaceAtStart: unwrapAtSummaryStart },
      },
    ],
  };
}

/** An opening line: `:::details`, `{open}` when it shows open, then the summary. */
const OPENING = /^:::details(\{open\})?(?:[ \t]+(.*))?$/;

/** The part of markdown-it's block state the container rule uses. */
interface BlockState {
  src: string;
  bMarks: number[];
  eMarks: number[];
  tShift: number[];
  sCount: number[];
  blkIndent: number;
  line: number;
  lineMax: number;
  parentType: string;
  md: { block: { tokenize(state: BlockState, startLine: number, endLine: number): void } };
  push(type: string, tag: string, nesting: -1 | 0 | 1): { info: string; map: [number, number] | null; content: string; children: unknown[] | null };
}

/** Line `line` of the source, without its indentation and trailing spaces. */
function lineAt(state: BlockState, line: number): string {
  return state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]).trimEnd();
}
