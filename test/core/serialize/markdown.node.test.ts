import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import type { Node as PMNode } from 'prosemirror-model';
import { parseMarkdownNow } from '../../../src/core/serialize/markdown-parse.js';
import { parseMarkdown, serializeMarkdown } from '../../../src/core/serialize/markdown.js';
import { emptyDoc, parseHTML, serializeHTML, type MarkdownRule, type NodeDefinition } from '../../../src/core/index.js';
import { editorSetup } from '../../../src/core/unstable.js';
import {
  a,
  blockquote,
  br,
  code,
  doc,
  em,
  expectDoc,
  h1,
  h2,
  h3,
  hr,
  img,
  li,
  mention,
  ol,
  p,
  pre,
  s,
  strong,
  table,
  taskItem,
  taskList,
  td,
  th,
  tr,
  u,
  ul,
} from '../../helpers/builder.js';

const md = (node: PMNode) => serializeMarkdown(node);

describe('serializeMarkdown: blocks', () => {
  it('separates paragraphs by one blank line, drops empty ones and ends without a newline', () => {
    expect(md(doc(p(), p('one'), p(), p(), p('two'), p()))).to.equal('one\n\ntwo');
  });

  it('writes an empty document as the empty string', () => {
    expect(md(doc(p()))).to.equal('');
  });

  it('writes headings with one to three hashes', () => {
    expect(md(doc(h1('One'), h2('Two'), h3('Three')))).to.equal('# One\n\n## Two\n\n### Three');
  });

  it('prefixes every line of a blockquote, blank lines included', () => {
    expect(md(doc(blockquote(p('a'), p('b', br(), 'c'))))).to.equal('> a\n>\n> b\\\n> c');
  });

  it('writes a fenced code block with its language', () => {
    expect(md(doc(pre({ language: 'typescript' }, 'let a = 1;\nlet b = 2;')))).to.equal('```typescript\nlet a = 1;\nlet b = 2;\n```');
  });

  it('omits the info string for the default plaintext language', () => {
    expect(md(doc(pre('plain text')))).to.equal('```\nplain text\n```');
  });

  it('makes the fence longer than any backtick run inside the code', () => {
    expect(md(doc(pre({ language: 'js' }, 'a ``` b ` c')))).to.equal('````js\na ``` b ` c\n````');
  });

  it('writes a horizontal rule as ---', () => {
    expect(md(doc(p('a'), hr(), p('b')))).to.equal('a\n\n---\n\nb');
  });

  it('writes a bullet list with - markers', () => {
    expect(md(doc(ul(li(p('one')), li(p('two')))))).to.equal('- one\n- two');
  });

  it('writes an ordered list from its start number', () => {
    expect(md(doc(ol({ start: 7 }, li(p('seven')), li(p('eight')))))).to.equal('7. seven\n8. eight');
  });

  it('indents nested lists under their item content column', () => {
    const nested = doc(ol(li(p('a'), ul(li(p('b'), ol(li(p('c'))))))), ul(li(p('d'), ol({ start: 10 }, li(p('e'))))));
    expect(md(nested)).to.equal('1. a\n   - b\n     1. c\n\n- d\n\n  10. e');
  });

  it('separates the items of a list that holds several blocks per item with blank lines', () => {
    expect(md(doc(ul(li(p('a'), p('a2')), li(p('b')))))).to.equal('- a\n\n  a2\n\n- b');
  });

  it('switches markers so two lists in a row stay two lists', () => {
    expect(md(doc(ul(li(p('a'))), ul(li(p('b'))), ol(li(p('c'))), ol(li(p('d')))))).to.equal('- a\n\n* b\n\n1. c\n\n1) d');
  });

  it('writes task lists with checked and unchecked boxes, nested ones indented', () => {
    const tasks = doc(taskList(taskItem({ checked: true }, p('done')), taskItem(p('todo'), taskList(taskItem({ checked: true }, p('sub'))))));
    expect(md(tasks)).to.equal('- [x] done\n- [ ] todo\n  - [x] sub');
  });

  it('writes a hard break as a backslash at the end of the line', () => {
    expect(md(doc(p('one', br(), 'two')))).to.equal('one\\\ntwo');
  });

  it('drops a hard break at the end of a paragraph, which markdown cannot hold', () => {
    expect(md(doc(p('one', br())))).to.equal('one');
  });

  it('writes an image as ![](src), with <> around an address holding spaces', () => {
    expect(md(doc(img({ src: 'https://cdn.example.com/a.png' }), img({ src: 'https://cdn.example.com/a b.png' })))).to.equal(
      '![](https://cdn.example.com/a.png)\n\n![](<https://cdn.example.com/a b.png>)',
    );
  });

  it('writes a GFM table whose first row is the header', () => {
    const grid = doc(table(tr(th(p('Name')), th(p('Role'))), tr(td(p('Ann')), td(p('Lead')))));
    expect(md(grid)).to.equal('| Name | Role |\n| --- | --- |\n| Ann | Lead |');
  });

  it('escapes pipes in cells and joins breaks and paragraphs with spaces', () => {
    const grid = doc(table(tr(th(p('a|b'))), tr(td(p('one', br(), 'two'), p('three'))), tr(td(p(code('x|y'))))));
    expect(md(grid)).to.equal('| a\\|b |\n| --- |\n| one two three |\n| `x\\|y` |');
  });
});

