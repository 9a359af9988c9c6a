import { expect } from '@open-wc/testing';
import { EditorState } from 'prosemirror-state';
import { DecorationSet, EditorView, type NodeView } from 'prosemirror-view';
import { parseHTML } from '../../../src/core/index.js';
import { laterView, redrawPlugin, schemaDrawing } from '../../../src/element/node-views/stand-in.js';

// A node view whose implementation arrives later (a chunk of the embed bundle): stand-ins draw
// its nodes until then, and when it arrives only those nodes are drawn again.
describe('a node view that arrives later', () => {
  let view: EditorView | null = null;
  afterEach(() => {
    view?.dom.remove();
    view?.destroy();
    view = null;
  });

  it('draws stand-ins until it arrives, then only those nodes again, and keeps no marks once they are drawn', async () => {
    let asked = 0;
    const later = laterView(schemaDrawing, () => asked++);
    const doc = parseHTML('<p>one</p><pre><code>a</code></pre><p>two</p><pre><code>b</code></pre>');
    view = new EditorView(document.body.appendChild(document.createElement('div')), {
      state: EditorState.create({ doc }),
      nodeViews: { code_block: later.view },
    });
    expect(asked, 'the first stand-in drawn asks for the implementation').to.be.greaterThan(0);
    const paragraphs = [...view.dom.querySelectorAll('p')];
    expect(view.dom.querySelectorAll('pre[data-real]')).to.have.length(0);

    later.provide((node): NodeView => {
      const dom = document.createElement('pre');
      dom.dataset.real = '';
      const contentDOM = dom.appendChild(document.createElement('code'));
      return { dom, contentDOM, update: (updated) => updated.type === node.type };
    });
    const redraw = redrawPlugin('test-redraw', (node) => node.type.name === 'code_block');
    view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins, redraw] }));
    expect(view.dom.querySelectorAll('pre[data-real]'), 'the code blocks are drawn by the implementation').to.have.length(2);
    expect([...view.dom.querySelectorAll('p')], 'the paragraphs keep their DOM').to.deep.equal(paragraphs);
    const drawn = [...view.dom.querySelectorAll('pre')];
    expect((redraw.getState(view.state) as DecorationSet).find()).to.have.length(2);

    // Once drawn, the marks go (kept, every update would look through them for each block).
    await Promise.resolve();
    expect((redraw.getState(view.state) as DecorationSet).find()).to.have.length(0);
    expect([...view.dom.querySelectorAll('pre')], 'dropping the marks draws nothing again').to.deep.equal(drawn);
    view.dispatch(view.state.tr.insertText('!', 1));
    expect((redraw.getState(view.state) as DecorationSet).find()).to.have.length(0);
    expect(view.dom.querySelector('p')!.textContent).to.equal('!one');
  });
});
