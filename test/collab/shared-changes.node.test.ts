import { expect } from 'chai';
import type { Node as PMNode } from 'prosemirror-model';
import { TextSelection } from 'prosemirror-state';
import { addColumnAfter, addRowAfter, deleteColumn } from 'prosemirror-tables';
import { createTable } from '../../src/core/commands/table-insert.js';
import { schema } from '../../src/core/index.js';
import { imageTrackingPlugin } from '../../src/core/plugins/image-tracking.js';
import { linkPlugin } from '../../src/core/plugins/link.js';
import { tablePlugins } from '../../src/core/plugins/table.js';
import { exchange, Replica } from './replicas.js';

const para = (text: string) => schema.nodes.paragraph.create(null, schema.text(text));

/** The number of cells in each row of the document's first table. */
function rows(doc: PMNode): number[] {
  const table = doc.firstChild!;
  const counts: number[] = [];
  table.forEach((row) => counts.push(row.childCount));
  return counts;
}

/** Ada and Bo with the editor's table plugins, on a 2×2 table and a paragraph after it, each with the caret in the first cell. */
function pair(): [Replica, Replica] {
  const group: Replica[] = [];
  const ada = new Replica(1, group).bind(tablePlugins(schema));
  const bo = new Replica(2, group);
  ada.change((tr) => tr.replaceWith(0, tr.doc.content.size, [createTable(schema, 2, 2), schema.nodes.paragraph.create(null, schema.text('after'))]));
  bo.receive().bind(tablePlugins(schema));
  for (const replica of [ada, bo]) replica.change((tr) => tr.setSelection(TextSelection.near(tr.doc.resolve(3))));
  return [ada, bo];
}


describe('a table two colleagues change at once', () => {
  it('a column and a row added at once: repaired once, by the next change made in the table, never with a column of its own', () => {
    const [ada, bo] = pair();
    ada.run(addColumnAfter);
    bo.run(addRowAfter);
    exchange(ada, bo);
    // Bo's row came without Ada's column: the merge leaves it a cell short, in every editor and in the shared document alike.
    for (const replica of [ada, bo]) {
      expect(rows(replica.document), `client ${replica.doc.clientID}`).to.deep.equal([3, 3, 2]);
      expect(replica.afresh.toJSON()).to.deep.equal(replica.document.toJSON());
    }
    // Both type after the table before hearing of each other: neither repairs it (each did, and it grew a fourth column).
    ada.change((tr) => tr.insertText('A', tr.doc.content.size - 1));
    bo.change((tr) => tr.insertText('B', tr.doc.content.size - 1));
    exchange(ada, bo);
    expect(rows(ada.document)).to.deep.equal([3, 3, 2]);
    // Typing in the table repairs it, once, for everyone.
    bo.change((tr) => tr.insertText('x', 3));
    exchange(ada, bo);
    for (const replica of [ada, bo]) {
      expect(rows(replica.document), `client ${replica.doc.clientID}`).to.deep.equal([3, 3, 3]);
      expect(rows(replica.afresh), `client ${replica.doc.clientID}, afresh`).to.deep.equal([3, 3, 3]);
    }
    expect(ada.document.toJSON()).to.deep.equal(bo.document.toJSON());
    expect(ada.document.lastChild!.textContent).to.be.oneOf(['afterAB', 'afterBA']);
  });

  it('a column deleted while a row is added: the row keeps its cells until the table is next changed', () => {
    const [ada, bo] = pair();
    ada.run(deleteColumn);
    bo.run(addRowAfter);
    exchange(ada, bo);
    for (const replica of [ada, bo]) {
      expect(rows(replica.document)).to.deep.equal([1, 1, 2]);
      expect(replica.afresh.toJSON()).to.deep.equal(replica.document.toJSON());
    }
  });
});

describe("a colleague's change is not this user's typing", () => {
  it('an address left unlinked is not linked when a colleague types while the caret is after it', () => {
    const group: Replica[] = [];
    const ada = new Replica(1, group).bind([linkPlugin()]);
    const bo = new Replica(2, group);
    // The address came in as one piece of text (loaded, or its link taken off): not linked.
    ada.change((tr) => tr.insertText('visit https://example.com today', 1));
    bo.receive().bind([linkPlugin()]);
    const address = (replica: Replica) => {
      const from = replica.document.textContent.indexOf('https://') + 1;
      return [from, from + 'https://example.com'.length] as const;
    };
    // Ada's caret after the address and its space; Bo types at the start.
    ada.change((tr) => tr.setSelection(TextSelection.create(tr.doc, address(ada)[1] + 1)));
    bo.change((tr) => tr.insertText('Bo: ', 1));
    exchange(ada, bo);
    ada.change((tr) => tr.insertText('all ', tr.selection.from));
    exchange(ada, bo);
    expect(ada.document.textContent).to.equal('Bo: visit https://example.com all today');
    for (const replica of [ada, bo]) expect(replica.document.rangeHasMark(...address(replica), schema.marks.link), `client ${replica.doc.clientID}`).to.equal(false);
  });

  it("a colleague deleting an image deletes its file from their editor only: this one's host is not told", () => {
    const group: Replica[] = [];
    const calls: Record<string, string[]> = { ada: [], bo: [] };
    const tracking = (who: 'ada' | 'bo') => imageTrackingPlugin({ deleteFile: (path) => calls[who]!.push(`delete ${path}`), restoreFile: (path) => calls[who]!.push(`restore ${path}`) });
    const ada = new Replica(1, group).bind([tracking('ada')]);
    const bo = new Replica(2, group);
    ada.change((tr) => tr.replaceWith(0, tr.doc.content.size, [para('text'), schema.nodes.image.create({ src: '/files/a.png' })]));
    bo.receive().bind([tracking('bo')]);
    bo.change((tr) => tr.delete(6, 7));
    exchange(ada, bo);
    expect(ada.document.childCount).to.equal(1);
    expect(calls.ada).to.deep.equal([]);
    expect(calls.bo).to.include('delete /files/a.png');
  });
});
