/**
 * A host's marks in markdown: written as their definition says (delimiters, their HTML by
 * default, or their text alone) and read back by the editor's markdown reader.
 */
import { expect } from 'chai';
import type { Node as PMNode, Schema } from 'prosemirror-model';
import { Transform } from 'prosemirror-transform';
import { parseHTML, serializeHTML, type MarkDefinition } from '../../../src/core/index.js';
import { editorSetup } from '../../../src/core/unstable.js';
import { serializeMarkdown } from '../../../src/core/serialize/markdown.js';
import { parseMarkdownNow } from '../../../src/core/serialize/markdown-parse.js';
import { CORPUS_RUNS, mulberry32, randomCorpus } from '../../helpers/random-doc.js';

/** A highlighter with a colour, written as its HTML (no markdown form given). */
const highlight: MarkDefinition = {
  name: 'highlight',
  attrs: { color: { type: 'enum', values: ['yellow', 'green'], default: 'yellow' } },
  html: { tag: 'mark', attrs: { color: 'data-color' } },
};
/** Inserted text, written between `++` delimiters. */
const inserted: MarkDefinition = { name: 'inserted', html: { tag: 'ins' }, markdown: { open: '++', close: '++' } };
/** A mark that markdown is told to leave out. */
const whisper: MarkDefinition = { name: 'whisper', html: { tag: 'small' }, markdown: 'text' };

const schemaOf = (...marks: MarkDefinition[]): Schema => editorSetup([{ name: 'host_marks', marks }]).schema;
const schema = schemaOf(highlight, inserted, whisper);
const load = (html: string, on = schema) => parseHTML(html, { schema: on });
const md = (html: string) => serializeMarkdown(load(html));
const back = (markdown: string) => serializeHTML(parseMarkdownNow(markdown, schema));

