/**
 * The UI pieces an editor shows only when asked (the selection toolbar with its link field
 * and block menu, the slash menu, the mention list, the drag handle): each defines its tag on
 * import; and the plugins an editable editor needs soon after focus, which join every editor's
 * state when they arrive: the suggestion menus' (slash menu, mentions), the keys that move blocks
 * (the drag handle's keyboard way) and the paste pipeline (a paste or drop before it is held and
 * replayed). The element loads this module with `import()`
 * after the first paint (rich-editor/on-demand.ts), so it is a chunk of its own, in the embed
 * bundle and in a host's bundle of the library entries alike. The table handles come with table
 * editing (../tables.ts), which only a table asks for.
 */
import { blockMoveKeymap } from '../core/commands/move-block.js';
import { setupSlashItems } from '../core/extensions/setup-menus.js';
import { markdownPastePlugin } from '../core/plugins/markdown-paste.js';
import { mentionPlugin } from '../core/plugins/mention.js';
import { pastePlugin } from '../core/plugins/paste.js';
import { slashMenuPlugin } from '../core/plugins/slash-menu.js';
import { provideParts } from './rich-editor/on-demand.js';
import './drag-handle/drag-handle.js';
import './mention-list/mention-list.js';
import './slash-menu/slash-menu.js';
import './toolbar/toolbar.js';

provideParts({
  menus: { slashMenuPlugin, mentionPlugin, setupSlashItems, blockMoveKeymap },
  paste: { pastePlugin, markdownPastePlugin },
});
