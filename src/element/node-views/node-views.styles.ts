import { css } from 'lit';

/**
 * Styles of the code block's and the image's frames, as the views and the stand-ins that draw
 * them until the views arrive (block-stand-ins.ts) both draw them: the element adds these to its
 * `static styles`, so nothing moves when the views take over. What only the arrived views' own
 * controls and syntax highlighting use comes with them (block-views.styles.ts), and the upload
 * placeholder's with image uploads (../image-uploads.styles.ts). They use the theme's private
 * custom properties.
 */
export const nodeViewStyles = css`
  /* ---------------------------------------------------------------- image */
  .content .image-view {
    margin: 0.5em 0;
    line-height: 0;
  }
  .content .image-frame {
    position: relative;
    display: inline-block;
    max-width: 100%;
  }
  .content .image-frame img {
    display: block;
    width: 100%;
    max-width: 100%;
  }
  .content .image-view.ProseMirror-selectednode img {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }

  /* ---------------------------------------------------------------- code block */
  .content .code-block {
    position: relative;
    margin: 0.5em 0;
    background: var(--_code-bg);
    border-radius: var(--_radius);
  }
  .content .code-block pre {
    margin: 0;
    padding-top: 0.25em;
  }
  .content .code-block-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5em;
    padding: 0.35em 0.5em 0 1em;
    font: 0.8125em/1.4 system-ui, sans-serif;
    user-select: none;
  }
  .content .code-block-header select,
  .content .code-block-header button {
    font: inherit;
    /* The text colour, not the muted one: muted on the code background is under 4.5:1. */
    color: var(--_text);
    background: transparent;
    border: 1px solid transparent;
    border-radius: 4px;
    padding: 0.15em 0.4em;
    cursor: pointer;
  }
`;
