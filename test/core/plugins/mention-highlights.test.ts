import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Node as PMNode } from 'prosemirror-model';
import {
  MENTION_HIGHLIGHT_CLASS,
  mentionHighlightsKey,
  mentionHighlightsPlugin,
  refreshMentionHighlights,
  setMentionHighlights,
} from '../../../src/core/plugins/mention-highlights.js';
import { schema } from '../../../src/core/schema/index.js';
import { captureLog } from '../../helpers/log.js';
import { mountEditor, nextFrame, type TestEditor } from '../../helpers/editor.js';

const { doc, paragraph, mention } = schema.nodes;

function mentionOf(who: string): PMNode {
  return mention.create({ id: who, label: who, target: 'users', entity_identifier: who, entity_name: 'user_mention' });
}

function mentionHTML(who: string): string {
  return `<span data-type="mention" data-id="${who}" data-label="${who}" data-entity-identifier="${who}"></span>`;
}

describe('mention highlights', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  const settle = async () => {
    await Promise.resolve();
    await nextFrame();
  };
  const highlights = () => mentionHighlightsKey.getState(editor!.view.state)!;
  /** Labels of the mentions the page shows highlighted. */
  const highlighted = () => [...editor!.view.dom.querySelectorAll(`.${MENTION_HIGHLIGHT_CLASS}`)].map((el) => el.textContent);

  function mount(content: string | PMNode, list: () => Promise<string[]>, caret?: number): TestEditor {
    editor = mountEditor(content, { plugins: [mentionHighlightsPlugin({ highlights: list })], caret });
    return editor;
  }

  it('asks the host once at start and highlights the mentions whose entity is listed', async () => {
    let asked = 0;
    mount(`<p>${mentionHTML('ann')} and ${mentionHTML('bob')}</p><p>${mentionHTML('ann')}</p>`, () => {
      asked++;
      return Promise.resolve(['ann']);
    });
    expect(highlighted()).to.deep.equal([]);
    await settle();
    expect(asked).to.equal(1);
    expect(highlighted()).to.deep.equal(['@ann', '@ann']);
    expect([...highlights().ids]).to.deep.equal(['ann']);
  });

  it('follows edits: typing before a mention keeps it highlighted, a new mention is highlighted, a deleted one is gone', async () => {
    mount(`<p>${mentionHTML('ann')}</p>`, () => Promise.resolve(['ann', 'cat']), 1);
    await settle();
    await sendKeys({ type: 'hello ' });
    expect(highlighted()).to.deep.equal(['@ann']);
    const { view } = editor!;
    view.dispatch(view.state.tr.insert(view.state.doc.content.size - 1, [schema.text(' '), mentionOf('cat'), schema.text(' '), mentionOf('dan')]));
    expect(highlighted()).to.deep.equal(['@ann', '@cat']);
    const annAt = 7;
    expect(view.state.doc.nodeAt(annAt)!.attrs.label).to.equal('ann');
    view.dispatch(view.state.tr.delete(annAt, annAt + 1));
    expect(highlighted()).to.deep.equal(['@cat']);
  });

  it('rechecks a mention whose identifier changes', async () => {
    mount(`<p>${mentionHTML('ann')}</p>`, () => Promise.resolve(['ann']));
    await settle();
    const { view } = editor!;
    view.dispatch(view.state.tr.setNodeAttribute(1, 'entity_identifier', 'bob'));
    expect(highlighted()).to.deep.equal([]);
    view.dispatch(view.state.tr.setNodeMarkup(1, null, { ...view.state.doc.nodeAt(1)!.attrs, entity_identifier: 'ann' }));
    expect(highlighted()).to.deep.equal(['@ann']);
  });

  it('survives deleting text right next to a highlighted mention', async () => {
    mount(`<p>ab${mentionHTML('ann')}cd</p>`, () => Promise.resolve(['ann']), 4);
    await settle();
    await sendKeys({ press: 'Delete' });
    await sendKeys({ type: 'x' });
    expect(editor!.view.state.doc.textContent).to.equal('ab@annxd');
    expect(highlighted()).to.deep.equal(['@ann']);
    const { view } = editor!;
    view.dispatch(view.state.tr.delete(2, 3));
    expect(editor!.view.state.doc.textContent).to.equal('a@annxd');
    expect(highlighted()).to.deep.equal(['@ann']);
  });

  it('a keystroke in a 5,000-paragraph document looks at a handful of nodes, not the document', async () => {
    const paragraphs: PMNode[] = [];
    for (let i = 0; i < 5000; i++) paragraphs.push(paragraph.create(null, [schema.text(`line ${i} `), mentionOf(i % 2 ? 'ann' : 'bob')]));
    const big = doc.create(null, paragraphs);
    mount(big, () => Promise.resolve(['ann']), 3);
    await settle();
    // Loading the list walks everything once (more than one node per paragraph).
    expect(highlights().visited).to.be.greaterThan(10_000);
    expect(highlights().decorations.find().length).to.equal(2500);
    await sendKeys({ type: 'x' });
    expect(editor!.view.state.doc.firstChild!.textContent).to.equal('lixne 0 @bob');
    expect(highlights().visited).to.be.greaterThan(0).and.lessThan(10);
    await sendKeys({ press: 'Backspace' });
    expect(highlights().visited).to.be.lessThan(10);
    expect(highlights().decorations.find().length).to.equal(2500);
  });

  it('a selection-only change looks at nothing', async () => {
    mount(`<p>a ${mentionHTML('ann')} b</p>`, () => Promise.resolve(['ann']), 1);
    await settle();
    await sendKeys({ press: 'ArrowRight' });
    expect(highlights().visited).to.equal(0);
  });

  it('refresh asks the host again and applies the new list', async () => {
    const lists = [['ann'], ['bob']];
    mount(`<p>${mentionHTML('ann')} ${mentionHTML('bob')}</p>`, () => Promise.resolve(lists.shift() ?? []));
    await settle();
    expect(highlighted()).to.deep.equal(['@ann']);
    const { view } = editor!;
    expect(refreshMentionHighlights(view.state, view.dispatch)).to.equal(true);
    await settle();
    expect(highlighted()).to.deep.equal(['@bob']);
  });

  it('setMentionHighlights replaces the list directly', async () => {
    mount(`<p>${mentionHTML('ann')} ${mentionHTML('bob')}</p>`, () => Promise.resolve([]));
    await settle();
    const { view } = editor!;
    setMentionHighlights(['ann', 'bob'])(view.state, view.dispatch);
    expect(highlighted()).to.deep.equal(['@ann', '@bob']);
  });

  it('an older answer that arrives after a newer one is dropped', async () => {
    const pending: Array<(ids: string[]) => void> = [];
    mount(`<p>${mentionHTML('ann')} ${mentionHTML('bob')}</p>`, () => new Promise((resolve) => pending.push(resolve)));
    const { view } = editor!;
    refreshMentionHighlights(view.state, view.dispatch);
    expect(pending).to.have.length(2);
    pending[1](['bob']);
    await settle();
    pending[0](['ann']);
    await settle();
    expect(highlighted()).to.deep.equal(['@bob']);
  });

  it('a failing host list is logged and nothing is highlighted', async () => {
    const logged = captureLog();
    try {
      const failure = new Error('offline');
      mount(`<p>${mentionHTML('ann')}</p>`, () => Promise.reject(failure));
      await settle();
      expect(highlighted()).to.deep.equal([]);
      expect(logged.entries.map((e) => e.cause)).to.deep.equal([failure]);
    } finally {
      logged.restore();
    }
  });
});
