import { css } from 'lit';

/**
 * What table editing draws in the content (prosemirror-tables' column resizing and cell
 * selection): these styles come with it (tables.ts, a chunk of its own in the embed bundle), and
 * every editor's shadow root adopts them then (rich-editor/configuration.ts).
 */
export const tableEditingStyles = css`
  .content .column-resize-handle {
    position: absolute;
    right: -2px;
    top: 0;
    bottom: 0;
    width: 5px;
    background: var(--_accent);
    pointer-events: none;
  }
  .content.resize-cursor {
    cursor: col-resize;
  }
  .content .selectedCell::after {
    content: '';
    position: absolute;
    inset: 0;
    background: var(--_selection);
    opacity: 0.5;
    pointer-events: none;
  }
`;