describe('serializeMarkdown: marks and inline nodes', () => {
  it('writes bold, italic, strike and code', () => {
    expect(md(doc(p(strong('b'), ' ', em('i'), ' ', s('s'), ' ', code('c'))))).to.equal('**b** *i* ~~s~~ `c`');
  });

  it('writes underlined text plainly, markdown having no underline', () => {
    expect(md(doc(p('an ', u('underlined'), ' word')))).to.equal('an underlined word');
  });

  it('uses a backtick run longer than any inside code, padding when the code starts with one', () => {
    expect(md(doc(p(code('a`b'), ' ', code('`tick'), ' ', code(' x '))))).to.equal('``a`b`` `` `tick `` `  x  `');
  });

  it('writes a link with its destination, escaping parentheses and using <> for spaces', () => {
    const links = doc(p(a({ href: 'https://example.com/a(b)' }, 'one'), ' ', a({ href: 'https://example.com/a b' }, 'two')));
    expect(md(links)).to.equal('[one](https://example.com/a\\(b\\)) [two](<https://example.com/a b>)');
  });

  it('writes a mention as @label linked to its redirect address', () => {
    expect(md(doc(p('hi ', mention({ id: '7', label: 'Ann', redirect_uri: '/acme/profile/7' }))))).to.equal('hi [@Ann](/acme/profile/7)');
  });

  it('moves whitespace at the edges of emphasis outside the delimiters', () => {
    expect(md(doc(p('a', strong(' bold '), 'b', em(' it'), ' c')))).to.equal('a **bold** b *it* c');
  });

  it('alternates * and _ for emphasis nested in emphasis', () => {
    expect(md(doc(p(strong('a ', em('b'), ' c'), ' ', em('d ', strong('e')))))).to.equal('**a _b_ c** *d __e__*');
  });

  it('writes a letter beside emphasis that starts with punctuation as a character reference', () => {
    const flanked = doc(p('a', strong('(b)'), 'c'));
    expect(md(flanked)).to.equal('&#97;**(b)**&#99;');
    expectDoc(parseMarkdownNow(md(flanked)), flanked);
  });
});

