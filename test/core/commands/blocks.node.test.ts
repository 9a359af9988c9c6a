import { expect } from 'chai';
import { Schema } from 'prosemirror-model';
import { EditorState, TextSelection } from 'prosemirror-state';
import { joinBackward, joinForward } from 'prosemirror-commands';
import { joinAcrossBlocksForward, joinIntoBlocksBackward, joinKeepingText } from '../../../src/core/commands/block-joins.js';
import { insertHorizontalRule, leaveQuoteOnEmptyLine, toggleCodeBlock, toggleHeading } from '../../../src/core/commands/blocks.js';
import { parseHTML, serializeHTML } from '../../../src/core/serialize/html.js';
import { schema, setTextblockType } from '../../../src/core/index.js';
import { blockTypeCommands } from '../../../src/core/toolbar-state.js';
import { a, apply, blockquote, br, doc, h2, img, li, mention, ol, p, pre, taskItem, taskList, ul } from '../../helpers/builder.js';

function run(html: string, pos: number): EditorState {
  let state = EditorState.create({ doc: parseHTML(html) });
  state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, pos)));
  expect(insertHorizontalRule(state, (tr) => (state = state.apply(tr)))).to.equal(true);
  return state;
}

describe('insertHorizontalRule', () => {
  it('adds a paragraph after a rule inserted at the end of the document and puts the caret there', () => {
    const state = run('<p>x</p>', 2);
    expect(serializeHTML(state.doc)).to.equal('<p>x</p><hr>');
    expect(state.doc.childCount).to.equal(3);
    expect(state.selection.$from.parent.type.name).to.equal('paragraph');
    expect(state.selection.from).to.equal(5);
  });

  it('splits a paragraph and leaves the caret before the text that followed it', () => {
    const state = run('<p>ab</p>', 2);
    expect(serializeHTML(state.doc)).to.equal('<p>a</p><hr><p>b</p>');
    expect(state.selection.$from.parent.textContent).to.equal('b');
    expect(state.selection.$from.parentOffset).to.equal(0);
  });

  it('replaces an empty paragraph and moves to the next block', () => {
    const state = run('<p></p><p>next</p>', 1);
    expect(serializeHTML(state.doc)).to.equal('<hr><p>next</p>');
    expect(state.selection.$from.parent.textContent).to.equal('next');
  });

  it('is refused inside a code block', () => {
    const state = EditorState.create({ doc: parseHTML('<pre><code>x</code></pre>') });
    expect(insertHorizontalRule(state)).to.equal(false);
  });
});

describe('changing a text block\'s type', () => {
  const ann = () => mention({ id: 'u1', label: 'Ann Lee' });

  it('a mention turned into a code block stays as its text, a line break as a new line', () => {
    apply(doc(p('see <a>', a({ href: 'https://example.com' }, 'site'), ' ', ann(), ' now', br(), 'then')), toggleCodeBlock, doc(pre('see site @Ann Lee now\nthen')));
  });

  it('every block the selection touches keeps its mentions as text, through the block menu\'s and slash menu\'s commands too', () => {
    apply(doc(p('<a>one ', ann()), p(ann(), ' tw<b>o')), blockTypeCommands.code!, doc(pre('one @Ann Lee'), pre('@Ann Lee two')));
  });

  it('a block that cannot change type (a list item\'s first paragraph) keeps its mention as it is', () => {
    apply(doc(ul(li(p('<a>a ', ann()))), p('b<b>')), toggleCodeBlock, doc(ul(li(p('a ', ann()))), pre('b')));
  });

  it('setTextblockType, from the core\'s API, takes the new block\'s attributes', () => {
    apply(doc(p('<a>x ', ann())), setTextblockType(schema.nodes.code_block!, { language: 'ts' }), doc(pre({ language: 'ts' }, 'x @Ann Lee')));
    apply(doc(pre({ language: 'ts' }, '<a>x')), setTextblockType(schema.nodes.code_block!, { language: 'ts' }), null);
  });

  it('a heading keeps its mention, and a code block turned back into a paragraph has its lines as breaks', () => {
    apply(doc(p('hi <a>', ann())), toggleHeading(2), doc(h2('hi ', ann())));
    apply(doc(pre('a<a>\nb')), toggleCodeBlock, doc(p('a', br(), 'b')));
  });
});

