// TipTap v3 configured like an issue tracker's editor: starter kit (with underline and
// link), tables, task lists, images, mentions, placeholder and typography.
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import { TaskList, TaskItem } from '@tiptap/extension-list';
import Image from '@tiptap/extension-image';
import Mention from '@tiptap/extension-mention';
import { Placeholder } from '@tiptap/extensions';
import Typography from '@tiptap/extension-typography';
import { countBlocks, focusMiddle } from './focus-middle.js';

const people = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'].map((label, i) => ({ id: `user-${i}`, label }));
let editor = null;

window.benchAdapter = {
  name: 'tiptap',
  async create(container, html) {
    const element = document.createElement('div');
    container.append(element);
    editor = new Editor({
      element,
      content: html,
      extensions: [
        StarterKit.configure({ link: { openOnClick: false } }),
        TableKit.configure({ table: { resizable: true } }),
        TaskList,
        TaskItem.configure({ nested: true }),
        Image,
        Mention.configure({
          suggestion: {
            items: ({ query }) => people.filter((p) => p.label.toLowerCase().includes(query.toLowerCase())),
            // A headless list: the benchmark does not open popups yet.
            render: () => ({ onStart() {}, onUpdate() {}, onKeyDown: () => false, onExit() {} }),
          },
        }),
        Placeholder.configure({ placeholder: "Press '/' for commands..." }),
        Typography,
      ],
    });
  },
  getHTML: () => editor.getHTML(),
  focusMiddle: () => focusMiddle(editor.view),
  blocks: () => countBlocks(editor.view),
  destroy() {
    const element = editor?.options.element;
    editor?.destroy();
    element?.remove?.();
    editor = null;
  },
};
