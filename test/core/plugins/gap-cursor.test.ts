import { expect } from '@open-wc/testing';
import { GapCursor } from 'prosemirror-gapcursor';
import { EditorState, TextSelection } from 'prosemirror-state';
import { parseHTML, stayAtDocumentEdge } from '../../../src/core/index.js';

const doc = parseHTML('<hr><p>text</p><hr>');
const at = (selection: (d: typeof doc) => EditorState['selection']) => EditorState.create({ doc, selection: selection(doc) });

describe('a gap cursor at the document edges', () => {
  it('keeps Up and Left before the first block: the key is handled and nothing moves', () => {
    const state = at((d) => new GapCursor(d.resolve(0)));
    expect(stayAtDocumentEdge(-1)(state)).to.equal(true);
    expect(stayAtDocumentEdge(1)(state)).to.equal(false);
  });

  it('keeps Down and Right after the last block', () => {
    const state = at((d) => new GapCursor(d.resolve(d.content.size)));
    expect(stayAtDocumentEdge(1)(state)).to.equal(true);
    expect(stayAtDocumentEdge(-1)(state)).to.equal(false);
  });

  it('leaves the arrows to the other bindings for a caret in text', () => {
    const state = at((d) => TextSelection.create(d, 2));
    expect(stayAtDocumentEdge(-1)(state)).to.equal(false);
    expect(stayAtDocumentEdge(1)(state)).to.equal(false);
  });
});