describe('Backspace and Delete joining a paragraph to a code block', () => {
  const ann = () => mention({ id: 'u1', label: 'Ann Lee' });
  const backspace = joinKeepingText(-1, joinBackward);
  const del = joinKeepingText(1, joinForward);

  it('Backspace at the start of a paragraph after a code block takes its mentions in as their text', () => {
    apply(doc(pre('code'), p('<a>hi ', ann(), ' there')), backspace, doc(pre('code<a>hi @Ann Lee there')));
  });

  it('Delete at the end of a code block does the same with the paragraph after it', () => {
    apply(doc(pre('code<a>'), p(ann(), ' next')), del, doc(pre('code<a>@Ann Lee next')));
  });

  it('leaves every other join to the keys\' usual commands', () => {
    apply(doc(p('one'), p('<a>two ', ann())), backspace, null);
    apply(doc(h2('title'), p('<a>', ann())), backspace, null);
    apply(doc(pre('code'), p('<a>plain')), backspace, null);
    apply(doc(pre('code'), p('mid<a>dle ', ann())), backspace, null);
  });
});

describe('Delete at the end of a list item before the next one', () => {
  it('joins the next item\'s text to this one, the caret between the two', () => {
    apply(doc(ul(li(p('one<a>')), li(p('two')), li(p('three')))), joinAcrossBlocksForward, doc(ul(li(p('one<a>two')), li(p('three')))));
  });

  it('brings what else the next item held into this one', () => {
    apply(
      doc(ul(li(p('one<a>')), li(p('two'), p('more'), ul(li(p('sub')))))),
      joinAcrossBlocksForward,
      doc(ul(li(p('one<a>two'), p('more'), ul(li(p('sub')))))),
    );
  });

  it('from the last item of a nested list joins the next outer item\'s text', () => {
    apply(doc(ul(li(p('one'), ul(li(p('inner<a>')))), li(p('two')))), joinAcrossBlocksForward, doc(ul(li(p('one'), ul(li(p('inner<a>two')))))));
  });

  it('keeps this task\'s state, and joins two quotes the same way', () => {
    apply(
      doc(taskList(taskItem({ checked: false }, p('a<a>')), taskItem({ checked: true }, p('b')))),
      joinAcrossBlocksForward,
      doc(taskList(taskItem({ checked: false }, p('a<a>b')))),
    );
    apply(doc(blockquote(p('q1<a>')), blockquote(p('q2'), p('q3'))), joinAcrossBlocksForward, doc(blockquote(p('q1<a>q2'), p('q3'))));
  });

  it('before a block of another type takes only its first text, the rest keeping its type', () => {
    apply(doc(ul(li(p('a<a>'))), ol(li(p('b')), li(p('c')))), joinAcrossBlocksForward, doc(ul(li(p('a<a>b'))), ol(li(p('c')))));
    apply(doc(ul(li(p('a<a>'))), ol(li(p('b')))), joinAcrossBlocksForward, doc(ul(li(p('a<a>b')))));
    apply(doc(ul(li(p('a<a>'))), blockquote(p('b'), p('c'))), joinAcrossBlocksForward, doc(ul(li(p('a<a>b'))), blockquote(p('c'))));
    apply(doc(blockquote(p('a<a>')), ul(li(p('b')), li(p('c')))), joinAcrossBlocksForward, doc(blockquote(p('a<a>b')), ul(li(p('c')))));
    apply(doc(ul(li(p('a<a>'))), taskList(taskItem(p('b')), taskItem(p('c')))), joinAcrossBlocksForward, doc(ul(li(p('a<a>b'))), taskList(taskItem(p('c')))));
  });

  it('before a block of another type whose text this one cannot take (a host\'s plain block, no marks) leaves it to the usual keys', () => {
    const host = new Schema({
      nodes: {
        doc: { content: 'block+' },
        text: { group: 'inline' },
        paragraph: { content: 'inline*', group: 'block' },
        plain: { content: 'text*', group: 'block', marks: '' },
        blockquote: { content: 'block+', group: 'block' },
        bullet_list: { content: 'list_item+', group: 'block' },
        list_item: { content: 'paragraph block*' },
      },
      marks: { bold: {} },
    });
    const { nodes } = host;
    const input = host.node('doc', null, [
      nodes.blockquote!.create(null, nodes.plain!.create(null, host.text('a'))),
      nodes.bullet_list!.create(null, nodes.list_item!.create(null, nodes.paragraph!.create(null, host.text('b', [host.marks.bold!.create()])))),
    ]);
    const state = EditorState.create({ doc: input, selection: TextSelection.create(input, 3) });
    expect(joinAcrossBlocksForward(state)).to.equal(false);
  });

  it('leaves a next block that starts without prose, an item of another list whose text a nested list follows, and the middle of the text to the usual keys', () => {
    apply(doc(ul(li(p('a<a>'))), ol(li(p('b'), ul(li(p('sub')))), li(p('c')))), joinAcrossBlocksForward, null);
    apply(doc(blockquote(p('a<a>')), blockquote(pre('code'))), joinAcrossBlocksForward, null);
    apply(doc(blockquote(p('a<a>')), blockquote(img({ src: 'https://example.com/cat.png' }))), joinAcrossBlocksForward, null);
    apply(doc(ul(li(p('o<a>ne')), li(p('two')))), joinAcrossBlocksForward, null);
  });
});

