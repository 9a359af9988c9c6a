import { css } from 'lit';

/**
 * What table editing draws in the content (prosemirror-tables' column resizing and cell
 * selection): among the element's own styles from the start (rich-editor.component.ts), though
 * table editing comes later (tables.ts, a chunk of its own in the embed bundle), so that its
 * arrival changes no sheet of the editor's shadow root (see block-views.styles.ts).
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
