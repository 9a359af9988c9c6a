import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { EditorState, NodeSelection, Plugin, TextSelection } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { parseHTML, serializeHTML } from '../../../src/core/index.js';
import { pasteKey, pastePlugin } from '../../../src/core/plugins/paste.js';
import { captureLog } from '../../helpers/log.js';
import { clipboardEvent, copyFrom } from '../../helpers/clipboard.js';

/** Pastes through a real `paste` ClipboardEvent on the editor's DOM, as a browser delivers it. */
function paste(view: EditorView, data: { html?: string; text?: string }): ClipboardEvent {
  const transfer = new DataTransfer();
  if (data.html !== undefined) transfer.setData('text/html', data.html);
  if (data.text !== undefined) transfer.setData('text/plain', data.text);
  const event = clipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true });
  view.dom.dispatchEvent(event);
  return event;
}

/** The editor's document as HTML, checked against the schema first. */
function html(view: EditorView): string {
  view.state.doc.check();
  return serializeHTML(view.state.doc);
}

/** A plugin whose `transformPasted` throws for the given kinds of paste (HTML and/or text). */
function failingPlugin(when: { html: boolean; text: boolean }): Plugin {
  return new Plugin({
    props: {
      transformPasted: (slice, _view, plain) => {
        if (plain ? when.text : when.html) throw new Error('broken paste hook');
        return slice;
      },
    },
  });
}

