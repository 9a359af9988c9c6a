import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { Node as PMNode } from 'prosemirror-model';
import { NodeSelection, Plugin, TextSelection } from 'prosemirror-state';
import { resizeImage } from '../../../src/core/commands/image.js';
import { imageTrackingKey, imageTrackingPlugin, type ImageTrackingOptions } from '../../../src/core/plugins/image-tracking.js';
import { SKIP_IMAGE_TRACKING_META } from '../../../src/core/transaction-meta.js';
import { parseHTML, serializeHTML } from '../../../src/core/serialize/html.js';
import { schema } from '../../../src/core/schema/index.js';
import { captureLog } from '../../helpers/log.js';
import { mountEditor, pressWith, type TestEditor } from '../../helpers/editor.js';
import { clipboardEvent } from '../../helpers/clipboard.js';

const A = 'https://img.invalid/workspace/a.png';
const B = 'https://img.invalid/workspace/b.png';
const img = (src: string) => `<img src="${src}">`;

/**
 * Counts the nodes `nodesBetween` and `descendants` visit (on any document) while
 * `run` runs: a plugin that walks the whole document shows up as thousands of visits.
 */
async function countVisits(run: () => Promise<void> | void): Promise<number> {
  const proto = PMNode.prototype;
  const { nodesBetween, descendants } = proto;
  let visits = 0;
  type Visit = Parameters<PMNode['descendants']>[0];
  const counted = (f: Visit): Visit => (...args) => {
    visits++;
    return f(...args);
  };
  proto.nodesBetween = function (this: PMNode, from: number, to: number, f: Visit, startPos?: number) {
    nodesBetween.call(this, from, to, counted(f), startPos);
  };
  proto.descendants = function (this: PMNode, f: Visit) {
    descendants.call(this, counted(f));
  };
  try {
    await run();
  } finally {
    proto.nodesBetween = nodesBetween;
    proto.descendants = descendants;
  }
  return visits;
}

