// TipTap v3 configured like an issue tracker's editor: starter kit (with underline and
// link), tables, task lists, images, mentions, placeholder and typography. The benchmark's
// TipTap target (tiptap.js) uses it as is; the bundle comparison with the element's
// features (bench/tiptap-features.mjs) adds TipTap's own extensions to it.
import { Editor, Extension } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import { TaskList, TaskItem } from '@tiptap/extension-list';
import Image from '@tiptap/extension-image';
import Mention from '@tiptap/extension-mention';
import { Placeholder } from '@tiptap/extensions';
import Typography from '@tiptap/extension-typography';
import { countBlocks, focusMiddle } from './focus-middle.js';

const people = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'].map((label, i) => ({ id: `user-${i}`, label }));
// The slash commands an issue tracker's TipTap editor offers (as in the product's spec).
const commands = ['Text', 'Heading 1', 'Heading 2', 'Heading 3', 'To do', 'Bullet list', 'Numbered list', 'Table', 'Quote', 'Code', 'Image', 'Divider'];
/** The open suggestion popups by kind: a plain list positioned at the caret, as such editors render. */
const popups = {};

/** A minimal rendered suggestion list (TipTap is headless: hosts draw their own). */
function listRenderer(kind, label) {
  return () => {
    let list = null;
    const draw = (props) => {
      list.replaceChildren(
        ...props.items.map((item) => {
          const option = document.createElement('div');
          option.setAttribute('role', 'option');
          option.textContent = label(item);
          return option;
        }),
      );
      const rect = props.clientRect?.();
      if (rect) list.style.cssText = `position: fixed; left: ${rect.left}px; top: ${rect.bottom + 4}px; max-height: 20rem; overflow: auto; background: white; border: 1px solid #ccc;`;
    };
    return {
      onStart(props) {
        list = document.createElement('div');
        list.setAttribute('role', 'listbox');
        document.body.append(list);
        popups[kind] = list;
        draw(props);
      },
      onUpdate: draw,
      onKeyDown: ({ event }) => event.key === 'Escape' && (list?.remove(), true),
      onExit() {
        list?.remove();
        if (popups[kind] === list) delete popups[kind];
        list = null;
      },
    };
  };
}

const SlashCommands = Extension.create({
  name: 'slashCommands',
  addProseMirrorPlugins() {
    return [
      Suggestion({
        editor: this.editor,
        char: '/',
        pluginKey: new PluginKey('slashCommands'),
        items: ({ query }) => commands.filter((title) => title.toLowerCase().includes(query.toLowerCase())),
        command: () => {},
        render: listRenderer('slash', (title) => title),
      }),
    ];
  },
});

/**
 * The bench adapter for TipTap with the configuration above plus `extensions`;
 * `starterKit` options are merged into the starter kit's (to swap one of its nodes out).
 */
export function createTiptapAdapter({ name = 'tiptap', extensions = [], starterKit = {} } = {}) {
  let editor = null;
  return {
    name,
    async create(container, html) {
      const element = document.createElement('div');
      container.append(element);
      editor = new Editor({
        element,
        content: html,
        extensions: [
          StarterKit.configure({ link: { openOnClick: false }, ...starterKit }),
          TableKit.configure({ table: { resizable: true } }),
          TaskList,
          TaskItem.configure({ nested: true }),
          Image,
          Mention.configure({
            suggestion: {
              items: ({ query }) => people.filter((p) => p.label.toLowerCase().startsWith(query.toLowerCase())),
              render: listRenderer('mention', (person) => person.label),
            },
          }),
          Placeholder.configure({ placeholder: "Press '/' for commands..." }),
          Typography,
          SlashCommands,
          ...extensions,
        ],
      });
    },
    getHTML: () => editor.getHTML(),
    popupOptions: (kind) => (popups[kind]?.isConnected ? [...popups[kind].children].map((option) => option.textContent) : null),
    pasteTarget: () => editor.view.dom,
    focusMiddle: () => focusMiddle(editor.view),
    blocks: () => countBlocks(editor.view),
    destroy() {
      const element = editor?.options.element;
      editor?.destroy();
      element?.remove?.();
      editor = null;
    },
  };
}