describe('pastePlugin', () => {
  const views: EditorView[] = [];

  /** A live, attached editor over `html` with the paste plugin (plus `extra` plugins after it). */
  function editor(html: string, extra: Plugin[] = [], withPastePlugin = true): EditorView {
    const place = document.body.appendChild(document.createElement('div'));
    const plugins = withPastePlugin ? [pastePlugin(), ...extra] : extra;
    const view = new EditorView(place, { state: EditorState.create({ doc: parseHTML(html), plugins }) });
    views.push(view);
    return view;
  }

  /** An image address that never touches the network: a `blob:` URL of an empty blob (it fails to decode). */
  let IMG = '';

  before(() => {
    IMG = URL.createObjectURL(new Blob([], { type: 'image/png' }));
  });

  after(() => {
    URL.revokeObjectURL(IMG);
  });

  afterEach(() => {
    for (const view of views.splice(0)) {
      const place = view.dom.parentElement;
      view.destroy();
      place?.remove();
    }
  });

  it('is identified by its exported key', () => {
    const view = editor('<p>x</p>');
    expect(pasteKey.get(view.state)).to.equal(view.state.plugins[0]);
  });

  describe('images', () => {
    it('removes images from pasted HTML and keeps the text around them', () => {
      const view = editor('<p></p>');
      paste(view, { html: `<p>before</p><img src="${IMG}"><p>after</p>`, text: 'before\nafter' });
      expect(html(view)).to.equal('<p>before</p><p>after</p>');
    });

    it('keeps a paragraph whole when an image sat inside its text', () => {
      const view = editor('<p></p>');
      paste(view, { html: `<p>before <img src="${IMG}"> after</p><p>next</p>`, text: 'before  after\nnext' });
      expect(html(view)).to.equal('<p>before after</p><p>next</p>');
    });

    it('joins a paragraph with an image inside it into the paragraph the caret is in', () => {
      const view = editor('<p>[]</p>');
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 2)));
      paste(view, { html: `<p>a <span><img src="${IMG}" width="20"></span>b</p>`, text: 'a b' });
      expect(html(view)).to.equal('<p>[a b]</p>');
    });

    it('leaves a table cell that held only an image with an empty paragraph', () => {
      const view = editor('<p></p>');
      paste(view, { html: `<table><tr><td><img src="${IMG}"></td><td><p>b</p></td></tr></table>` });
      expect(html(view)).to.equal('<table><tbody><tr><td><p></p></td><td><p>b</p></td></tr></tbody></table>');
    });

    it('changes nothing when the pasted HTML was only an image', () => {
      const view = editor('<p>keep</p>');
      paste(view, { html: `<img src="${IMG}">` });
      expect(html(view)).to.equal('<p>keep</p>');
    });

    it('keeps an image that an internal drag moves', () => {
      const view = editor(`<p>first</p><img src="${IMG}"><p>last</p>`);
      view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, 7)));
      const transfer = new DataTransfer();
      const img = view.dom.querySelector('img')!;
      img.dispatchEvent(new DragEvent('dragstart', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      expect(view.dragging, 'ProseMirror started an internal drag').to.not.equal(null);
      const target = view.dom.querySelectorAll('p')[1].getBoundingClientRect();
      view.dom.dispatchEvent(
        new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true, clientX: target.right - 1, clientY: target.top + target.height / 2 }),
      );
      expect(html(view)).to.equal(`<p>first</p><p>last</p><img width="35%" src="${IMG}" style="width: 35%; height: auto;">`);
    });

    it('removes images from HTML dropped from outside the editor', () => {
      const view = editor('<p>first</p><p>last</p>');
      const transfer = new DataTransfer();
      transfer.setData('text/html', `<p>dropped</p><img src="${IMG}">`);
      const target = view.dom.querySelectorAll('p')[1].getBoundingClientRect();
      view.dom.dispatchEvent(
        new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true, clientX: target.right - 1, clientY: target.top + target.height / 2 }),
      );
      expect(html(view)).to.not.contain('<img');
      expect(html(view)).to.contain('dropped');
    });
  });

  describe('a drag from the document dropped into a code block', () => {
    const MENTION = '<span data-type="mention" data-id="u1" data-label="Ann Lee">@Ann Lee</span>';

    /** Drags the view's selection as ProseMirror starts a drag, and drops it on the code block's `code` element, `x` pixels in. */
    function dragSelectionIntoCode(view: EditorView, x = 2): void {
      const transfer = new DataTransfer();
      view.dom.querySelector('p')!.dispatchEvent(new DragEvent('dragstart', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      expect(view.dragging, 'ProseMirror started an internal drag').to.not.equal(null);
      const target = view.dom.querySelector('code')!.getBoundingClientRect();
      view.dom.dispatchEvent(
        new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true, clientX: target.left + x, clientY: target.top + target.height / 2 }),
      );
    }

    it('writes a mention and a line break in the dragged text as their text, and moves it', () => {
      const view = editor(`<p>ask ${MENTION} now<br>later</p><pre><code>x</code></pre>`);
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 5, 16)));
      dragSelectionIntoCode(view, 0);
      expect(html(view)).to.equal('<p>ask </p><pre data-language="plaintext"><code class="language-plaintext">@Ann Lee now\nlaterx</code></pre>');
    });

    it('puts text from several blocks on lines of their own', () => {
      const view = editor(`<p>one ${MENTION}</p><p>two</p><pre><code>x</code></pre>`);
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 5, 11)));
      dragSelectionIntoCode(view, 0);
      expect(html(view)).to.equal('<p>one </p><pre data-language="plaintext"><code class="language-plaintext">@Ann Lee\ntwox</code></pre>');
    });

    it('lets a whole block land beside the code block, as before', () => {
      const view = editor(`<pre><code>x</code></pre><p>ask ${MENTION}</p>`);
      const before = html(view);
      view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, 3)));
      dragSelectionIntoCode(view, 0);
      expect(html(view)).to.equal(before.replace(/^(<pre.*<\/pre>)(<p>.*<\/p>)$/, '$2$1'));
    });
  });

  describe('foreign HTML', () => {
    it('does not make text bold because of the Google Docs <b style="font-weight:normal"> wrapper', () => {
      const view = editor('<p></p>');
      paste(view, {
        html:
          '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-8f1c2d3e-7fff-1234-abcd-0123456789ab">' +
          '<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial;color:#000000;font-weight:400;">Plain and </span>' +
          '<span style="font-size:11pt;font-family:Arial;color:#000000;font-weight:700;">bold</span></p></b>',
        text: 'Plain and bold',
      });
      expect(html(view)).to.equal('<p>Plain and <strong>bold</strong></p>');
    });

    it('cleans Word markup down to the schema', () => {
      const view = editor('<p></p>');
      paste(view, {
        html:
          '<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head>' +
          '<meta name=Generator content="Microsoft Word 15"><style><!-- p.MsoNormal {margin:0cm; font-size:11.0pt; font-family:"Calibri",sans-serif;} --></style></head>' +
          '<body lang=EN-GB><!--StartFragment--><p class=MsoNormal><span style=\'mso-fareast-language:EN-US\'>Hello <b>Word</b><o:p></o:p></span></p>' +
          '<p class=MsoListParagraph style=\'text-indent:-18.0pt;mso-list:l0 level1 lfo1\'><![if !supportLists]><span style=\'font-family:Symbol\'>·</span><![endif]>' +
          '<i>Item</i><o:p></o:p></p><!--EndFragment--></body></html>',
        text: 'Hello Word\n·Item',
      });
      // The list paragraph is a list item, its typed-out bullet gone (paste-sources.ts; more in test/element/paste-sources.test.ts).
      expect(html(view)).to.equal('<p>Hello <strong>Word</strong></p><ul><li><p><em>Item</em></p></li></ul>');
    });

    it('drops unknown elements and scripts but keeps their text', () => {
      const view = editor('<p></p>');
      paste(view, {
        html: '<p><x-widget data-x="1">widget</x-widget> <font color="red">font</font> <marquee>moving</marquee><script>window.__pasteScriptRan = true</script></p>',
      });
      expect(html(view)).to.equal('<p>widget font moving</p>');
      expect((window as { __pasteScriptRan?: boolean }).__pasteScriptRan).to.equal(undefined);
    });

    it('keeps the text of a javascript: link and drops the link', () => {
      const view = editor('<p></p>');
      paste(view, { html: '<p><a href="jav&#x09;ascript:alert(1)">click</a></p>' });
      expect(html(view)).to.equal('<p>click</p>');
    });
  });

  describe('ProseMirror clipboard context (data-pm-slice)', () => {
    const hostileList = '<p data-pm-slice=\'0 0 ["ordered_list",{"start":"javascript:alert(1)\\" onclick=\\"alert(1)"},"list_item",null]\'>hello</p>';

    it('keeps a context wrapper with cleaned values where ProseMirror alone drops it', () => {
      const bare = editor('<p>x</p>', [], false);
      paste(bare, { html: hostileList });
      expect(html(bare), 'ProseMirror catches the invalid attribute by dropping the wrapper').to.equal('<p>hello</p><p>x</p>');
      const view = editor('<p>x</p>');
      paste(view, { html: hostileList });
      expect(html(view)).to.equal('<ol><li><p>hello</p></li></ol><p>x</p>');
    });

    it('cleans a malformed attribute to the value a parse rule would give', () => {
      const view = editor('<p>x</p>');
      paste(view, { html: '<p data-pm-slice=\'0 0 ["ordered_list",{"start":"5\\"><img src=x onerror=alert(1)>"},"list_item",null]\'>hello</p>' });
      expect(html(view)).to.equal('<ol start="5"><li><p>hello</p></li></ol><p>x</p>');
      const tasks = editor('<p>x</p>');
      paste(tasks, { html: '<p data-pm-slice=\'0 0 ["task_list",{"onclick":"alert(1)"},"task_item",{"checked":"javascript:alert(1)"}]\'>task</p>' });
      expect(html(tasks)).to.equal(
        '<ul data-type="taskList"><li data-type="taskItem" data-checked="false"><label contenteditable="false"><input type="checkbox"></label><div><p>task</p></div></li></ul><p>x</p>',
      );
    });

    it('ends the context at an unknown node type', () => {
      const view = editor('<p>x</p>');
      paste(view, { html: '<p data-pm-slice=\'0 0 ["script",{"src":"x"},"blockquote",null]\'>quoted</p>' });
      expect(html(view)).to.equal('<blockquote><p>quoted</p></blockquote><p>x</p>');
    });

    it('ignores a context that names a leaf or inline node as a wrapper', () => {
      const view = editor('<p>x</p>');
      paste(view, { html: `<p data-pm-slice='1 1 ["image",{"src":"${IMG}"}]'>one</p>` });
      paste(view, { html: '<p data-pm-slice=\'1 1 ["mention",{"redirect_uri":"javascript:alert(1)"}]\'>two</p>' });
      expect(html(view)).to.equal('<p>onetwox</p>');
    });

    it('unwraps a context wrapper that cannot hold the pasted content, where ProseMirror alone throws', () => {
      const misfit = '<p data-pm-slice=\'1 1 ["code_block",{"language":"js"}]\'>code?</p>';
      const bare = editor('<p>x</p>', [], false);
      const transfer = new DataTransfer();
      transfer.setData('text/html', misfit);
      // view.dispatchEvent runs ProseMirror's handler directly, so its error reaches us instead of window.onerror.
      expect(() => bare.dispatchEvent(clipboardEvent('paste', { clipboardData: transfer, cancelable: true }))).to.throw(TypeError);
      const log = captureLog();
      try {
        const view = editor('<p>x</p>');
        paste(view, { html: misfit });
        paste(view, { html: '<p data-pm-slice=\'1 1 ["code_block",{"language":"x\\" onmouseover=\\"alert(1)"}]\'>!</p>' });
        expect(html(view)).to.equal('<p>code?!x</p>');
      } finally {
        log.restore();
      }
      expect(log.entries, 'nothing failed, so nothing was logged').to.deep.equal([]);
    });

    it('reads markup with an unparseable slice marker as ordinary HTML', () => {
      const view = editor('<p>x</p>');
      paste(view, { html: '<p data-pm-slice=\'0 0 [{"broken\'>one</p>' });
      paste(view, { html: '<p data-pm-slice="nonsense"><em>two</em></p>' });
      expect(html(view)).to.equal('<p>one</p><p><em>two</em>x</p>');
    });
  });

  describe('words copied from inside one block', () => {
    /** The selection over the first `word` of the document's text. */
    function select(view: EditorView, word: string): void {
      let from = -1;
      view.state.doc.descendants((node, pos) => {
        if (from < 0 && node.isText && node.text!.includes(word)) from = pos + node.text!.indexOf(word);
      });
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, from, from + word.length)));
    }

    /** Copies `word` as a user's copy does, selects `over` and pastes what the copy put on the clipboard. */
    function copyOver(view: EditorView, word: string, over: string): void {
      select(view, word);
      const copied = copyFrom(view.dom);
      expect(copied.handled, 'ProseMirror wrote the copy').to.equal(true);
      select(view, over);
      paste(view, { html: copied.html, text: copied.text });
    }

    it('paste as words over the first word of a list item\'s second paragraph, not as a nested list or quote', () => {
      const fromList = editor('<ul><li><p>one</p><p>target here</p></li></ul><ul><li><p>src</p></li></ul>');
      copyOver(fromList, 'src', 'target');
      expect(html(fromList)).to.equal('<ul><li><p>one</p><p>src here</p></li></ul><ul><li><p>src</p></li></ul>');
      const fromQuote = editor('<ul><li><p>one</p><p>target here</p></li></ul><blockquote><p>a</p><p>src</p></blockquote>');
      copyOver(fromQuote, 'src', 'target');
      expect(html(fromQuote)).to.equal('<ul><li><p>one</p><p>src here</p></li></ul><blockquote><p>a</p><p>src</p></blockquote>');
    });

    it('paste over a word copied from the same place leaves the document as it was', () => {
      const view = editor('<blockquote><p>a</p><p>same words</p></blockquote>');
      copyOver(view, 'same', 'same');
      expect(html(view)).to.equal('<blockquote><p>a</p><p>same words</p></blockquote>');
    });

    it('keep a paragraph a paragraph when a heading\'s word is pasted over its first word', () => {
      const view = editor('<h2>Title</h2><p>target here</p>');
      copyOver(view, 'Title', 'target');
      expect(html(view)).to.equal('<h2>Title</h2><p>Title here</p>');
    });

    it('keep their block\'s type, without its list or quote, pasted into an empty line', () => {
      const view = editor('<h2>Title</h2><ul><li><p>item</p></li></ul><p>x</p><p></p>');
      const end = () => view.state.doc.content.size - 1;
      // The heading's whole text, as three clicks select it.
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1, 6)));
      const heading = copyFrom(view.dom);
      select(view, 'item');
      const item = copyFrom(view.dom);
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, end())));
      paste(view, { html: heading.html, text: heading.text });
      view.dispatch(view.state.tr.insert(view.state.doc.content.size, view.state.schema.nodes.paragraph.create()));
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, end())));
      paste(view, { html: item.html, text: item.text });
      expect(html(view)).to.equal('<h2>Title</h2><ul><li><p>item</p></li></ul><p>x</p><h2>Title</h2><p>item</p>');
    });

    it('keep the line breaks they end with', () => {
      const view = editor('<p>one<br>two<br><br>three</p><p>end</p>');
      const start = 1;
      // "one" and the line break after it.
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, start, start + 4)));
      const once = copyFrom(view.dom);
      expect(once.html, 'the copy ends with the break').to.match(/one<br><\/p>$/);
      // "two" and both breaks after it.
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, start + 4, start + 9)));
      const twice = copyFrom(view.dom);
      const end = view.state.doc.content.size - 1;
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, end)));
      paste(view, { html: once.html, text: once.text });
      paste(view, { html: twice.html, text: twice.text });
      expect(html(view)).to.equal('<p>one<br>two<br><br>three</p><p>endone<br>two<br><br></p>');
    });

    it('keep their marks, and a copy spanning two blocks keeps its structure', () => {
      const view = editor('<ul><li><p>one <strong>bold</strong></p></li><li><p>two</p></li></ul><p>target</p>');
      copyOver(view, 'bold', 'target');
      expect(html(view)).to.equal('<ul><li><p>one <strong>bold</strong></p></li><li><p>two</p></li></ul><p><strong>bold</strong></p>');
      const spanning = editor('<ul><li><p>one</p></li><li><p>two</p></li></ul><p>end</p>');
      select(spanning, 'one');
      const $from = spanning.state.selection.$from;
      spanning.dispatch(spanning.state.tr.setSelection(TextSelection.create(spanning.state.doc, $from.pos, $from.pos + 10)));
      const copied = copyFrom(spanning.dom);
      spanning.dispatch(spanning.state.tr.setSelection(TextSelection.create(spanning.state.doc, spanning.state.doc.content.size - 1)));
      paste(spanning, { html: copied.html, text: copied.text });
      expect(html(spanning)).to.equal('<ul><li><p>one</p></li><li><p>two</p></li></ul><p>endone</p><ul><li><p>two</p></li></ul>');
    });
  });

  describe('lines of plain text pasted into a list item', () => {
    it('are items of that list, the first joining the item at the caret and the text after it ending the last', () => {
      const view = editor('<ul><li><p>fixrst</p></li></ul>');
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 6)));
      paste(view, { text: 'apples\nbananas\ncherries' });
      expect(html(view)).to.equal('<ul><li><p>fixapples</p></li><li><p>bananas</p></li><li><p>cherriesrst</p></li></ul>');
      expect(view.state.selection.$from.parent.textContent, 'the caret ends after the pasted text').to.equal('cherriesrst');
      expect(view.state.selection.$from.parentOffset).to.equal('cherries'.length);
    });

    it('are to-dos not done in a to-do list, and numbered items in a numbered list', () => {
      const tasks = editor('<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p></p></li></ul>');
      tasks.dispatch(tasks.state.tr.setSelection(TextSelection.create(tasks.state.doc, 3)));
      paste(tasks, { text: 'one\ntwo\n' });
      const checks = [...tasks.state.doc.firstChild!.content.content].map((item) => [item.textContent, item.attrs.checked]);
      expect(checks).to.deep.equal([['one', true], ['two', false], ['', false]]);
      const numbered = editor('<ol start="3"><li><p>a</p></li></ol>');
      numbered.dispatch(numbered.state.tr.setSelection(TextSelection.create(numbered.state.doc, 4)));
      paste(numbered, { text: 'b\r\nc' });
      expect(html(numbered)).to.equal('<ol start="3"><li><p>ab</p></li><li><p>c</p></li></ol>');
    });

    it('stay paragraphs elsewhere, and other apps\' lines in HTML keep their form', () => {
      const quote = editor('<blockquote><p>q</p></blockquote>');
      quote.dispatch(quote.state.tr.setSelection(TextSelection.create(quote.state.doc, 3)));
      paste(quote, { text: 'one\ntwo' });
      expect(html(quote)).to.equal('<blockquote><p>qone</p><p>two</p></blockquote>');
      const list = editor('<ul><li><p>x</p></li></ul>');
      list.dispatch(list.state.tr.setSelection(TextSelection.create(list.state.doc, 4)));
      paste(list, { html: '<span>one</span><br><span>two</span>', text: 'one\ntwo' });
      expect(html(list)).to.equal('<ul><li><p>xone<br>two</p></li></ul>');
    });
  });

  describe('ProseMirror paste rules it keeps', () => {
    it('pastes plain text when the clipboard has no HTML', () => {
      const view = editor('<p>x</p>');
      paste(view, { text: 'one\ntwo' });
      expect(html(view)).to.equal('<p>one</p><p>twox</p>');
    });

    it('pastes only the text into a code block', () => {
      const view = editor('<pre><code>x</code></pre>');
      paste(view, { html: '<p><strong>bold</strong></p>', text: 'bold' });
      expect(html(view)).to.equal('<pre data-language="plaintext"><code class="language-plaintext">boldx</code></pre>');
    });

    it('pastes plain text while Shift is held (Ctrl+Shift+V)', async () => {
      const view = editor('<p>x</p>');
      view.focus();
      await sendKeys({ down: 'Shift' });
      try {
        paste(view, { html: '<p><strong>bold</strong></p>', text: 'bold' });
      } finally {
        await sendKeys({ up: 'Shift' });
      }
      expect(html(view)).to.equal('<p>boldx</p>');
    });

    it('does nothing in a read-only editor', () => {
      const view = editor('<p>x</p>');
      view.setProps({ editable: () => false });
      const event = paste(view, { html: '<p>pasted</p>', text: 'pasted' });
      expect(html(view)).to.equal('<p>x</p>');
      expect(event.defaultPrevented).to.equal(false);
    });
  });

  describe('failures', () => {
    it('logs a failing paste and pastes the clipboard text instead', () => {
      const log = captureLog();
      let event: ClipboardEvent;
      const view = editor('<p>x</p>', [failingPlugin({ html: true, text: false })]);
      try {
        event = paste(view, { html: '<p><strong>rich</strong></p>', text: 'rich' });
      } finally {
        log.restore();
      }
      expect(html(view)).to.equal('<p>richx</p>');
      expect(event.defaultPrevented, 'the browser does not paste the markup itself').to.equal(true);
      expect(log.entries).to.have.length(1);
      expect(log.entries[0].level).to.equal('error');
      expect(String(log.entries[0].cause)).to.contain('broken paste hook');
    });

    it('uses the text of the HTML when the clipboard has no plain text', () => {
      const log = captureLog();
      const view = editor('<p>x</p>', [failingPlugin({ html: true, text: false })]);
      try {
        paste(view, { html: '<p><strong>only</strong> html</p>' });
      } finally {
        log.restore();
      }
      expect(html(view)).to.equal('<p>only htmlx</p>');
      expect(log.entries).to.have.length(1);
    });

    it('ignores a paste that fails even as text and leaves the editor working', () => {
      const log = captureLog();
      const view = editor('<p>x</p>', [failingPlugin({ html: true, text: true })]);
      try {
        paste(view, { html: '<p>rich</p>', text: 'rich' });
      } finally {
        log.restore();
      }
      expect(html(view)).to.equal('<p>x</p>');
      expect(log.entries.map((e) => e.level)).to.deep.equal(['error', 'error']);
      view.dispatch(view.state.tr.insertText('still editable ', 1));
      expect(html(view)).to.equal('<p>still editable x</p>');
    });

    it("without the plugin, the same failure escapes ProseMirror's paste handler", () => {
      const view = editor('<p>x</p>', [failingPlugin({ html: true, text: true })], false);
      const transfer = new DataTransfer();
      transfer.setData('text/html', '<p>rich</p>');
      // view.dispatchEvent runs ProseMirror's handler directly, so the error reaches us instead of window.onerror.
      expect(() => view.dispatchEvent(clipboardEvent('paste', { clipboardData: transfer, cancelable: true }))).to.throw('broken paste hook');
    });
  });
});
