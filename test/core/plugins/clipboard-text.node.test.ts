/**
 * The plain text a copy puts on the clipboard (plugins/clipboard-text.ts), from the slice a
 * selection copies: list markers as Google Docs and Notion write them, headings as their text,
 * table cells as tab-separated rows.
 */
import { expect } from 'chai';
import { Slice } from 'prosemirror-model';
import { AllSelection } from 'prosemirror-state';
import { cellsToText, clipboardText } from '../../../src/core/plugins/clipboard-text.js';
import { blockquote, br, doc, h1, h2, hr, img, li, mention, ol, p, selectionFor, strong, table, taskItem, taskList, td, tr, ul, type TaggedNode } from '../../helpers/builder.js';

/** The text a copy of the whole document gives. */
const all = (node: TaggedNode) => clipboardText(new AllSelection(node).content());
/** The text a copy of the selection between the `<a>` and `<b>` markers gives. */
const between = (node: TaggedNode) => clipboardText(selectionFor(node).content());

describe('plain text of a copy', () => {
  it('puts "- " before each item of a bulleted list', () => {
    expect(all(doc(ul(li(p('one')), li(p('two', strong(' bold'))))))).to.equal('- one\n- two bold');
  });

  it('numbers the items of a numbered list from its start', () => {
    expect(all(doc(ol(li(p('one')), li(p('two'))), p('then'), ol({ start: 7 }, li(p('seven')), li(p('eight')))))).to.equal(
      '1. one\n2. two\n\nthen\n\n7. seven\n8. eight',
    );
  });

  it('puts "- [ ] " or "- [x] " before each to-do', () => {
    expect(all(doc(taskList(taskItem({ checked: false }, p('buy milk')), taskItem({ checked: true }, p('call home')))))).to.equal('- [ ] buy milk\n- [x] call home');
  });

  it('indents nested items, further paragraphs and line breaks under their item’s text', () => {
    const nested = doc(
      ol(
        li(p('first'), ul(li(p('a'), taskList(taskItem({ checked: true }, p('done')))), li(p('b', br(), 'more')))),
        li(p('second'), p('said twice')),
      ),
    );
    expect(all(nested)).to.equal('1. first\n   - a\n     - [x] done\n   - b\n     more\n2. second\n   said twice');
    const wide = doc(ol({ start: 9 }, li(p('nine'), ul(li(p('under nine')))), li(p('ten'), ul(li(p('under ten'))))));
    expect(all(wide), 'under "10. " the text starts a column further').to.equal('9. nine\n   - under nine\n10. ten\n    - under ten');
  });

  it('writes an empty item as its marker alone', () => {
    expect(all(doc(ul(li(p('a')), li(p()), li(p('c')))))).to.equal('- a\n-\n- c');
  });

  it('writes headings, quotes and paragraphs as their text, a blank line apart, without images or rules', () => {
    const page = doc(h1('Title'), p('Hi ', mention({ label: 'Ann', id: '1' }), '!'), hr(), blockquote(p('quoted'), p('twice')), img({ src: 'https://example.com/a.png' }), h2('Next'));
    expect(all(page)).to.equal('Title\n\nHi @Ann!\n\nquoted\n\ntwice\n\nNext');
  });

  it('keeps the markers of every item a selection reaches into, the first one cut included', () => {
    expect(between(doc(p('in<a>tro'), ul(li(p('one')), li(p('tw<b>o')))))).to.equal('tro\n\n- one\n- tw');
    expect(between(doc(ul(li(p('o<a>ne')), li(p('two')), li(p('th<b>ree')))))).to.equal('- ne\n- two\n- th');
  });

  it('gives words copied from inside one item, quote or heading as they are', () => {
    expect(between(doc(ol(li(p('first')), li(p('se<a>con<b>d')))))).to.equal('con');
    expect(between(doc(taskList(taskItem(p('buy <a>milk<b>')))))).to.equal('milk');
    expect(between(doc(blockquote(ul(li(p('a <a>b<b>'))))))).to.equal('b');
    expect(between(doc(h1('Ti<a>tl<b>e')))).to.equal('tl');
  });

  it('writes a table among other blocks as tab-separated rows', () => {
    expect(all(doc(p('before'), table(tr(td(p('a')), td(p('b'), p('b2'))), tr(td(p('c')), td(p('d')))), p('after')))).to.equal('before\n\na\tb b2\nc\td\n\nafter');
  });

  it('writes copied cells as tab-separated rows, a spanning cell keeping its columns', () => {
    const grid = table(tr(td({ rowspan: 2 }, p('tall')), td({ colspan: 2 }, p('wide'))), tr(td(p('x')), td(p('y'))), tr(td(p('1')), td(p('2')), td(p('3'))));
    const rows = new Slice(grid.content, 1, 1);
    expect(cellsToText(rows)).to.equal('tall\twide\t\n\tx\ty\n1\t2\t3');
    expect(clipboardText(rows)).to.equal(cellsToText(rows));
    expect(cellsToText(new Slice(doc(p('no table')).content, 0, 0))).to.equal(null);
    expect(cellsToText(Slice.empty)).to.equal(null);
  });
});
