// The element's features that the benchmark's TipTap configuration (adapters/tiptap-adapter.js)
// lacks, each with the TipTap extension that provides it headlessly. The bundle target compares
// the element with TipTap carrying all of them: "TipTap's headless bundle with the same features".
//
// Each extension is TipTap's own, configured the least it needs: the host's DOM for the
// toolbar and the handle is an empty element (TipTap draws no UI), the highlighter has no
// grammars registered (ours fetches its grammars lazily, so they are not in its figure either).
// Features the element has and TipTap offers no extension for (the table row and column
// controls, cell colours, upload placeholders, the code block's copy button and language
// picker, mention highlights) are left out, and so is @tiptap/markdown: it brings its parser
// with its writer, and the element's figure excludes the markdown parser.

/** One row per feature: what the element does, the packages, and the code that adds it. */
export const TIPTAP_FEATURES = [
  {
    feature: 'formatting toolbar on text selection',
    packages: ['@tiptap/extension-bubble-menu'],
    imports: "import BubbleMenu from '@tiptap/extension-bubble-menu';",
    extension: "BubbleMenu.configure({ element: document.createElement('div') })",
  },
  {
    feature: 'drag handle beside blocks',
    packages: ['@tiptap/extension-drag-handle'],
    imports: "import DragHandle from '@tiptap/extension-drag-handle';",
    extension: "DragHandle.configure({ render: () => document.createElement('div') })",
    // Most of its size: it imports @tiptap/y-tiptap (and so Yjs and lib0) to map positions
    // under collaboration, and @tiptap/extension-collaboration, whether or not the editor collaborates.
    note: 'imports @tiptap/y-tiptap, Yjs and lib0 for collaborative positions, used or not',
  },
  {
    feature: 'image upload on paste and drop',
    packages: ['@tiptap/extension-file-handler'],
    imports: "import FileHandler from '@tiptap/extension-file-handler';",
    extension: "FileHandler.configure({ allowedMimeTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'], onPaste: () => {}, onDrop: () => {} })",
  },
  {
    feature: 'code block syntax highlighting',
    packages: ['@tiptap/extension-code-block-lowlight', 'lowlight'],
    imports: "import CodeBlockLowlight from '@tiptap/extension-code-block-lowlight';\nimport { createLowlight } from 'lowlight';",
    extension: "CodeBlockLowlight.configure({ lowlight: createLowlight(), defaultLanguage: 'plaintext' })",
    // It replaces the starter kit's plain code block.
    starterKit: { codeBlock: false },
  },
  {
    feature: 'table of contents and jumps to a heading',
    packages: ['@tiptap/extension-table-of-contents'],
    imports: "import TableOfContents from '@tiptap/extension-table-of-contents';",
    extension: 'TableOfContents',
  },
];

/** The source of a bench adapter: the benchmark's TipTap plus the given feature rows. */
export function tiptapFeaturesEntry(rows = TIPTAP_FEATURES, name = 'tiptap-same-features') {
  const starterKit = Object.assign({}, ...rows.map((row) => row.starterKit ?? {}));
  return [
    "import { createTiptapAdapter } from './tiptap-adapter.js';",
    ...rows.map((row) => row.imports),
    '',
    `window.benchAdapter = createTiptapAdapter({`,
    `  name: ${JSON.stringify(name)},`,
    `  starterKit: ${JSON.stringify(starterKit)},`,
    `  extensions: [${rows.map((row) => row.extension).join(', ')}],`,
    '});',
    '',
  ].join('\n');
}
