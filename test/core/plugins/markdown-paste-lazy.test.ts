// Its own file (its own page): whether the markdown parser has been fetched is page-wide.
import { expect } from '@open-wc/testing';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { sendMouse } from '@web/test-runner-commands';
import { editingPlugins } from '../../../src/core/editor-state.js';
import { parseHTML } from '../../../src/core/serialize/html.js';
import { clipboardEvent } from '../../helpers/clipboard.js';

const parserFetched = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('markdown-parse'));

describe('markdown parser loading', () => {
  it('is not fetched for an editor that is only shown; the first focus fetches it, and then markdown pastes formatted', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const view = new EditorView(host, { state: EditorState.create({ doc: parseHTML('<p>Read me.</p>'), plugins: editingPlugins() }) });
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(parserFetched()).to.equal(false);
      const box = view.dom.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(box.right - 4), Math.round(box.top + box.height / 2)] });
      expect(view.hasFocus()).to.equal(true);
      for (let i = 0; i < 200 && !parserFetched(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(parserFetched()).to.equal(true);
      // Loaded and evaluated: a paste now formats at once.
      for (let i = 0; i < 200; i++) {
        await new Promise((r) => setTimeout(r, 25));
        const clipboardData = new DataTransfer();
        clipboardData.setData('text/plain', ' **now**');
        const event = clipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true });
        view.dom.dispatchEvent(event);
        if (event.defaultPrevented && view.state.doc.rangeHasMark(0, view.state.doc.content.size, view.state.schema.marks.bold)) break;
        view.dispatch(view.state.tr.delete(view.state.selection.from - ' **now**'.length, view.state.selection.from));
      }
      expect(view.state.doc.textContent).to.equal('Read me.now');
      expect(view.state.doc.rangeHasMark(0, view.state.doc.content.size, view.state.schema.marks.bold)).to.equal(true);
    } finally {
      view.destroy();
      host.remove();
    }
  });
});
