import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { TextSelection } from 'prosemirror-state';
import { serializeHTML } from '../../../src/core/serialize/html.js';
import { clickThenKeys } from '../../helpers/click-then-keys.js';
import { mountEditor, nextFrame, nextTask, pressWith, type TestEditor } from '../../helpers/editor.js';

describe('text input', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  it('types characters as transactions, not through the browser\'s own editing', async () => {
    editor = mountEditor('<p>ab</p>', { caret: 2 });
    const prevented: boolean[] = [];
    const listener = (event: Event) => prevented.push(event.defaultPrevented);
    editor.view.dom.addEventListener('keypress', listener);
    await sendKeys({ type: 'xy' });
    editor.view.dom.removeEventListener('keypress', listener);
    expect(serializeHTML(editor.view.state.doc)).to.equal('<p>axyb</p>');
    expect(prevented).to.deep.equal([true, true]);
    expect(editor.view.state.selection.head).to.equal(4);
  });

  it('does not extend a link when typing right after it', async () => {
    editor = mountEditor('<p><a href="https://example.com">link</a></p>');
    await sendKeys({ type: 's here' });
    expect(serializeHTML(editor.view.state.doc)).to.equal(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">link</a>s here</p>',
    );
  });

  it('keeps typing inside bold text bold, and applies marks chosen before typing', async () => {
    editor = mountEditor('<p><strong>bold</strong> plain</p>', { caret: 3 });
    await sendKeys({ type: 'er' });
    expect(serializeHTML(editor.view.state.doc)).to.equal('<p><strong>boerld</strong> plain</p>');
    const end = editor.view.state.doc.content.size - 1;
    editor.view.dispatch(editor.view.state.tr.setSelection(TextSelection.create(editor.view.state.doc, end)));
    await pressWith('i', 'Control');
    await sendKeys({ type: '!' });
    expect(serializeHTML(editor.view.state.doc)).to.equal('<p><strong>boerld</strong> plain<em>!</em></p>');
  });

  it('replaces a selected range with the typed character', async () => {
    editor = mountEditor('<p>hello world</p>');
    editor.view.dispatch(editor.view.state.tr.setSelection(TextSelection.create(editor.view.state.doc, 7, 12)));
    await sendKeys({ type: 'there' });
    expect(editor.view.state.doc.textContent).to.equal('hello there');
  });

  it('still runs input rules on typed text', async () => {
    editor = mountEditor('<p></p>');
    await sendKeys({ type: '## Title' });
    expect(serializeHTML(editor.view.state.doc)).to.equal('<h2>Title</h2>');
  });

  it('scrolls a scrolling container so the caret stays in view as text wraps below it', async () => {
    const scroller = document.createElement('div');
    scroller.style.cssText = 'width: 120px; height: 60px; overflow: auto; font: 16px/20px monospace;';
    document.body.appendChild(scroller);
    editor = mountEditor('<p>start</p>');
    scroller.appendChild(editor.view.dom.parentElement!);
    editor.view.focus();
    try {
      await sendKeys({ type: ' word word word word word word word word word word' });
      await nextFrame();
      await nextFrame();
      await nextFrame();
      const caret = editor.view.coordsAtPos(editor.view.state.selection.head);
      const box = scroller.getBoundingClientRect();
      expect(scroller.scrollTop, 'the container scrolled').to.be.greaterThan(0);
      expect(caret.bottom).to.be.at.most(box.bottom + 1);
      expect(caret.top).to.be.at.least(box.top - 1);
    } finally {
      scroller.remove();
    }
  });

  it('leaves a scroll made right after a key where it is, with the caret out of view', async () => {
    const scroller = document.createElement('div');
    scroller.style.cssText = 'width: 200px; height: 60px; overflow: auto; font: 16px/20px monospace;';
    document.body.appendChild(scroller);
    editor = mountEditor(Array.from({ length: 20 }, (_, i) => `<p>line ${i}</p>`).join(''));
    scroller.appendChild(editor.view.dom.parentElement!);
    const { view } = editor;
    view.dispatch(view.state.tr.setSelection(TextSelection.atEnd(view.state.doc)));
    view.focus();
    scroller.scrollTop = scroller.scrollHeight;
    // Scrolled back to the top in the same task as the key, after the editor has typed it: as a
    // host's test scrolls right after typing, before the editor's next frame.
    const scrollAway = () => (scroller.scrollTop = 0);
    view.dom.addEventListener('keypress', scrollAway);
    try {
      expect(scroller.scrollTop, 'the caret at the end, scrolled to').to.be.greaterThan(0);
      await sendKeys({ type: '!' });
      expect(view.state.doc.lastChild!.textContent).to.equal('line 19!');
      expect(scroller.scrollTop).to.equal(0);
      // The editor's check for the caret runs once the frame after the key is laid out.
      await nextFrame();
      await nextFrame();
      await nextTask();
      expect(scroller.scrollTop, 'the scroll stands').to.equal(0);
    } finally {
      view.dom.removeEventListener('keypress', scrollAway);
      scroller.remove();
    }
  });

  it('types where a click put the caret even when the keys come before the browser reports the click', async () => {
    editor = mountEditor('<p>first line</p><p>second line</p><p>third line</p>', { caret: 1 });
    const { view } = editor;
    for (const [block, offset] of [[1, 7], [2, 3], [0, 6], [1, 0]] as const) {
      const text = view.dom.children[block].firstChild as Text;
      const range = document.createRange();
      range.setStart(text, offset);
      range.setEnd(text, offset + 1);
      const rect = range.getBoundingClientRect();
      const before = view.dom.children[block].textContent!;
      await clickThenKeys([Math.round(rect.left + 1), Math.round(rect.top + rect.height / 2)], { type: '<>' });
      expect(view.dom.children[block].textContent).to.equal(before.slice(0, offset) + '<>' + before.slice(offset));
    }
  });
});