describe('imageTrackingPlugin', () => {
  let editor: TestEditor | null = null;
  let calls: string[] = [];

  function mount(html: string, options: Partial<ImageTrackingOptions> = {}): TestEditor {
    const plugin = imageTrackingPlugin({
      deleteFile: (path) => void calls.push(`delete ${path}`),
      restoreFile: (path) => void calls.push(`restore ${path}`),
      ...options,
    });
    editor = mountEditor(html, { plugins: [plugin] });
    return editor;
  }

  beforeEach(() => {
    calls = [];
  });

  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  const view = () => editor!.view;
  const selectNode = (pos: number) => view().dispatch(view().state.tr.setSelection(NodeSelection.create(view().state.doc, pos)));
  const html = () => serializeHTML(view().state.doc);

  it('restores each image present at creation once', () => {
    mount(`<p>x</p>${img(A)}${img(B)}${img(A)}`);
    expect(calls).to.deep.equal(['restore /workspace/a.png', 'restore /workspace/b.png']);
  });

  it('makes no call again when new plugins join the state (a part arriving on demand): the new plugin view goes on from the last', async () => {
    mount(`<p>x</p>${img(A)}<p>y</p>`);
    const reconfigure = () => view().updateState(view().state.reconfigure({ plugins: [...view().state.plugins, new Plugin({})] }));
    reconfigure();
    expect(calls).to.deep.equal(['restore /workspace/a.png']);
    selectNode(3);
    await sendKeys({ press: 'Backspace' });
    reconfigure();
    view().dispatch(view().state.tr.insertText('z', 1));
    expect(calls).to.deep.equal(['restore /workspace/a.png', 'delete /workspace/a.png']);
  });

  it('deletes the file of an image the user deletes, with its path', async () => {
    mount(`<p>x</p>${img(A)}<p>y</p>`);
    calls = [];
    selectNode(3);
    await sendKeys({ press: 'Backspace' });
    expect(html()).to.equal('<p>x</p><p>y</p>');
    expect(calls).to.deep.equal(['delete /workspace/a.png']);
  });

  it('restores the file when undo brings the image back, and deletes it again on redo', async () => {
    mount(`<p>x</p>${img(A)}<p>y</p>`);
    selectNode(3);
    await sendKeys({ press: 'Delete' });
    calls = [];
    await pressWith('z', 'Control');
    expect(calls).to.deep.equal(['restore /workspace/a.png']);
    await pressWith('z', 'Control', 'Shift');
    expect(calls).to.deep.equal(['restore /workspace/a.png', 'delete /workspace/a.png']);
  });

  it('deletes the file when undo takes out an inserted image, and restores it on redo', async () => {
    mount('<p>x</p>');
    calls = [];
    view().dispatch(view().state.tr.insert(3, schema.nodes.image.create({ src: A })));
    expect(calls, 'a new image is not restored: it was never deleted').to.deep.equal([]);
    await pressWith('z', 'Control');
    expect(calls).to.deep.equal(['delete /workspace/a.png']);
    await pressWith('z', 'Control', 'Shift');
    expect(calls).to.deep.equal(['delete /workspace/a.png', 'restore /workspace/a.png']);
  });

  it('deletes the file of an image cut to the clipboard', () => {
    mount(`<p>ab</p>${img(A)}<p>cd</p>`);
    calls = [];
    view().dispatch(view().state.tr.setSelection(TextSelection.create(view().state.doc, 2, 7)));
    const event = clipboardEvent('cut', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
    view().dom.dispatchEvent(event);
    expect(event.clipboardData!.getData('text/html')).to.contain('img');
    expect(html()).to.equal('<p>ad</p>');
    expect(calls).to.deep.equal(['delete /workspace/a.png']);
  });

  it('does not delete a file while another node still shows the same address', async () => {
    mount(`${img(A)}<p>x</p>${img(A)}`);
    calls = [];
    selectNode(0);
    await sendKeys({ press: 'Delete' });
    expect(calls).to.deep.equal([]);
    expect(imageTrackingKey.getState(view().state)!.counts.get(A)).to.equal(1);
    const last = view().state.doc.content.size - 1;
    selectNode(last);
    await sendKeys({ press: 'Backspace' });
    expect(calls).to.deep.equal(['delete /workspace/a.png']);
  });

  it('deletes the files of images the content replacement removes', () => {
    mount(`<p>x</p>${img(A)}<ul><li><p>${img(B)}</p></li></ul>`);
    calls = [];
    view().dispatch(view().state.tr.replaceWith(0, view().state.doc.content.size, parseHTML('<p>new</p>').content));
    expect(calls.sort()).to.deep.equal(['delete /workspace/a.png', 'delete /workspace/b.png']);
  });

  it('finds images inside tables and lists', () => {
    mount(`<table><tr><td>${img(A)}</td></tr></table><ul><li><p>l</p>${img(B)}</li></ul>`);
    expect(calls.sort()).to.deep.equal(['restore /workspace/a.png', 'restore /workspace/b.png']);
    calls = [];
    view().dispatch(view().state.tr.delete(0, view().state.doc.content.size));
    expect(calls.sort()).to.deep.equal(['delete /workspace/a.png', 'delete /workspace/b.png']);
  });

  it('leaves files alone for a change marked to skip tracking', () => {
    mount(`<p>x</p>${img(A)}`);
    calls = [];
    view().dispatch(view().state.tr.delete(3, 4).setMeta(SKIP_IMAGE_TRACKING_META, true));
    expect(html()).to.equal('<p>x</p>');
    expect(calls).to.deep.equal([]);
  });

  it('does nothing for a resize, a move or typing', async () => {
    mount(`<p>x</p>${img(A)}<p>y</p>`);
    calls = [];
    resizeImage(3, 300, 200)(view().state, view().dispatch);
    const node = view().state.doc.nodeAt(3)!;
    view().dispatch(view().state.tr.delete(3, 4).insert(0, node));
    await sendKeys({ type: 'typing' });
    expect(calls).to.deep.equal([]);
  });

  it('deletes the old file when an image address changes', () => {
    mount(`<p>x</p>${img(A)}`);
    calls = [];
    view().dispatch(view().state.tr.setNodeAttribute(3, 'src', B));
    expect(calls).to.deep.equal(['delete /workspace/a.png']);
  });

  it('makes the calls of transactions applied together, in order', () => {
    mount(`<p>x</p>${img(A)}`);
    calls = [];
    const deleted = view().state.apply(view().state.tr.delete(3, 4));
    const restored = deleted.apply(deleted.tr.insert(3, schema.nodes.image.create({ src: A })));
    expect(calls, 'nothing is called while states are only computed').to.deep.equal([]);
    view().updateState(restored);
    expect(calls).to.deep.equal(['delete /workspace/a.png', 'restore /workspace/a.png']);
  });

  it('logs a deleteFile that throws, and still deletes the image', async () => {
    const log = captureLog();
    try {
      mount(`<p>x</p>${img(A)}`, {
        deleteFile: () => {
          throw new Error('storage down');
        },
      });
      selectNode(3);
      await sendKeys({ press: 'Backspace' });
    } finally {
      log.restore();
    }
    expect(html()).to.equal('<p>x</p>');
    expect(log.entries.map((e) => e.message)).to.deep.equal(['Image delete failed for /workspace/a.png']);
    expect((log.entries[0].cause as Error).message).to.equal('storage down');
  });

  it('logs a restoreFile whose promise rejects', async () => {
    const log = captureLog();
    try {
      const refused = Promise.reject(new Error('not found'));
      mount(`<p>x</p>${img(A)}`, { restoreFile: () => refused });
      // The editor's handler was attached to the host's promise first, so it has run once the
      // test's own, attached after it, has.
      await refused.catch(() => undefined);
    } finally {
      log.restore();
    }
    expect(log.entries.map((e) => e.message)).to.deep.equal(['Image restore failed for /workspace/a.png']);
  });

  describe('cost', () => {
    const big = (extra = '') => `${img(A)}${Array.from({ length: 5000 }, (_, i) => `<p>paragraph ${i}</p>`).join('')}${extra}`;

    it('does not walk the document on a keystroke in a 5,000-paragraph document', async () => {
      mount(big(img(B)));
      const { doc } = view().state;
      view().dispatch(view().state.tr.setSelection(TextSelection.near(doc.resolve(doc.content.size >> 1))));
      const visits = await countVisits(() => sendKeys({ type: 'x' }));
      expect(view().state.doc.textContent).to.contain('x');
      expect(visits).to.be.below(50);
    });

    it('visits what a deletion removed (so the count above would show a whole-document walk)', async () => {
      mount(big());
      const { doc } = view().state;
      let end = 1;
      for (let i = 1; i <= 200; i++) end += doc.child(i).nodeSize;
      const visits = await countVisits(() => {
        view().dispatch(view().state.tr.delete(1, end));
      });
      expect(visits).to.be.at.least(200);
      expect(calls).to.deep.equal(['restore /workspace/a.png']);
    });
  });
});