describe('Backspace at the start of a list or a quote after one of another type', () => {
  it('takes the first text out of its list, the rest keeping its type', () => {
    apply(doc(ul(li(p('a'))), ol(li(p('<a>b')), li(p('c')))), joinIntoBlocksBackward, doc(ul(li(p('a'))), p('<a>b'), ol(li(p('c')))));
    apply(doc(blockquote(p('x')), ul(li(p('<a>a')), li(p('b')))), joinIntoBlocksBackward, doc(blockquote(p('x')), p('<a>a'), ul(li(p('b')))));
    apply(doc(ul(li(p('a'))), blockquote(p('<a>b'), p('c'))), joinIntoBlocksBackward, doc(ul(li(p('a'))), p('<a>b'), blockquote(p('c'))));
  });

  it('leaves lists of one type, a later item, and an item whose text a nested list follows to the usual keys', () => {
    apply(doc(ul(li(p('a'))), ul(li(p('<a>b')))), joinIntoBlocksBackward, null);
    apply(doc(ul(li(p('a')), li(p('<a>b')))), joinIntoBlocksBackward, null);
    apply(doc(ul(li(p('a'))), ol(li(p('<a>b'), ul(li(p('sub')))))), joinIntoBlocksBackward, null);
  });
});

describe('leaveQuoteOnEmptyLine (Enter on an empty line of a quote)', () => {
  it('takes an empty line in the middle out of the quote, splitting it in two', () => {
    apply(doc(blockquote(p('a'), p('<a>'), p('b'))), leaveQuoteOnEmptyLine, doc(blockquote(p('a')), p('<a>'), blockquote(p('b'))));
  });

  it('takes an empty last or first line out, and an only line unwraps the quote', () => {
    apply(doc(blockquote(p('a'), p('<a>'))), leaveQuoteOnEmptyLine, doc(blockquote(p('a')), p('<a>')));
    apply(doc(blockquote(p('<a>'), p('b'))), leaveQuoteOnEmptyLine, doc(p('<a>'), blockquote(p('b'))));
    apply(doc(p('x'), blockquote(p('<a>'))), leaveQuoteOnEmptyLine, doc(p('x'), p('<a>')));
  });

  it('leaves a line with text, an empty code block, and an empty item of a list in a quote to their own Enter', () => {
    apply(doc(blockquote(p('a<a>'), p('b'))), leaveQuoteOnEmptyLine, null);
    apply(doc(blockquote(p('a'), pre('<a>'), p('b'))), leaveQuoteOnEmptyLine, null);
    apply(doc(blockquote(ul(li(p('a')), li(p('<a>'))))), leaveQuoteOnEmptyLine, null);
    apply(doc(p('<a>')), leaveQuoteOnEmptyLine, null);
  });
});
