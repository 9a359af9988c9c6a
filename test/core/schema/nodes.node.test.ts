import { expect } from 'chai';
import type { Node as PMNode } from 'prosemirror-model';
import { parseHTML, schema, serializeHTML } from '../../../src/core/index.js';
import {
  blockquote, br, doc, expectDoc, h1, h2, h3, hr, img, li, mention, ol, p, pre, strong, table, taskItem, taskList, td, th, tr, ul,
} from '../../helpers/builder.js';

/**
 * Parses `html`, expects `expected`, serialises to `markup`, and parses that back to
 * the same document: HTML → doc → HTML → doc.
 */
function roundTrip(html: string, expected: PMNode, markup: string): void {
  const parsed = parseHTML(html);
  expectDoc(parsed, expected);
  expect(serializeHTML(parsed)).to.equal(markup);
  expectDoc(parseHTML(markup), expected);
}

/** The one node of a one-block document. */
function only(html: string): PMNode {
  return parseHTML(html).firstChild!;
}

describe('schema nodes', () => {
  describe('paragraph and heading', () => {
    it('a paragraph round trips', () => {
      roundTrip('<p>hello</p>', doc(p('hello')), '<p>hello</p>');
    });

    it('headings of levels 1 to 3 round trip', () => {
      roundTrip('<h1>a</h1><h2>b</h2><h3>c</h3>', doc(h1('a'), h2('b'), h3('c')), '<h1>a</h1><h2>b</h2><h3>c</h3>');
    });

    it('h4, h5 and h6 become level-3 headings', () => {
      roundTrip('<h4>a</h4><h5>b</h5><h6>c</h6>', doc(h3('a'), h3('b'), h3('c')), '<h3>a</h3><h3>b</h3><h3>c</h3>');
    });

    it('a heading level outside 1 to 3 is refused by the schema', () => {
      expect(() => schema.nodes.heading.create({ level: 4 })).to.throw(RangeError);
      expect(() => schema.nodes.heading.create({ level: 0 })).to.throw(RangeError);
    });
  });

  describe('blockquote and horizontal rule', () => {
    it('a blockquote round trips', () => {
      roundTrip('<blockquote><p>q</p><p>r</p></blockquote>', doc(blockquote(p('q'), p('r'))), '<blockquote><p>q</p><p>r</p></blockquote>');
    });

    it('a horizontal rule round trips', () => {
      roundTrip('<p>a</p><hr><p>b</p>', doc(p('a'), hr(), p('b')), '<p>a</p><hr><p>b</p>');
    });
  });

  describe('code block', () => {
    it('a code block round trips with its language', () => {
      roundTrip(
        '<pre><code class="language-ts">let x = 1;</code></pre>',
        doc(pre({ language: 'ts' }, 'let x = 1;')),
        '<pre data-language="ts"><code class="language-ts">let x = 1;</code></pre>',
      );
    });

    it('the language defaults to plaintext', () => {
      expect(only('<pre>x</pre>').attrs.language).to.equal('plaintext');
      expect(schema.nodes.code_block.create().attrs.language).to.equal('plaintext');
    });

    it('data-language wins over the code element class', () => {
      expect(only('<pre data-language="rust"><code class="language-go">x</code></pre>').attrs.language).to.equal('rust');
    });

    it('an unsafe language becomes plaintext', () => {
      expect(only('<pre data-language="&quot;><script>">x</pre>').attrs.language).to.equal('plaintext');
    });

    it('keeps tabs, runs of spaces and newlines', () => {
      const text = '\tif (x) {\n    y();  \n\n  }\n';
      roundTrip(`<pre><code>${text}</code></pre>`, doc(pre(text)), `<pre data-language="plaintext"><code class="language-plaintext">${text}</code></pre>`);
    });

    it('holds text only: marks inside are dropped', () => {
      const block = only('<pre><code>a <strong>b</strong> <em>c</em></code></pre>');
      expect(block.textContent).to.equal('a b c');
      block.descendants((child) => {
        expect(child.marks).to.have.length(0);
      });
    });

    it('the schema refuses marks and hard breaks in a code block', () => {
      expect(() => schema.nodes.code_block.createChecked(null, schema.text('x', [schema.marks.bold.create()]))).to.throw(RangeError);
      expect(() => schema.nodes.code_block.createChecked(null, schema.nodes.hard_break.create())).to.throw(RangeError);
    });
  });

  describe('lists', () => {
    it('a bullet list round trips', () => {
      roundTrip('<ul><li><p>a</p></li><li><p>b</p></li></ul>', doc(ul(li(p('a')), li(p('b')))), '<ul><li><p>a</p></li><li><p>b</p></li></ul>');
    });

    it('text directly in a list item is wrapped in a paragraph', () => {
      expectDoc(parseHTML('<ul><li>a</li></ul>'), doc(ul(li(p('a')))));
    });

    it('an ordered list starts at 1 by default and omits the attribute', () => {
      roundTrip('<ol><li><p>a</p></li></ol>', doc(ol({ start: 1 }, li(p('a')))), '<ol><li><p>a</p></li></ol>');
      expect(schema.nodes.ordered_list.create(null, schema.nodes.list_item.createAndFill()!).attrs.start).to.equal(1);
    });

    it('an ordered list keeps its start, including 0', () => {
      roundTrip('<ol start="3"><li><p>a</p></li></ol>', doc(ol({ start: 3 }, li(p('a')))), '<ol start="3"><li><p>a</p></li></ol>');
      roundTrip('<ol start="0"><li><p>a</p></li></ol>', doc(ol({ start: 0 }, li(p('a')))), '<ol start="0"><li><p>a</p></li></ol>');
    });

    it('a malformed start falls back to 1', () => {
      expect(only('<ol start="-4"><li>a</li></ol>').attrs.start).to.equal(1);
      expect(only('<ol start="x"><li>a</li></ol>').attrs.start).to.equal(1);
    });

    it('lists nest', () => {
      const nested = doc(ul(li(p('a'), ol(li(p('b'), ul(li(p('c'))))))));
      roundTrip(serializeHTML(nested), nested, '<ul><li><p>a</p><ol><li><p>b</p><ul><li><p>c</p></li></ul></li></ol></li></ul>');
    });
  });

  describe('task list', () => {
    const markup =
      '<ul data-type="taskList">' +
      '<li data-type="taskItem" data-checked="true"><label contenteditable="false"><input type="checkbox" checked="checked"></label><div><p>done</p></div></li>' +
      '<li data-type="taskItem" data-checked="false"><label contenteditable="false"><input type="checkbox"></label><div><p>todo</p></div></li>' +
      '</ul>';

    it('a task list round trips with checked states', () => {
      roundTrip(markup, doc(taskList(taskItem({ checked: true }, p('done')), taskItem({ checked: false }, p('todo')))), markup);
    });

    it('a task item is unchecked by default', () => {
      expect(only('<ul data-type="taskList"><li data-type="taskItem"><p>a</p></li></ul>').firstChild!.attrs.checked).to.equal(false);
      expect(schema.nodes.task_item.createAndFill()!.attrs.checked).to.equal(false);
    });

    it('a checked checkbox marks the item checked when data-checked is absent', () => {
      const list = only('<ul data-type="taskList"><li data-type="taskItem"><label><input type="checkbox" checked></label><div><p>a</p></div></li></ul>');
      expect(list.firstChild!.attrs.checked).to.equal(true);
    });

    it('task lists nest, also inside bullet lists', () => {
      const nested = doc(taskList(taskItem(p('a'), taskList(taskItem({ checked: true }, p('b'))))), ul(li(p('c'), taskList(taskItem(p('d'))))));
      expectDoc(parseHTML(serializeHTML(nested)), nested);
    });
  });

  describe('table', () => {
    // ProseMirror writes `style` through `style.cssText`, so the browser reports colours as rgb().
    it('a table round trips with default cell attributes omitted', () => {
      roundTrip(
        '<table><tr><th><p>h</p></th></tr><tr><td><p>c</p></td></tr></table>',
        doc(table(tr(th(p('h'))), tr(td(p('c'))))),
        '<table><tbody><tr><th><p>h</p></th></tr><tr><td><p>c</p></td></tr></tbody></table>',
      );
    });

    it('cells default to colspan and rowspan 1, no width and no colours', () => {
      const attrs = { colspan: 1, rowspan: 1, colwidth: null, background: null, textColor: null };
      expect(schema.nodes.table_cell.createAndFill()!.attrs).to.deep.equal(attrs);
      expect(schema.nodes.table_header.createAndFill()!.attrs).to.deep.equal(attrs);
      expect(schema.nodes.table_row.create().attrs).to.deep.equal({ background: null, textColor: null });
    });

    it('cell spans, widths and colours round trip', () => {
      const cell = { colspan: 2, rowspan: 3, colwidth: [100, 150], background: '#d6e4fc', textColor: '#1f4fb4' };
      roundTrip(
        '<table><tr><td colspan="2" rowspan="3" data-colwidth="100,150" data-background="#d6e4fc" data-text-color="#1f4fb4"><p>x</p></td></tr></table>',
        doc(table(tr(td(cell, p('x'))))),
        '<table><tbody><tr><td colspan="2" rowspan="3" data-colwidth="100,150" data-background="#d6e4fc" data-text-color="#1f4fb4" style="background-color: rgb(214, 228, 252); color: rgb(31, 79, 180);"><p>x</p></td></tr></tbody></table>',
      );
    });

    it('row colours round trip', () => {
      roundTrip(
        '<table><tr data-background="#abc"><td><p>x</p></td></tr></table>',
        doc(table(tr({ background: '#abc' }, td(p('x'))))),
        '<table><tbody><tr data-background="#abc" style="background-color: rgb(170, 187, 204);"><td><p>x</p></td></tr></tbody></table>',
      );
    });

    it('a palette name or an inline rgb() style becomes a hex colour', () => {
      const cell = only('<table><tr><td data-background="Orange" style="color: rgb(255, 0, 16)"><p>x</p></td></tr></table>').firstChild!.firstChild!;
      expect(cell.attrs.background).to.equal('#fde3cf');
      expect(cell.attrs.textColor).to.equal('#ff0010');
    });

    it('a header cell keeps its colours and spans', () => {
      const header = only('<table><tr><th colspan="2" data-background="#123456"><p>h</p></th></tr></table>').firstChild!.firstChild!;
      expect(header.type.name).to.equal('table_header');
      expect(header.attrs).to.include({ colspan: 2, background: '#123456' });
    });

    it('a list inside a header cell is flattened to paragraphs in that cell', () => {
      expectDoc(parseHTML('<table><tr><th><ul><li>a</li><li>b</li></ul></th></tr></table>'), doc(table(tr(th(p('a'), p('b'))))));
    });

    it('the schema refuses anything but paragraphs in a header cell', () => {
      expect(() => th(ul(li(p('a'))))).to.throw(RangeError);
      expect(() => th(h1('a'))).to.throw(RangeError);
    });
  });

  describe('image', () => {
    it('an image round trips with the default width and no height', () => {
      roundTrip('<img src="https://example.com/a.png">', doc(img({ src: 'https://example.com/a.png' })), '<img width="35%" src="https://example.com/a.png" style="width: 35%; height: auto;">');
    });

    it('width defaults to 35%, height to null and the text alternative to none', () => {
      expect(schema.nodes.image.create({ src: '/a.png' }).attrs).to.deep.equal({ src: '/a.png', width: '35%', height: null, alt: null });
    });

    it('keeps the text alternative, trimmed, and none for an empty one', () => {
      expect(only('<img src="/a.png" alt=" A chart of sales ">').attrs.alt).to.equal('A chart of sales');
      expect(only('<img src="/a.png" alt="">').attrs.alt).to.equal(null);
      expect(serializeHTML(parseHTML('<img src="/a.png" alt="Q3 &quot;sales&quot; &amp; costs <2024>">'))).to.equal('<img width="35%" src="/a.png" alt="Q3 &quot;sales&quot; &amp; costs &lt;2024&gt;" style="width: 35%; height: auto;">');
    });

    it('width and height come from attributes or inline style', () => {
      expect(only('<img src="/a.png" width="320" height="200">').attrs).to.include({ width: '320px', height: '200px' });
      expect(only('<img src="/a.png" style="width: 50%; height: 80px">').attrs).to.include({ width: '50%', height: '80px' });
    });

    it('a sized image round trips', () => {
      roundTrip('<img src="/a.png" width="120px" height="80px">', doc(img({ src: '/a.png', width: '120px', height: '80px' })), '<img width="120px" src="/a.png" height="80px" style="width: 120px; height: 80px;">');
    });

    it('an image without a safe src is dropped', () => {
      expectDoc(parseHTML('<img src="javascript:alert(1)"><img src="data:image/png;base64,AAAA"><img><p>kept</p>'), doc(p('kept')));
    });

    it('a bad width falls back to 35%', () => {
      expect(only('<img src="/a.png" width="200%">').attrs.width).to.equal('35%');
      expect(only('<img src="/a.png" width="calc(1px)">').attrs.width).to.equal('35%');
    });
  });

  describe('hard break', () => {
    it('a hard break round trips', () => {
      roundTrip('<p>a<br>b</p>', doc(p('a', br(), 'b')), '<p>a<br>b</p>');
    });

    it('a hard break keeps the marks around it', () => {
      roundTrip('<p><strong>a<br>b</strong></p>', doc(p(strong('a', br(), 'b'))), '<p><strong>a<br>b</strong></p>');
    });
  });

  describe('mention', () => {
    const attrs = { id: 'u1', label: 'Ada', target: 'users', self: true, redirect_uri: '/acme/profile/u1', entity_identifier: 'e-1', entity_name: 'user_mention' };
    const markup =
      '<p><span data-type="mention" class="mention" data-id="u1" data-label="Ada" data-target="users" data-self="true" ' +
      'data-redirect-uri="/acme/profile/u1" data-entity-identifier="e-1" data-entity-name="user_mention">@Ada</span></p>';

    it('a mention round trips with all its attributes', () => {
      roundTrip(markup, doc(p(mention(attrs))), markup);
    });

    it('a mention shows as @label', () => {
      const node = mention(attrs);
      expect(doc(p('hi ', node)).textContent).to.equal('hi @Ada');
      expect(node.textContent).to.equal('@Ada');
    });

    it('defaults: self false, redirect to /', () => {
      expect(schema.nodes.mention.create().attrs).to.deep.equal({
        id: null, label: null, target: null, self: false, redirect_uri: '/', entity_identifier: null, entity_name: null,
      });
    });

    it('the label comes from the text when data-label is absent', () => {
      expect(only('<p><span data-type="mention">@Bob</span></p>').firstChild!.attrs.label).to.equal('Bob');
    });

    it('a mention without a label round trips', () => {
      const unlabelled = doc(p(mention({ id: 'u2' })));
      expectDoc(parseHTML(serializeHTML(unlabelled)), unlabelled);
    });

    it('an unsafe redirect becomes /', () => {
      expect(only('<p><span data-type="mention" data-redirect-uri="javascript:alert(1)">@x</span></p>').firstChild!.attrs.redirect_uri).to.equal('/');
    });

    it('a plain span is not a mention', () => {
      expectDoc(parseHTML('<p><span class="mention">@x</span></p>'), doc(p('@x')));
    });
  });
});
