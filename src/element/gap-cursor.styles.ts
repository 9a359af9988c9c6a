import { css } from 'lit';

/**
 * The gap cursor's styles: among the element's own from the start (rich-editor.component.ts),
 * though the gap cursor comes later (gaps.ts, a chunk of its own in the embed bundle), so that
 * its arrival changes no sheet of the editor's shadow root (see block-views.styles.ts).
 */
export const gapCursorStyles = css`
  /* The caret between two blocks that hold none (prosemirror-gapcursor): a blinking
     line where a new paragraph would start. It takes no room of its own. */
  .content .ProseMirror-gapcursor {
    display: none;
    position: absolute;
    pointer-events: none;
    content-visibility: visible;
  }
  .content .ProseMirror-gapcursor::after {
    content: '';
    display: block;
    position: absolute;
    top: -2px;
    width: 20px;
    border-top: 2px solid var(--_text);
    animation: re-gapcursor-blink 1.1s steps(2, start) infinite;
  }
  .content.ProseMirror-focused .ProseMirror-gapcursor {
    display: block;
  }
  @keyframes re-gapcursor-blink {
    to {
      visibility: hidden;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .content .ProseMirror-gapcursor::after {
      animation: none;
    }
  }
`;
