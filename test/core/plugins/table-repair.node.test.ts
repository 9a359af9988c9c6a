import { expect } from 'chai';
import { EditorState } from 'prosemirror-state';
import { TableMap } from 'prosemirror-tables';
import { parseHTML, serializeHTML } from '../../../src/core/serialize/html.js';
import { tablePlugins } from '../../../src/core/plugins/table.js';

describe('table repair', () => {
  /** A table whose second row is a cell short, in a column that has a width. */
  const RAGGED =
    '<table><tbody><tr><td data-colwidth="100"><p>a</p></td><td data-colwidth="50"><p>b</p></td></tr>' +
    '<tr><td data-colwidth="100"><p>c</p></td></tr></tbody></table>';

  it('repairs a table fully in the change that touches it, the added cell taking its column\'s width', () => {
    const doc = parseHTML(RAGGED);
    let state = EditorState.create({ doc, plugins: tablePlugins(doc.type.schema) });
    state = state.apply(state.tr.insertText('x', 4));
    expect(TableMap.get(state.doc.firstChild!).problems ?? null, 'no problem left for the next change').to.equal(null);
    expect(serializeHTML(state.doc)).to.equal(
      '<table><tbody><tr><td data-colwidth="100"><p>xa</p></td><td data-colwidth="50"><p>b</p></td></tr>' +
        '<tr><td data-colwidth="100"><p>c</p></td><td data-colwidth="50"><p></p></td></tr></tbody></table>',
    );
    // The next change in the table is only that change.
    const next = state.apply(state.tr.insertText('y', 4));
    expect(next.doc.eq(state.tr.insertText('y', 4).doc)).to.equal(true);
  });
});
