// A bare contenteditable holding the same HTML: the browser's own floor.
let root = null;

window.benchAdapter = {
  name: 'contenteditable',
  async create(container, html) {
    root = document.createElement('div');
    root.contentEditable = 'true';
    root.innerHTML = html;
    container.append(root);
  },
  getHTML: () => root.innerHTML,
  // A synthetic paste event has no default action: the browser's own paste is insertHTML.
  paste: (html) => document.execCommand('insertHTML', false, html),
  blocks: () => ({ blocks: root.childElementCount, tables: root.querySelectorAll(':scope > table').length }),
  focusMiddle() {
    const blocks = root.children;
    let block = null;
    for (let i = Math.floor(blocks.length / 2); i < blocks.length && !block; i++) if (blocks[i].tagName === 'P') block = blocks[i];
    block ??= blocks[Math.floor(blocks.length / 2)];
    root.focus();
    const range = document.createRange();
    range.selectNodeContents(block);
    range.collapse(false);
    const selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    block.scrollIntoView({ block: 'center' });
    return 0;
  },
  destroy() {
    root?.remove();
    root = null;
  },
};
