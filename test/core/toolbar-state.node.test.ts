import { expect } from 'chai';
import { AllSelection, EditorState, NodeSelection, TextSelection, type Selection } from 'prosemirror-state';
import { CellSelection } from 'prosemirror-tables';
import type { Node as PMNode } from 'prosemirror-model';
import { parseHTML, serializeHTML } from '../../src/core/serialize/html.js';
import { blockTypeCommands, toolbarState, type BlockType } from '../../src/core/toolbar-state.js';

function stateOf(html: string, select: (doc: PMNode) => Selection): EditorState {
  const doc = parseHTML(html);
  return EditorState.create({ doc, selection: select(doc) });
}
const text = (from: number, to = from) => (doc: PMNode) => TextSelection.create(doc, from, to);
const editable = { editable: true };

describe('toolbar state', () => {
  describe('visibility', () => {
    it('shows for a text selection in an editable editor', () => {
      expect(toolbarState(stateOf('<p>hello</p>', text(1, 4)), editable).visible).to.equal(true);
    });

    it('hides for an empty selection', () => {
      expect(toolbarState(stateOf('<p>hello</p>', text(2)), editable).visible).to.equal(false);
    });

    it('hides in a read-only editor', () => {
      expect(toolbarState(stateOf('<p>hello</p>', text(1, 4)), { editable: false }).visible).to.equal(false);
    });

    it('hides when an image is selected', () => {
      const state = stateOf('<p>a</p><img src="https://example.com/a.png">', (doc) => NodeSelection.create(doc, 3));
      expect(state.selection.$from.nodeAfter!.type.name).to.equal('image');
      expect(toolbarState(state, editable).visible).to.equal(false);
    });

    it('hides for any node selection (a mention)', () => {
      const state = stateOf('<p>a <span data-type="mention" data-label="ann"></span> b</p>', (doc) => NodeSelection.create(doc, 3));
      expect(toolbarState(state, editable).visible).to.equal(false);
    });

    it('hides for a cell selection', () => {
      const state = stateOf('<table><tr><td><p>a</p></td><td><p>b</p></td></tr></table>', (doc) => CellSelection.create(doc, 2, 7));
      expect(state.selection).to.be.instanceOf(CellSelection);
      expect(toolbarState(state, editable).visible).to.equal(false);
    });

    it('shows for a text selection inside a table cell, also across its paragraphs', () => {
      expect(toolbarState(stateOf('<table><tr><td><p>abc</p></td></tr></table>', text(4, 6)), editable).visible).to.equal(true);
      expect(toolbarState(stateOf('<table><tr><th><p>ab</p><p>cd</p></th></tr></table>', text(4, 9)), editable).visible).to.equal(true);
    });

    it('hides for a text selection from one cell into another', () => {
      const state = stateOf('<table><tr><td><p>ab</p></td><td><p>cd</p></td></tr></table>', text(4, 10));
      expect(toolbarState(state, editable).visible).to.equal(false);
    });

    it('hides when a text selection reaches into a table', () => {
      const state = stateOf('<p>ab</p><table><tr><td><p>abc</p></td></tr></table>', text(2, 9));
      expect(toolbarState(state, editable).visible).to.equal(false);
    });

    it('shows for select-all', () => {
      expect(toolbarState(stateOf('<p>a</p><p>b</p>', (doc) => new AllSelection(doc)), editable).visible).to.equal(true);
    });
  });

  describe('block type', () => {
    const cases: Array<[string, BlockType]> = [
      ['<p>abc</p>', 'text'],
      ['<h1>abc</h1>', 'heading1'],
      ['<h2>abc</h2>', 'heading2'],
      ['<h3>abc</h3>', 'heading3'],
      ['<ul data-type="taskList"><li data-type="taskItem"><p>abc</p></li></ul>', 'todo'],
      ['<ul><li><p>abc</p></li></ul>', 'bullet'],
      ['<ol><li><p>abc</p></li></ol>', 'numbered'],
      ['<blockquote><p>abc</p></blockquote>', 'quote'],
      ['<pre><code>abc</code></pre>', 'code'],
    ];
    for (const [html, type] of cases) {
      it(`is "${type}" for ${html}`, () => {
        const doc = parseHTML(html);
        let inside = 0;
        doc.descendants((node, pos) => {
          if (node.isTextblock && !inside) inside = pos + 2;
        });
        const state = EditorState.create({ doc, selection: TextSelection.create(doc, inside, inside + 1) });
        expect(toolbarState(state, editable).blockType).to.equal(type);
      });
    }

    it('the nearest block decides: a list inside a quote is a list', () => {
      expect(toolbarState(stateOf('<blockquote><ul><li><p>abc</p></li></ul></blockquote>', text(5, 6)), editable).blockType).to.equal('bullet');
    });

    it('is the common type of several selected blocks of one type', () => {
      expect(toolbarState(stateOf('<h2>ab</h2><h2>cd</h2>', text(2, 6)), editable).blockType).to.equal('heading2');
    });

    it('is "multiple" when the selected blocks differ', () => {
      expect(toolbarState(stateOf('<p>ab</p><h1>cd</h1>', text(2, 6)), editable).blockType).to.equal('multiple');
      expect(toolbarState(stateOf('<h1>ab</h1><h2>cd</h2>', text(2, 6)), editable).blockType).to.equal('multiple');
    });
  });

  describe('marks and link', () => {
    const marksOf = (html: string, from: number, to: number) => toolbarState(stateOf(html, text(from, to)), editable).marks;

    it('reports the marks of the selected text', () => {
      expect(marksOf('<p><strong><em><u><s>abc</s></u></em></strong></p>', 1, 3)).to.deep.equal({ bold: true, italic: true, underline: true, strike: true, code: false });
      expect(marksOf('<p><code>abc</code></p>', 1, 3)).to.deep.equal({ bold: false, italic: false, underline: false, strike: false, code: true });
      expect(marksOf('<p>abc</p>', 1, 3)).to.deep.equal({ bold: false, italic: false, underline: false, strike: false, code: false });
    });

    it('a partly marked selection shows the mark not pressed (pressing adds it throughout), as word processors do', () => {
      expect(marksOf('<p><strong>ab</strong>cd</p>', 1, 5).bold).to.equal(false);
      expect(marksOf('<p><em>ab</em>cd</p>', 1, 5).italic).to.equal(false);
      expect(marksOf('<p><code>ab</code>cd</p>', 1, 5).code).to.equal(false);
      expect(marksOf('<p><strong>ab</strong></p><p><strong>cd</strong></p>', 1, 7).bold).to.equal(true);
    });

    it('spaces at the selection\'s edges do not make a bold selection partly bold', () => {
      expect(marksOf('<p><strong>ab</strong> cd</p>', 1, 4).bold).to.equal(true);
    });

    it('at a caret, reports stored marks', () => {
      const state = stateOf('<p>abc</p>', text(2));
      const stored = state.apply(state.tr.addStoredMark(state.schema.marks.italic.create()));
      expect(toolbarState(stored, editable).marks.italic).to.equal(true);
    });

    it('reports the current link href, or null', () => {
      const html = '<p>go <a href="https://example.com/x">here</a> now</p>';
      expect(toolbarState(stateOf(html, text(5, 7)), editable).link).to.deep.equal({ href: 'https://example.com/x' });
      expect(toolbarState(stateOf(html, text(2, 6)), editable).link).to.deep.equal({ href: 'https://example.com/x' });
      expect(toolbarState(stateOf(html, text(5)), editable).link).to.deep.equal({ href: 'https://example.com/x' });
      expect(toolbarState(stateOf(html, text(1, 3)), editable).link).to.equal(null);
    });
  });

  describe('block type commands', () => {
    function run(html: string, from: number, to: number, type: BlockType): { applied: boolean; html: string; state: EditorState } {
      let state = stateOf(html, text(from, to));
      const applied = blockTypeCommands[type](state, (tr) => (state = state.apply(tr)));
      return { applied, html: serializeHTML(state.doc), state };
    }

    it('each entry sets its type on a paragraph', () => {
      const types: BlockType[] = ['heading1', 'heading2', 'heading3', 'todo', 'bullet', 'numbered', 'quote', 'code'];
      for (const type of types) {
        const result = run('<p>abc</p>', 2, 2, type);
        expect(result.applied, type).to.equal(true);
        const after = result.state;
        const inside = TextSelection.near(after.doc.resolve(after.selection.from), 1);
        const probe = after.apply(after.tr.setSelection(inside));
        expect(toolbarState(probe, editable).blockType, type).to.equal(type);
      }
    });

    it('choosing the current type applies and leaves the document as it is', () => {
      for (const [html, type] of [['<h2>abc</h2>', 'heading2'], ['<ul><li><p>abc</p></li></ul>', 'bullet'], ['<p>abc</p>', 'text']] as const) {
        const result = run(html, 3, 3, type);
        expect(result.applied, type).to.equal(true);
        expect(result.html, type).to.equal(html);
      }
    });

    it('converts one list type into another', () => {
      expect(run('<ul><li><p>abc</p></li></ul>', 3, 3, 'numbered').html).to.equal('<ol><li><p>abc</p></li></ol>');
    });

    it('Text lifts a nested item out of every list in one transaction', () => {
      let state = stateOf('<ul><li><p>a</p><ul><li><p>b</p></li></ul></li></ul>', text(8));
      let dispatched = 0;
      blockTypeCommands.text(state, (tr) => {
        dispatched++;
        state = state.apply(tr);
      });
      expect(dispatched).to.equal(1);
      expect(serializeHTML(state.doc)).to.equal('<ul><li><p>a</p></li></ul><p>b</p>');
    });

    it('Text turns a quote, a heading and a code block back into paragraphs', () => {
      expect(run('<blockquote><p>abc</p></blockquote>', 3, 3, 'text').html).to.equal('<p>abc</p>');
      expect(run('<h1>abc</h1>', 2, 2, 'text').html).to.equal('<p>abc</p>');
      expect(run('<pre><code>abc</code></pre>', 2, 2, 'text').html).to.equal('<p>abc</p>');
    });

    it('an entry that cannot apply says so without changing anything', () => {
      const state = stateOf('<ul><li><p>abc</p></li></ul>', text(4));
      expect(blockTypeCommands.heading1(state)).to.equal(false);
    });
  });
});