describe('markdown: a host’s marks', function () {
  this.timeout(120_000);

  it('writes a mark without a markdown form as its own HTML, attributes and all', () => {
    expect(md('<p>a <mark data-color="green">bright idea</mark> here</p>')).to.equal('a <mark data-color="green">bright idea</mark> here');
    // Its tags close and reopen around markdown's own marks, which keeps emphasis valid at line breaks.
    expect(md('<p><mark>a <em>b</em></mark></p>')).to.equal('<mark data-color="yellow">a </mark>*<mark data-color="yellow">b</mark>*');
  });

  it('writes a mark with delimiters between them, and escapes the delimiter’s character in text', () => {
    expect(md('<p>c++ is <ins>new</ins> and 1+1</p>')).to.equal('c\\+\\+ is ++new++ and 1\\+1');
    // As CommonMark asks of emphasis, delimiters stand against the text: white space at a span's edge is a character reference.
    // (As with emphasis, a delimiter against punctuation, as `&#32;` is, keeps apart from letters outside.)
    expect(md('<p>a<ins> b </ins>c</p>')).to.equal('&#97;++&#32;b&#32;++&#99;');
  });

  it('writes a mark whose form is text as its text alone', () => {
    expect(md('<p>say <small>it</small> softly</p>')).to.equal('say it softly');
  });

  it('reads each form back, with the HTML form’s attributes and the delimited mark’s defaults', () => {
    const html = '<p>a <mark data-color="green">bright </mark><strong><mark data-color="green">idea</mark></strong> is <ins>new</ins> in c++</p>';
    expect(back(md(html))).to.equal(html);
  });

  it('reads marks nested in each other, across line breaks, in links and in table cells', () => {
    const html =
      '<p><ins>plus <mark data-color="yellow">both<br></mark></ins><mark>and <em>x</em><br></mark><em>y</em> <a href="https://example.com"><mark data-color="yellow">linked</mark></a></p>' +
      '<table><tbody><tr><th><p><mark data-color="green">a|b</mark> <ins>c</ins></p></th></tr></tbody></table>';
    expect(back(md(html))).to.equal(serializeHTML(load(html)));
  });

  it('keeps a delimiter inside a code span or a link address from ending the mark', () => {
    // The code mark excludes every other mark: a code span stands between two delimited runs.
    expect(md('<p><ins>see </ins><code>x++</code><ins> this</ins></p>')).to.equal('++see&#32;++`x++`++&#32;this++');
    expect(back('++see `x++` this++ now')).to.equal('<p><ins>see </ins><code>x++</code> this now</p>');
    expect(back('++a [b](https://example.com/?q=++) c++')).to.equal(
      '<p><ins>a </ins><a href="https://example.com/?q=++" target="_blank" rel="noopener noreferrer nofollow"><ins>b</ins></a><ins> c</ins></p>',
    );
  });

  it('reads a mark’s tags through its parse rules and cleaners: no handler, no foreign value', () => {
    expect(back('a <mark data-color="red" onclick="alert(1)" style="color: red">b</mark>')).to.equal('<p>a <mark data-color="yellow">b</mark></p>');
  });

  it('leaves other inline HTML as the text it was, and HTML blocks too', () => {
    expect(back('a <b>bold</b> <span class="x">s</span> <mark>open')).to.equal('<p>a &lt;b&gt;bold&lt;/b&gt; &lt;span class="x"&gt;s&lt;/span&gt; &lt;mark&gt;open</p>');
    expect(back('<div>\nblock\n</div>')).to.equal('<p>&lt;div&gt; block &lt;/div&gt;</p>');
    expect(back('a <ins>b</ins> <small>c</small>'), 'tags of marks with a form of their own').to.equal('<p>a &lt;ins&gt;b&lt;/ins&gt; &lt;small&gt;c&lt;/small&gt;</p>');
  });

  it('reads delimiters that do not stand against text, an empty span and an unclosed one as text', () => {
    expect(back('c++ and c++, a ++ b ++ c, ++++ and ++open')).to.equal('<p>c++ and c++, a ++ b ++ c, ++++ and ++open</p>');
  });

  it('refuses delimiters markdown uses, marks whose delimiters begin alike, and delimiters on a mark with a required attribute', () => {
    const refused = /inserted's markdown is 'html', 'text' or \{ open, close \}/;
    expect(() => schemaOf({ ...inserted, markdown: { open: '**', close: '**' } })).to.throw(RangeError, refused);
    expect(() => schemaOf({ ...inserted, markdown: { open: '', close: '++' } })).to.throw(RangeError, refused);
    expect(() => schemaOf({ ...highlight, markdown: { open: '+', close: '+' } }, inserted)).to.throw(RangeError, refused);
    expect(() => schemaOf({ ...inserted, attrs: { source: { type: 'url', required: true } } })).to.throw(RangeError, refused);
    expect(() => schemaOf({ ...inserted, markdown: 'html', attrs: { source: { type: 'url', required: true } } })).not.to.throw();
    expect(() => schemaOf({ ...inserted, markdown: { open: '{=', close: '=}' } }, { ...highlight, markdown: { open: '==', close: '==' } })).not.to.throw();
  });

  it('gives back the same document with the marks anywhere in random documents', () => {
    const rng = mulberry32(0xc0ffee);
    const marks = [schema.marks.highlight.create({ color: 'green' }), schema.marks.highlight.create(), schema.marks.inserted.create()];
    let checked = 0;
    for (const { seed, doc: original } of randomCorpus({ markdownSubset: true })) {
      const tr = new Transform(schema.nodeFromJSON(original.toJSON()));
      // A position inside a text block, moved off the middle of a character written as two code units.
      const inside = (block: PMNode, start: number, offset: number) => {
        const at = Math.min(offset, block.content.size);
        return start + at + (/[\udc00-\udfff]/.test(block.textBetween(at, Math.min(at + 1, block.content.size), '', '\ufffc')) ? 1 : 0);
      };
      tr.doc.descendants((node: PMNode, pos: number) => {
        if (!node.isTextblock || !node.content.size) return true;
        for (const mark of marks) {
          if (rng() < 0.5) continue;
          const offset = Math.floor(rng() * node.content.size);
          const from = inside(node, pos + 1, offset);
          const to = inside(node, pos + 1, offset + 1 + Math.floor(rng() * (node.content.size - offset)));
          if (to > from) tr.addMark(from, to, mark);
        }
        return false;
      });
      const markdown = serializeMarkdown(tr.doc);
      const read = parseMarkdownNow(markdown, schema);
      expect(read.eq(tr.doc), `seed ${seed}:\n${markdown}\nexpected ${tr.doc}\nactual   ${read}`).to.equal(true);
      checked++;
    }
    expect(checked).to.equal(CORPUS_RUNS);
  });
});