describe('serializeMarkdown: escaping', () => {
  it('escapes markdown punctuation in text', () => {
    // (The builder reads `<word>` as a position marker, hence the spaced angle brackets.)
    expect(md(doc(p('a * b _ c ~ d ` e [f] < g > #h \\ i')))).to.equal('a \\* b \\_ c \\~ d \\` e \\[f\\] \\< g \\> \\#h \\\\ i');
  });

  it('escapes block markers at the start of a line', () => {
    expect(md(doc(p('# title'), p('- item'), p('+ item'), p('1. item'), p('2) item'), p('> quote'), p('=== x')))).to.equal(
      '\\# title\n\n\\- item\n\n\\+ item\n\n1\\. item\n\n2\\) item\n\n\\> quote\n\n\\=== x',
    );
  });

  it('escapes & only where it would read as a character reference', () => {
    expect(md(doc(p('Tom & Jerry &amp; &#35; &x')))).to.equal('Tom & Jerry \\&amp; &\\#35; &x');
  });

  it('escapes text split by a mark markdown drops as one run: no list or character reference made of the pieces', () => {
    expect(md(doc(p('7', u('. item')), p('Tom &', u('amp;'), ' Jerry'), p('2', u('0'), '24) report')))).to.equal('7\\. item\n\nTom \\&amp; Jerry\n\n2024\\) report');
    const split = doc(p('7', u('. item')), p('Tom &', u('amp;'), ' Jerry'));
    expectDoc(parseMarkdownNow(md(split)), doc(p('7. item'), p('Tom &amp; Jerry')));
  });

  it('escapes a ! that would turn a following link into an image', () => {
    expect(md(doc(p('wow!', a({ href: 'https://example.com' }, 'link'))))).to.equal('wow\\![link](https://example.com)');
  });

  it('gives back text full of markdown syntax unchanged', () => {
    const text = doc(p('*a* _b_ **c** ~~d~~ `e` [f](g) < h > &amp; \\ # - + 1. | ! > ='), p('1) 2. - + = :|'));
    expectDoc(parseMarkdownNow(md(text)), text);
  });
});

