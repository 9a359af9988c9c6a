/**
 * A change that is an undo step of its own in ProseMirror's history (`ownUndoStep`: an autolink
 * after the typing it follows, a host's command run right after typing) is one in a shared
 * document's too: the binding ends the step being gathered before and after it (sync.ts).
 */
import { expect } from 'chai';
import { Plugin, type Command } from 'prosemirror-state';
import { linkPlugin } from '../../src/core/plugins/link.js';
import { ownUndoStep } from '../../src/core/index.js';
import { editorsOn, para, texts, typeOn, type Replica } from './replicas.js';

/** The addresses the links of an editor's document point at. */
function links(replica: Replica): string[] {
  const found: string[] = [];
  replica.document.descendants((node) => {
    for (const mark of node.marks) if (mark.type.name === 'link') found.push(mark.attrs.href as string);
  });
  return found;
}

/** Types `text` a key at a time, each key its own transaction, as the view does. */
function typeKeys(replica: Replica, text: string): void {
  for (const key of text) typeOn(replica, key);
}

describe('an undo step of its own in a shared document', () => {
  it('the first undo after a typed address takes back its link only, keeping the text; the next the typing', () => {
    const [ada] = editorsOn([para('')], 1, [linkPlugin()]);
    typeKeys(ada, 'see https://example.com ');
    expect(links(ada)).to.deep.equal(['https://example.com']);
    expect(ada.undo()).to.equal(true);
    expect(texts(ada)).to.deep.equal(['see https://example.com ']);
    expect(links(ada)).to.deep.equal([]);
    expect(ada.undo()).to.equal(true);
    expect(texts(ada)).to.deep.equal(['']);
    expect(ada.redo()).to.equal(true);
    expect([texts(ada), links(ada)]).to.deep.equal([['see https://example.com '], []]);
    expect(ada.redo()).to.equal(true);
    expect(links(ada)).to.deep.equal(['https://example.com']);
  });

  it('letters typed right after the link are a step apart from it', () => {
    const [ada] = editorsOn([para('')], 1, [linkPlugin()]);
    typeKeys(ada, 'https://example.com and');
    expect(ada.undo()).to.equal(true);
    expect([texts(ada), links(ada)]).to.deep.equal([['https://example.com '], ['https://example.com']]);
  });

  it("a command run right after typing is undone alone (the element's run())", () => {
    const [ada] = editorsOn([para('')], 1);
    typeKeys(ada, 'Title');
    const heading: Command = (state, dispatch) => {
      dispatch?.(ownUndoStep(state.tr.setBlockType(0, state.doc.content.size, state.schema.nodes.heading!, { level: 2 })));
      return true;
    };
    ada.run(heading);
    expect(ada.document.firstChild!.type.name).to.equal('heading');
    expect(ada.undo()).to.equal(true);
    expect([ada.document.firstChild!.type.name, texts(ada)]).to.deep.equal(['paragraph', ['Title']]);
  });

  it('what a plugin appends to such a command is undone with it, not with the typing before', () => {
    // A plugin that follows a marked change with one of its own (as a table repair or a link's address would).
    const follower = new Plugin({ appendTransaction: (trs, _old, state) => (trs.some((tr) => tr.getMeta('follow')) ? state.tr.insertText('!', state.doc.content.size - 1) : null) });
    const [ada] = editorsOn([para('')], 1, [follower]);
    typeKeys(ada, 'Title');
    ada.run((state, dispatch) => {
      dispatch?.(ownUndoStep(state.tr.setBlockType(0, state.doc.content.size, state.schema.nodes.heading!, { level: 2 })).setMeta('follow', true));
      return true;
    });
    expect([ada.document.firstChild!.type.name, texts(ada)]).to.deep.equal(['heading', ['Title!']]);
    expect(ada.undo()).to.equal(true);
    expect([ada.document.firstChild!.type.name, texts(ada)]).to.deep.equal(['paragraph', ['Title']]);
  });
});
