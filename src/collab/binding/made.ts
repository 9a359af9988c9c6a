/** Which items a transaction made, and which stood before it: what the binding's readings of a colleague's change start from. */
import * as Y from 'yjs';

/** Whether an item was there before the transaction: made before it, and deleted by it if at all. */
export function before(transaction: Y.Transaction, item: Y.Item): boolean {
  return item.id.clock < (transaction.beforeState.get(item.id.client) ?? 0) && (!item.deleted || Y.isDeleted(transaction.deleteSet, item.id));
}

/** Whether the item of `client` at `clock` was made by the transaction. */
export const madeBy = (transaction: Y.Transaction, client: number, clock: number): boolean =>
  clock >= (transaction.beforeState.get(client) ?? 0) && clock < (transaction.afterState.get(client) ?? 0);

/** The items `transaction` made, of every client. */
export function* made(transaction: Y.Transaction): Generator<Y.Item> {
  const { store } = transaction.doc;
  for (const [client, to] of transaction.afterState) {
    const from = transaction.beforeState.get(client) ?? 0;
    if (to <= from) continue;
    const structs = store.clients.get(client) ?? [];
    for (let i = Y.findIndexSS(structs, from); i < structs.length; i++) {
      const struct = structs[i]!;
      if (struct.id.clock >= to) break;
      if (struct instanceof Y.Item) yield struct;
    }
  }
}

/** Keeps an item and those holding it from Yjs's garbage collection (the undo manager keeps what its steps delete the same way): collected, a deleted item is only its length, and what is typed into it later is lost on arrival. */
export function keep(struct: Y.AbstractStruct | null): void {
  for (let item = struct instanceof Y.Item ? struct : null; item && !item.keep; item = item.parent instanceof Y.AbstractType ? item.parent._item : null) item.keep = true;
}
