// Its own file (its own page): whether the markdown parser has been fetched is page-wide.
import { expect } from '@open-wc/testing';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { sendMouse } from '@web/test-runner-commands';
import { editingPlugins } from '../../../src/core/editor-state.js';
import { parseHTML } from '../../../src/core/serialize/html.js';
import { clipboardEvent } from '../../helpers/clipboard.js';
import { until } from '../../helpers/until.js';

/** The page's fetch of the parser's chunk, once it has been answered. */
const parserFetch = () => performance.getEntriesByType('resource').find((entry) => entry.name.includes('markdown-parse'));

describe('markdown parser loading', () => {
  it('is not fetched for an editor that is only shown; the first focus fetches it, and then markdown pastes formatted', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const view = new EditorView(host, { state: EditorState.create({ doc: parseHTML('<p>Read me.</p>'), plugins: editingPlugins() }) });
    try {
      expect(parserFetch()).to.equal(undefined);
      const box = view.dom.getBoundingClientRect();
      // When the fetch started tells whether it waited for the focus: one the editor made while
      // only shown started before this.
      const focusedAt = performance.now();
      await sendMouse({ type: 'click', position: [Math.round(box.right - 4), Math.round(box.top + box.height / 2)] });
      expect(view.hasFocus()).to.equal(true);
      const fetched = await until(parserFetch, 'the parser fetched');
      expect(fetched.startTime, 'fetched once the editor had focus').to.be.at.least(focusedAt);
      // Loaded and evaluated: a paste now formats at once (until then it pastes as text, taken back out).
      const pasteFormats = () => {
        const clipboardData = new DataTransfer();
        clipboardData.setData('text/plain', ' **now**');
        const event = clipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true });
        view.dom.dispatchEvent(event);
        if (event.defaultPrevented && view.state.doc.rangeHasMark(0, view.state.doc.content.size, view.state.schema.marks.bold)) return true;
        view.dispatch(view.state.tr.delete(view.state.selection.from - ' **now**'.length, view.state.selection.from));
        return false;
      };
      await until(pasteFormats, 'a markdown paste formatted', { saw: () => view.state.doc.textContent });
      expect(view.state.doc.textContent).to.equal('Read me.now');
      expect(view.state.doc.rangeHasMark(0, view.state.doc.content.size, view.state.schema.marks.bold)).to.equal(true);
    } finally {
      view.destroy();
      host.remove();
    }
  });
});