describe('parseMarkdownNow', () => {
  it('reads paragraphs, headings, quotes, rules and marks', () => {
    const parsed = parseMarkdownNow('# One\n\n## Two\n\n> quoted\n\n---\n\n**b** *i* ~~s~~ `c`');
    expectDoc(parsed, doc(h1('One'), h2('Two'), blockquote(p('quoted')), hr(), p(strong('b'), ' ', em('i'), ' ', s('s'), ' ', code('c'))));
  });

  it('caps heading levels deeper than 3 at 3', () => {
    expectDoc(parseMarkdownNow('#### Four\n\n###### Six'), doc(h3('Four'), h3('Six')));
  });

  it('reads - [x] and - [ ] items as a task list with their checked state', () => {
    expectDoc(
      parseMarkdownNow('- [x] done\n- [ ] todo\n  - [X] nested'),
      doc(taskList(taskItem({ checked: true }, p('done')), taskItem({ checked: false }, p('todo'), taskList(taskItem({ checked: true }, p('nested')))))),
    );
  });

  it('keeps a list with some plain items a bullet list', () => {
    expectDoc(parseMarkdownNow('- [x] done\n- plain'), doc(ul(li(p('[x] done')), li(p('plain')))));
  });

  it('reads bullet and ordered lists with their start', () => {
    expectDoc(parseMarkdownNow('- a\n- b\n\n3. c\n4. d'), doc(ul(li(p('a')), li(p('b'))), ol({ start: 3 }, li(p('c')), li(p('d')))));
  });

  it('reads a GFM table: the header row as header cells, cells holding paragraphs', () => {
    expectDoc(
      parseMarkdownNow('| a | b |\n| :-- | --: |\n| 1 | **2** |\n| x\\|y |  |'),
      doc(table(tr(th(p('a')), th(p('b'))), tr(td(p('1')), td(p(strong('2')))), tr(td(p('x|y')), td(p())))),
    );
  });

  it('reads a fenced block with its language, and an indented block as plaintext', () => {
    expectDoc(parseMarkdownNow('```TypeScript title\nlet a;\n```\n\n    indented'), doc(pre({ language: 'typescript' }, 'let a;'), pre('indented')));
  });

  it('turns an unknown or unsafe fence language into plaintext', () => {
    expectDoc(parseMarkdownNow('```<script>\nx\n```'), doc(pre({ language: 'plaintext' }, 'x')));
  });

  it('keeps the text of a javascript:, mailto: or relative link and drops the link', () => {
    const parsed = parseMarkdownNow('[x](javascript:alert(1)) and [m](mailto:a@example.com) [r](/page) [y](https://example.com)');
    expectDoc(parsed, doc(p('x and m r ', a({ href: 'https://example.com' }, 'y'))));
    const hrefs: string[] = [];
    parsed.descendants((node) => {
      node.marks.forEach((mark) => hrefs.push(String(mark.attrs.href)));
    });
    expect(hrefs.some((href) => /javascript/i.test(href))).to.equal(false);
  });

  it('gives links the schema defaults: a new tab and the fixed rel', () => {
    const link = parseMarkdownNow('[y](https://example.com)').firstChild!.firstChild!.marks[0];
    expect(link.attrs).to.deep.equal({ href: 'https://example.com', target: '_blank', rel: 'noopener noreferrer nofollow', class: null });
  });

  it('drops an image whose src is a data: URL and keeps the text around it', () => {
    expectDoc(parseMarkdownNow('before ![](data:image/png;base64,AAAA) after'), doc(p('before  after')));
    expectDoc(parseMarkdownNow('![](data:image/png;base64,AAAA)'), emptyDoc());
  });

  it('keeps an image\'s text alternative both ways, markdown in it written as text', () => {
    const image = doc(img({ src: 'https://cdn.example.com/a.png', alt: 'A *bold* [claim] \\ & co' }));
    expect(serializeMarkdown(image)).to.equal('![A \\*bold\\* \\[claim\\] \\\\ & co](https://cdn.example.com/a.png)');
    expectDoc(parseMarkdownNow(serializeMarkdown(image)), image);
    expectDoc(parseMarkdownNow('![A *bold*\nclaim](https://cdn.example.com/a.png)'), doc(img({ src: 'https://cdn.example.com/a.png', alt: 'A bold claim' })));
  });

  it('lifts an image out of its paragraph, splitting it, since images are blocks', () => {
    expectDoc(
      parseMarkdownNow('**before ![alt](https://cdn.example.com/a.png) after**'),
      doc(p(strong('before')), img({ src: 'https://cdn.example.com/a.png', alt: 'alt' }), p(strong('after'))),
    );
  });

  it('drops images from header cells, which hold paragraphs only', () => {
    expectDoc(parseMarkdownNow('| a ![](https://x.example/a.png) |\n| --- |'), doc(table(tr(th(p('a'))))));
  });

  it('reads a soft line break as a space and a backslash break as a hard break', () => {
    expectDoc(parseMarkdownNow('one\ntwo\\\nthree'), doc(p('one two', br(), 'three')));
  });

  it('reads an empty or blank input as the empty document', () => {
    expectDoc(parseMarkdownNow(''), emptyDoc());
    expectDoc(parseMarkdownNow(' \n\t\n'), emptyDoc());
  });

  it('returns a valid document for malformed or hostile input', () => {
    for (const input of ['>'.repeat(500) + ' deep', '['.repeat(2000), '| a |\n| - |\n| b | c | d |', '- [ ]', '```', '*'.repeat(1000), '<script>alert(1)</script>']) {
      const parsed = parseMarkdownNow(input);
      parsed.check();
      expect(parsed.type.name).to.equal('doc');
    }
  });

  it('keeps lists nested ten deep', () => {
    let list = ul(li(p('leaf')));
    for (let i = 9; i > 0; i--) list = ul(li(p(`level ${i}`), list));
    const deep = doc(list);
    expectDoc(parseMarkdownNow(md(deep)), deep);
  });
});

