import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { parseHTML, serializeHTML } from '../../../src/core/serialize/html.js';
import { mountEditor, type TestEditor } from '../../helpers/editor.js';

describe('markdown shortcuts', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  async function typeInto(html: string, text: string): Promise<string> {
    editor = mountEditor(html);
    await sendKeys({ type: text });
    return serializeHTML(editor.view.state.doc);
  }

  it('makes headings of levels 1 to 3 with #, ## and ###', async () => {
    expect(await typeInto('<p></p>', '# Title')).to.equal('<h1>Title</h1>');
    editor!.destroy();
    expect(await typeInto('<p></p>', '## Part')).to.equal('<h2>Part</h2>');
    editor!.destroy();
    expect(await typeInto('<p></p>', '### Sub')).to.equal('<h3>Sub</h3>');
  });

  it('leaves #### as text: headings stop at level 3', async () => {
    expect(await typeInto('<p></p>', '#### x')).to.equal('<p>#### x</p>');
  });

  it('makes a quote with >', async () => {
    expect(await typeInto('<p></p>', '> said')).to.equal('<blockquote><p>said</p></blockquote>');
  });

  for (const marker of ['-', '*', '+']) {
    it(`makes a bullet list with ${marker}`, async () => {
      expect(await typeInto('<p></p>', `${marker} item`)).to.equal('<ul><li><p>item</p></li></ul>');
    });
  }

  it('makes a numbered list with 1. and keeps another start number', async () => {
    expect(await typeInto('<p></p>', '1. one')).to.equal('<ol><li><p>one</p></li></ol>');
    editor!.destroy();
    expect(await typeInto('<p></p>', '4. four')).to.equal('<ol start="4"><li><p>four</p></li></ol>');
    editor!.destroy();
    expect(await typeInto('<p></p>', '2) two')).to.equal('<ol start="2"><li><p>two</p></li></ol>');
  });

  it('makes to-do items with [ ] and [x]', async () => {
    expect(await typeInto('<p></p>', '[ ] open')).to.equal(
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="false"><label contenteditable="false"><input type="checkbox"></label><div><p>open</p></div></li></ul>',
    );
    editor!.destroy();
    const html = await typeInto('<p></p>', '[x] done');
    expect(html).to.contain('data-checked="true"');
    expect(editor!.view.state.doc.textContent).to.equal('done');
  });

  const TODO = (checked: boolean, inner: string) =>
    `<li data-type="taskItem" data-checked="${String(checked)}"><label contenteditable="false"><input type="checkbox"${checked ? ' checked="checked"' : ''}></label><div>${inner}</div></li>`;

  it('makes a to-do item of a list item with - [ ], as GitHub writes a task, and Backspace gives the brackets back', async () => {
    expect(await typeInto('<p></p>', '- [ ] task')).to.equal(`<ul data-type="taskList">${TODO(false, '<p>task</p>')}</ul>`);
    editor!.destroy();
    expect(await typeInto('<p></p>', '- [x] ')).to.equal(`<ul data-type="taskList">${TODO(true, '<p></p>')}</ul>`);
    await sendKeys({ press: 'Backspace' });
    expect(serializeHTML(editor!.view.state.doc)).to.equal('<ul><li><p>[x] </p></li></ul>');
  });

  it('makes a to-do list of its own of an item in the middle of a list, keeping the items around it and what it holds', async () => {
    editor = mountEditor('<ol><li><p>a</p></li><li><p></p><ul><li><p>nested</p></li></ul></li><li><p>c</p></li></ol>', { caret: 8 });
    await sendKeys({ type: '[ ] b' });
    expect(serializeHTML(editor.view.state.doc)).to.equal(
      `<ol><li><p>a</p></li></ol><ul data-type="taskList">${TODO(false, '<p>b</p><ul><li><p>nested</p></li></ul>')}</ul><ol start="3"><li><p>c</p></li></ol>`,
    );
  });

  it('applies bold, italic, strike and code from their delimiters', async () => {
    expect(await typeInto('<p></p>', 'a **b** c')).to.equal('<p>a <strong>b</strong> c</p>');
    editor!.destroy();
    expect(await typeInto('<p></p>', 'a *b* c')).to.equal('<p>a <em>b</em> c</p>');
    editor!.destroy();
    expect(await typeInto('<p></p>', 'a ~~b~~ c')).to.equal('<p>a <s>b</s> c</p>');
    editor!.destroy();
    expect(await typeInto('<p></p>', 'a `b` c')).to.equal('<p>a <code>b</code> c</p>');
    editor!.destroy();
    expect(await typeInto('<p></p>', 'a __b__ and _c d_ e')).to.equal('<p>a <strong>b</strong> and <em>c d</em> e</p>');
  });

  it('links the text of [text](address) as it is closed, keeping its marks; Backspace gives the markdown back', async () => {
    const A = (href: string, text: string) => `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow">${text}</a>`;
    expect(await typeInto('<p></p>', 'see [the **docs**](https://example.com/d) now')).to.equal(`<p>see ${A('https://example.com/d', 'the <strong>docs</strong>')} now</p>`);
    editor!.destroy();
    expect(await typeInto('<p></p>', 'a [b [c](www.example.org)')).to.equal(`<p>a [b ${A('https://www.example.org', 'c')}</p>`);
    await sendKeys({ press: 'Backspace' });
    expect(serializeHTML(editor!.view.state.doc)).to.equal('<p>a [b [c](www.example.org)</p>');
  });

  it('leaves [text](address) as typed for an address a link may not have, an image and an escaped bracket', async () => {
    expect(await typeInto('<p></p>', '[x](javascript:alert(1)) [y](/relative) ![z](https://example.com/i.png) \\[w](https://example.com)')).to.equal(
      '<p>[x](javascript:alert(1)) [y](/relative) ![z](https://example.com/i.png) \\[w](https://example.com)</p>',
    );
  });

  it('opens bold, italic and strike only at a word start: arithmetic, paths and words with stars stay as typed', async () => {
    expect(await typeInto('<p></p>', 'n 2*3*4 ')).to.equal('<p>n 2*3*4 </p>');
    editor!.destroy();
    expect(await typeInto('<p></p>', 'src/*/index* ')).to.equal('<p>src/*/index* </p>');
    editor!.destroy();
    expect(await typeInto('<p></p>', 'a**b** x~~y~~')).to.equal('<p>a**b** x~~y~~</p>');
    editor!.destroy();
    expect(await typeInto('<p></p>', 'set max_retry_count and a__b__ ')).to.equal('<p>set max_retry_count and a__b__ </p>');
    editor!.destroy();
    expect(await typeInto('<p></p>', '(*aside*) "**said**"')).to.equal('<p>(<em>aside</em>) "<strong>said</strong>"</p>');
  });

  it('keeps a link, a mention and a line break between the delimiters, and Backspace gives the delimiters back', async () => {
    const mention = '<span data-type="mention" data-id="u1" data-label="Ann Lee">@Ann Lee</span>';
    const before = `<p>keep **see <a href="https://example.com">site</a>, ${mention}<br>then*</p>`;
    const html = await typeInto(before, '*');
    const link = '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow"><strong>site</strong></a>';
    const kept = '<span data-type="mention" class="mention" data-id="u1" data-label="Ann Lee" data-self="false" data-redirect-uri="/">@Ann Lee</span>';
    expect(html).to.equal(`<p>keep <strong>see </strong>${link}<strong>, ${kept}<br>then</strong></p>`);
    await sendKeys({ press: 'Backspace' });
    expect(serializeHTML(editor!.view.state.doc)).to.equal(serializeHTML(parseHTML(before.replace('then*', 'then**'))));
  });

  it('starts a code block with three backticks or tildes and a language', async () => {
    expect(await typeInto('<p></p>', '```ts ')).to.equal('<pre data-language="ts"><code class="language-ts"></code></pre>');
    editor!.destroy();
    expect(await typeInto('<p></p>', '~~~ ')).to.equal('<pre data-language="plaintext"><code class="language-plaintext"></code></pre>');
    editor!.destroy();
    editor = mountEditor('<p></p>');
    await sendKeys({ type: '```python' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'x = 1' });
    expect(serializeHTML(editor.view.state.doc)).to.equal('<pre data-language="python"><code class="language-python">x = 1</code></pre>');
  });

  it('keeps a mention as its text when a fence typed at the start of its paragraph makes it code', async () => {
    editor = mountEditor('<p>ask <span data-type="mention" data-id="u1" data-label="Ann Lee">@Ann Lee</span> now</p>', { caret: 1 });
    await sendKeys({ type: '``` ' });
    expect(serializeHTML(editor.view.state.doc)).to.equal('<pre data-language="plaintext"><code class="language-plaintext">ask @Ann Lee now</code></pre>');
    editor.destroy();
    editor = mountEditor('<p>for <span data-type="mention" data-id="u1" data-label="Ann Lee">@Ann Lee</span></p>', { caret: 1 });
    await sendKeys({ type: '## ' });
    expect(serializeHTML(editor.view.state.doc)).to.match(/^<h2>for <span data-type="mention"[^>]*>@Ann Lee<\/span><\/h2>$/);
  });

  it('makes a horizontal rule with three hyphens or underscores', async () => {
    expect(await typeInto('<p></p>', '---')).to.equal('<hr>');
    expect(editor!.view.state.doc.childCount).to.equal(2);
    editor!.destroy();
    expect(await typeInto('<p></p>', '___next')).to.equal('<hr><p>next</p>');
  });

  it('puts a rule typed at the start of a paragraph before it, keeping all its text, with the caret where it was', async () => {
    editor = mountEditor('<p>foo</p><p>bar</p>', { caret: 1 });
    await sendKeys({ type: '---' });
    expect(serializeHTML(editor.view.state.doc)).to.equal('<hr><p>foo</p><p>bar</p>');
    await sendKeys({ type: 'x' });
    expect(serializeHTML(editor.view.state.doc)).to.equal('<hr><p>xfoo</p><p>bar</p>');
    editor.destroy();
    // A list item must start with its paragraph: no rule there, the hyphens stay text (two of them a dash).
    editor = mountEditor('<ul><li><p>foo</p></li></ul>', { caret: 3 });
    await sendKeys({ type: '---' });
    expect(serializeHTML(editor.view.state.doc)).to.equal('<ul><li><p>—-foo</p></li></ul>');
  });

  it('does not apply shortcuts inside a code block', async () => {
    expect(await typeInto('<pre><code></code></pre>', '# **x** `y`')).to.equal(
      '<pre data-language="plaintext"><code class="language-plaintext"># **x** `y`</code></pre>',
    );
  });
});
