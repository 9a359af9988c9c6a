import { expect } from 'chai';
import { parseInertHTML } from '../../../src/core/dom.js';
import { MAX_HTML_DEPTH, emptyDoc, parseHTML, parseMarkdown, schema, serializeDOM, serializeHTML } from '../../../src/core/index.js';
import { blockquote, br, doc, expectDoc, img, p, pre, strong } from '../../helpers/builder.js';
import { captureLog } from '../../helpers/log.js';

describe('HTML serialisation', () => {
  it('refuses what is not a document with a RangeError that says what to do, a promise of one too', async () => {
    const pending = parseMarkdown('# Title');
    expect(() => serializeHTML(pending as never)).to.throw(RangeError, 'await parseMarkdown first');
    expect(() => serializeHTML(undefined as never)).to.throw(RangeError, 'takes a document node');
    expect(serializeHTML(await pending)).to.equal('<h1>Title</h1>');
  });

  describe('empty input', () => {
    it('an empty or blank string gives one empty paragraph', () => {
      for (const html of ['', '   ', '\n\t', '<p></p>']) expectDoc(parseHTML(html), doc(p()));
    });

    it('null and undefined give one empty paragraph', () => {
      expectDoc(parseHTML(null), doc(p()));
      expectDoc(parseHTML(undefined), doc(p()));
    });

    it('emptyDoc is one empty paragraph', () => {
      expectDoc(emptyDoc(), doc(p()));
    });

    it('an empty document serialises to the empty string', () => {
      expect(serializeHTML(doc(p()))).to.equal('');
      expect(serializeHTML(doc(p(), p(), p()))).to.equal('');
    });
  });

  describe('trimming', () => {
    it('leading and trailing empty paragraphs are trimmed from the output', () => {
      expect(serializeHTML(doc(p(), p(), p('a'), p(), p('b'), p()))).to.equal('<p>a</p><p></p><p>b</p>');
    });

    it('only top-level paragraphs are trimmed', () => {
      expect(serializeHTML(doc(p(), blockquote(p()), p()))).to.equal('<blockquote><p></p></blockquote>');
    });

    it('a paragraph holding only a hard break is not empty', () => {
      expect(serializeHTML(doc(p(br()), p()))).to.equal('<p><br></p>');
    });

    it('trimming leaves other blocks at the edges alone', () => {
      expect(serializeHTML(doc(p(), img({ src: '/a.png' }), p()))).to.equal('<img width="35%" src="/a.png" style="width: 35%; height: auto;">');
    });
  });

  describe('unknown markup', () => {
    it('unknown elements are dropped and their text kept', () => {
      expectDoc(parseHTML('<div><section><custom-el>hi <blink>there</blink></custom-el></section></div>'), doc(p('hi there')));
    });

    it('script, style and template contents are dropped', () => {
      expectDoc(parseHTML('<script>alert(1)</script><style>p { color: red }</style><template><p>t</p></template><p>x</p>'), doc(p('x')));
    });

    it('embedded content and forms are dropped', () => {
      expectDoc(parseHTML('<iframe src="https://example.com"></iframe><object data="x"></object><embed src="x"><form><input value="v"></form><p>x</p>'), doc(p('x')));
    });

    it('unknown attributes are dropped', () => {
      expect(serializeHTML(parseHTML('<p onclick="alert(1)" style="color: red" class="c" id="i" data-x="1">a</p>'))).to.equal('<p>a</p>');
      expect(serializeHTML(parseHTML('<img src="/a.png" onerror="alert(1)" title="t" class="c">'))).to.equal('<img width="35%" src="/a.png" style="width: 35%; height: auto;">');
    });

    it('entities decode to text and are escaped again on output', () => {
      const parsed = parseHTML('<p>&lt;b&gt; &amp; &quot;</p>');
      expectDoc(parsed, doc(p(schema.text('<b> & "'))));
      expect(serializeHTML(parsed)).to.equal('<p>&lt;b&gt; &amp; "</p>');
    });

    it('a tree deeper than the limit (a parser nesting more than the markup says) is read as its text; a wide one is parsed', () => {
      const nested = (depth: number) => (html: string) => {
        const parsed = parseInertHTML(html);
        let at: Element = parsed.body.firstElementChild!;
        for (let i = 0; i < depth; i++) at = at.appendChild(parsed.createElement('div'));
        at.append('deep');
        return parsed;
      };
      expectDoc(parseHTML('<p>a</p><p>b</p>', { parseDocument: nested(MAX_HTML_DEPTH + 1) }), doc(p('adeepb')));
      expectDoc(parseHTML('<p>a</p><p>b</p>', { parseDocument: nested(10) }), doc(p('a'), p('deep'), p('b')));
      const wide = parseHTML(Array.from({ length: 2_000 }, (_, i) => `<p>${i}</p>`).join(''));
      expect(wide.childCount).to.equal(2_000);
    });

    it('text outside any block becomes paragraphs', () => {
      expectDoc(parseHTML('just text'), doc(p('just text')));
      expectDoc(parseHTML('a<p>b</p><strong>c</strong>'), doc(p('a'), p('b'), p(strong('c'))));
    });
  });

  describe('whitespace', () => {
    it('double spaces are kept', () => {
      const parsed = parseHTML('<p>a  b   c</p>');
      expectDoc(parsed, doc(p('a  b   c')));
      expect(serializeHTML(parsed)).to.equal('<p>a  b   c</p>');
    });

    it('a formatting newline with its indentation folds to one space', () => {
      expectDoc(parseHTML('<p>a\n     b\r\n c</p>'), doc(p('a b c')));
    });

    it('formatting whitespace between blocks is ignored', () => {
      expectDoc(parseHTML('\n<p>a</p>\n\n  <p>b</p>\n'), doc(p('a'), p('b')));
    });

    it('formatting newlines at the edges of a block leave no space', () => {
      expectDoc(parseHTML('<p>\n  Hello\n  <strong>big</strong>\n  world\n</p>'), doc(p('Hello ', strong('big'), ' world')));
    });

    it('a formatting newline after a hard break leaves no space', () => {
      expectDoc(parseHTML('<p>a<br>\n  b</p>'), doc(p('a', br(), 'b')));
    });

    it('pre keeps its newlines and indentation', () => {
      expectDoc(parseHTML('<pre>a\n  b\r\n\tc</pre>'), doc(pre('a\n  b\n\tc')));
    });
  });

  describe('environment', () => {
    it('parses with the given parseDocument', () => {
      const calls: string[] = [];
      const parseDocument = (html: string) => {
        calls.push(html);
        return parseInertHTML(html);
      };
      expectDoc(parseHTML('<p>x</p>', { parseDocument }), doc(p('x')));
      expect(calls).to.deep.equal(['<p>x</p>']);
    });

    it('builds DOM in the given document', () => {
      const other = parseInertHTML('');
      const fragment = serializeDOM(doc(p(strong('x'))), { document: other });
      expect(fragment.ownerDocument === other).to.equal(true);
      expect(fragment.firstChild?.nodeName).to.equal('P');
    });

    it('a parser failure is logged and the text kept', () => {
      const log = captureLog();
      try {
        const parsed = parseHTML('<p>a</p><p>b</p>', {
          parseDocument: () => {
            throw new Error('no DOM here');
          },
        });
        expectDoc(parsed, doc(p('ab')));
      } finally {
        log.restore();
      }
      expect(log.entries.map((entry) => [entry.level, entry.message])).to.deep.equal([['warn', 'HTML could not be parsed; it was loaded as plain text']]);
      expect((log.entries[0].cause as Error).message).to.equal('no DOM here');
    });

    it('a style the DOM cannot read (jsdom throws on it while parsing) loses only the styles, not the document', () => {
      const html =
        '<p><strong>bold</strong> words</p><p style=\'color: red\'>red <em style=color:blue>and blue</em></p>' +
        '<p><img src="https://example.test/a.png" alt="A" style="height: calc(1px + url(javascript:alert(1)))"></p>';
      expect(() => parseInertHTML(html), 'the DOM these tests run on throws on the style').to.throw();
      const log = captureLog();
      let parsed;
      try {
        parsed = parseHTML(html);
      } finally {
        log.restore();
      }
      expect(log.entries).to.deep.equal([]);
      const unstyled = '<p><strong>bold</strong> words</p><p>red <em>and blue</em></p><p><img src="https://example.test/a.png" alt="A"></p>';
      expect(serializeHTML(parsed)).to.equal(serializeHTML(parseHTML(unstyled)));
      expect(serializeHTML(parsed)).to.contain('<p>red <em>and blue</em></p>').and.to.contain('src="https://example.test/a.png"');
    });
  });

});
