import { expect } from 'chai';
import { parseHTML, schema, serializeHTML } from '../../../src/core/index.js';
import { cleanPastedHTML } from '../../../src/core/plugins/paste-html.js';

/** What the editor makes of pasted HTML: cleaned and reshaped, then read through the schema. */
function read(html: string, codeLanguage?: string): string {
  return serializeHTML(parseHTML(cleanPastedHTML(html, schema, { codeLanguage })));
}

const vscode = (lines: string[]) =>
  `<div style="color: #cccccc;background-color: #1f1f1f;font-family: 'Droid Sans Mono', 'monospace', monospace;font-weight: normal;font-size: 14px;line-height: 19px;white-space: pre;">${lines
    .map((line) => (line ? `<div><span style="color: #cccccc;">${line}</span></div>` : '<div><br></div>'))
    .join('')}</div>`;

const wordItem = (level: number, marker: string, text: string) =>
  `<p class=MsoListParagraph style='margin-left:${level * 36}pt;text-indent:-18.0pt;mso-list:l0 level${level} lfo1'><![if !supportLists]><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span><![endif]>${text}<o:p></o:p></p>`;

describe('pasted HTML from other apps', () => {
  describe('code copied from an editor', () => {
    it('keeps a language the editor knows under its own name (VS Code calls TSX typescriptreact)', () => {
      expect(read(vscode(['let a = 1;']), 'typescriptreact')).to.equal('<pre data-language="typescript"><code class="language-typescript">let a = 1;</code></pre>');
    });

    it('makes code in a language it does not know plain text', () => {
      expect(read(vscode(['MOVE 1 TO X.', '', 'STOP RUN.']), 'cobol')).to.equal(
        '<pre data-language="plaintext"><code class="language-plaintext">MOVE 1 TO X.\n\nSTOP RUN.</code></pre>',
      );
    });

    it('indents with plain spaces where the editor wrote its spaces as non-breaking ones (VS Code on Windows)', () => {
      expect(read(vscode(['def f():', '&nbsp; &nbsp; return&nbsp;1']), 'python')).to.equal(
        '<pre data-language="python"><code class="language-python">def f():\n    return 1</code></pre>',
      );
    });

    it('leaves a monospace <div> without white-space: pre as text (a styled paragraph, not code)', () => {
      expect(read('<div style="font-family: monospace">not code</div>')).to.equal('<p>not code</p>');
    });
  });

  describe('web pages and documents', () => {
    it('leaves out a heading\'s permalink (#, ¶, an icon), keeping other links in it', () => {
      expect(read('<h2>Getting started<a class="anchor" href="#getting-started">#</a></h2>')).to.equal('<h2>Getting started</h2>');
      expect(read('<h3><a href="#x" aria-hidden="true"><svg viewBox="0 0 16 16"><path d="M0 0"></path></svg></a>Install</h3>')).to.equal('<h3>Install</h3>');
      expect(read('<h2>Usage<a href="#usage">¶</a></h2>')).to.equal('<h2>Usage</h2>');
      expect(read('<h2>See <a href="#api">the API</a></h2>'), 'a worded link keeps its words').to.equal('<h2>See the API</h2>');
    });

    it('opens a pasted link as the editor\'s own links open, whatever target its page gave it', () => {
      expect(read('<p><a href="https://example.com/a" target="_self">A</a></p>')).to.equal('<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">A</a></p>');
    });

    it('ends a Google Docs copy without the empty paragraph of its line-end mark', () => {
      expect(
        read('<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b"><p dir="ltr"><span>One line</span></p></b><br class="Apple-interchange-newline">'),
      ).to.equal('<p>One line</p>');
    });

    it("ends a Google Docs copy without the empty paragraph of the document's blank line after it", () => {
      // Docs writes a blank line as a <br> between its blocks, and one the copy ended on after the last.
      expect(read('<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b"><p dir="ltr"><span>One</span></p><br><p dir="ltr"><span>Two</span></p><br></b>')).to.equal(
        '<p>One</p><p>Two</p>',
      );
      // A line break inside a paragraph stays.
      expect(read('<p>One<br>Two</p>')).to.equal('<p>One<br>Two</p>');
    });
  });

  describe('Word lists', () => {
    it('switches from bullets to numbers at the same level as a new list', () => {
      expect(read(wordItem(1, '·', 'one') + wordItem(1, '1.', 'two'))).to.equal('<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>');
    });

    it('reads letters and roman numerals as numbered lists that start where they start', () => {
      expect(read(wordItem(1, 'c)', 'third'))).to.equal('<ol start="3"><li><p>third</p></li></ol>');
      expect(read(wordItem(1, 'iv.', 'fourth'))).to.equal('<ol start="4"><li><p>fourth</p></li></ol>');
    });

    it('keeps a paragraph between two lists apart from both', () => {
      expect(read(`${wordItem(1, '·', 'a')}<p class=MsoNormal>between</p>${wordItem(1, '·', 'b')}`)).to.equal(
        '<ul><li><p>a</p></li></ul><p>between</p><ul><li><p>b</p></li></ul>',
      );
    });
  });

  describe('lists', () => {
    it('puts a list nested beside the items into the item before it', () => {
      expect(read('<ul><li>a</li><ul><li>b</li></ul><li>c</li></ul>')).to.equal('<ul><li><p>a</p><ul><li><p>b</p></li></ul></li><li><p>c</p></li></ul>');
    });

    it('joins adjacent lists of one kind, and numbered ones only where the count goes on', () => {
      expect(read('<ul><li>a</li></ul><ul><li>b</li></ul>')).to.equal('<ul><li><p>a</p></li><li><p>b</p></li></ul>');
      expect(read('<ol><li>a</li></ol><ol start="2"><li>b</li></ol>')).to.equal('<ol><li><p>a</p></li><li><p>b</p></li></ol>');
      expect(read('<ol><li>a</li></ol><ol start="7"><li>b</li></ol>')).to.equal('<ol><li><p>a</p></li></ol><ol start="7"><li><p>b</p></li></ol>');
    });

    it('makes a GitHub list with some task items and some plain ones a plain list', () => {
      expect(read('<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" checked>done</li><li>plain</li></ul>')).to.equal(
        '<ul><li><p>done</p></li><li><p>plain</p></li></ul>',
      );
    });
  });

  it("leaves the editor's own clipboard as it is (a link keeps its class)", () => {
    const own = '<p data-pm-slice="1 1 []"><a href="https://example.com" class="keep" style="text-decoration: underline">x</a></p>';
    expect(cleanPastedHTML(own, schema)).to.equal(own);
  });
});
