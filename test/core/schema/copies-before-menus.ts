/**
 * Run in a process of its own by builtin-menus.node.test.ts: copies built-in blocks (a host's
 * `{ ...blocks.blockquote, keys: undefined }`) having imported the blocks alone, before any
 * module of the menus has loaded, then loads the menus' collector and prints the copies' entries.
 */
import * as blocks from '../../../src/core/blocks/index.js';
import type { NodeDefinition } from '../../../src/core/extensions/types.js';

const copies: NodeDefinition[] = [
  { ...blocks.blockquote, keys: undefined },
  { ...blocks.heading.configure({ levels: [2, 3] }) },
  { ...blocks.table, styles: '' },
];
const unread = blocks.blockquote.slash === undefined && copies.every((copy) => copy.slash === undefined && copy.blockMenu === undefined);

const { editorSetup } = await import('../../../src/core/extensions/setup.js');
const { schemaBlockMenu, schemaSlashItems } = await import('../../../src/core/extensions/collect-menus.js');
const { schema } = editorSetup([{ name: 'copies', nodes: copies }]);
console.log(
  JSON.stringify({
    unread,
    slash: schemaSlashItems(schema).map((item) => [item.id, item.title, item.searchTerms]),
    blockMenu: schemaBlockMenu(schema).map((entry) => [entry.id, entry.label]),
  }),
);