describe('parseMarkdown', () => {
  it('returns a promise of the parsed document', async () => {
    const pending = parseMarkdown('# Title\n\n- [ ] task');
    expect(pending).to.be.instanceOf(Promise);
    expectDoc(await pending, doc(h1('Title'), taskList(taskItem(p('task')))));
  });

  it('is served by a module that loads markdown-it only through a dynamic import', async () => {
    const source = await readFile(new URL('../../../src/core/serialize/markdown.ts', import.meta.url), 'utf8');
    const staticImports = source.match(/^\s*import\s[^(][^;]*;/gm) ?? [];
    expect(staticImports.join('\n')).not.to.match(/markdown-it|prosemirror-markdown|markdown-parse/);
    expect(source).to.match(/import\(\s*["']\.\/markdown-parse\.js["']\s*\)/);
  });
});

describe('markdown for nodes without a markdown form', () => {
  const badge: NodeDefinition = {
    name: 'badge',
    group: 'block',
    content: 'inline*',
    attrs: { tone: { type: 'enum', values: ['a', 'b'], default: 'a' } },
    html: { tag: 'div', attrs: { tone: 'data-badge' } },
  };
  const schema = editorSetup([badge]).schema;
  const html = (from: PMNode) => serializeHTML(from);

  it('reads their HTML fences back through the schema, at the top level and inside lists and quotes', () => {
    const source = parseHTML('<div data-badge="b">Top</div><ul><li><p>item</p><div data-badge="b">In a list</div></li></ul><blockquote><div data-badge="a">Quoted</div></blockquote><p>after</p>', { schema });
    const markdown = serializeMarkdown(source);
    expect(markdown.match(/```html rich-editor/g)).to.have.length(3);
    const again = parseMarkdownNow(markdown, schema);
    expect(html(again)).to.equal(html(source));
    expect(again.eq(source)).to.equal(true);
  });

  it('cleans the HTML of such a fence, keeps other fences as code, and leaves text that looks like a placeholder', () => {
    const doc = parseMarkdownNow('```html rich-editor\n<div data-badge="b" onclick="alert(1)">x<script>alert(2)</script></div>\n```\n\n```html\n<b>code</b>\n```\n\n\uE000abc:0\uE001', schema);
    expect(html(doc)).to.equal('<div data-badge="b">x</div><pre data-language="html"><code class="language-html">&lt;b&gt;code&lt;/b&gt;</code></pre><p>\uE000abc:0\uE001</p>');
  });
});

describe('markdown of a document written again after an edit', () => {
  /** A block of a host's, `<tag>` in HTML, written to markdown by `serialize`. */
  const hostBlock = (name: string, tag: string, content: string, serialize: NonNullable<MarkdownRule['serialize']>): NodeDefinition => ({
    name,
    group: 'block',
    content,
    html: { tag },
    markdown: { serialize },
  });
  /** How many times the note's markdown rule was asked. */
  let written = 0;
  const note = hostBlock('note', 'aside', 'inline*', (node, { inline }) => {
    written++;
    return inline(node).map((line) => `> note: ${line}`);
  });
  const schema = editorSetup([note]).schema;

  it('writes again only the blocks an edit changed, and writes the same markdown', () => {
    const source = parseHTML('<aside>one</aside><ul><li><p>a</p></li></ul><ol><li><p>b</p></li></ol><aside>two</aside><aside>three</aside>', { schema });
    const first = serializeMarkdown(source);
    expect(written).to.equal(3);
    // "two" edited: a new node there, the others the same objects, as after a transaction.
    const at = 3;
    const edited = source.copy(source.content.replaceChild(at, schema.nodes.note.create(null, schema.text('two!'))));
    expect(serializeMarkdown(edited)).to.equal(first.replace('note: two', 'note: two!'));
    expect(written).to.equal(4);
    // Asked again, nothing is written again.
    expect(serializeMarkdown(edited)).to.equal(serializeMarkdown(edited));
    expect(written).to.equal(4);
  });

  it('writes a list again when the list before it changes its marker', () => {
    const two = parseHTML('<ul><li><p>a</p></li></ul><ul><li><p>b</p></li></ul>', { schema });
    expect(serializeMarkdown(two)).to.equal('- a\n\n* b');
    // The first list gone: the second, the same node, now takes the first marker.
    expect(serializeMarkdown(two.copy(two.content.cut(two.child(0).nodeSize)))).to.equal('- b');
  });

  it('hands each caller lines of its own: a rule that changes the lines it is given changes no later markdown', () => {
    const changing = hostBlock('changing', 'section', 'block+', (node, { children }) => {
      const blocks = children(node);
      for (const block of blocks) block.lines[0] = `! ${block.lines[0]}`;
      return blocks.flatMap((block) => block.lines);
    });
    const withChanging = editorSetup([changing]).schema;
    const source = parseHTML('<section><p>inside</p></section>', { schema: withChanging });
    expect(serializeMarkdown(source)).to.equal('! inside');
    expect(serializeMarkdown(source)).to.equal('! inside');
    const paragraph = source.child(0).child(0);
    expect(serializeMarkdown(withChanging.nodes.doc.create(null, paragraph))).to.equal('inside');
  });
});
