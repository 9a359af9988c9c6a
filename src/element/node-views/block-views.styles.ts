import { css } from 'lit';
import { visuallyHidden } from '../visually-hidden.styles.js';

/**
 * Styles that only the arrived code block and image views use: the image's resize handle, the
 * code block header's language picker and copy button in their states, and the syntax tokens.
 * They are among the element's own styles from the start (rich-editor.component.ts), though the
 * views come later (../block-views.ts, a chunk of its own in the embed bundle): a shadow root
 * whose sheets change when a part arrives is styled again whole in Firefox, about 250 ms at
 * 10,000 blocks, and these rules, with table editing's and the gap cursor's, cost the entry about
 * 1 KB gzipped. The frames both the views and their stand-ins draw are styled in node-views.styles.ts.
 */
export const blockViewStyles = css`
  /* The token colours are set on the tokens, not the host: every element of the editor inherits
     the host's custom properties, and a change of them styles every one again (in Chromium as in
     Firefox; at 10,000 blocks, most of a frame). */
  .content .token {
    --_hl-keyword: var(--rich-editor-code-keyword, #cf222e);
    --_hl-string: var(--rich-editor-code-string, #0a3069);
    --_hl-number: var(--rich-editor-code-number, #0550ae);
    --_hl-comment: var(--rich-editor-code-comment, #57606a);
    --_hl-title: var(--rich-editor-code-title, #8250df);
    --_hl-type: var(--rich-editor-code-type, #953800);
    --_hl-attr: var(--rich-editor-code-attr, #116329);
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) .content .token {
      --_hl-keyword: var(--rich-editor-code-keyword, #ff7b72);
      --_hl-string: var(--rich-editor-code-string, #a5d6ff);
      --_hl-number: var(--rich-editor-code-number, #79c0ff);
      --_hl-comment: var(--rich-editor-code-comment, #8b949e);
      --_hl-title: var(--rich-editor-code-title, #d2a8ff);
      --_hl-type: var(--rich-editor-code-type, #ffa657);
      --_hl-attr: var(--rich-editor-code-attr, #7ee787);
    }
  }
  :host([theme='dark']) .content .token {
    --_hl-keyword: var(--rich-editor-code-keyword, #ff7b72);
    --_hl-string: var(--rich-editor-code-string, #a5d6ff);
    --_hl-number: var(--rich-editor-code-number, #79c0ff);
    --_hl-comment: var(--rich-editor-code-comment, #8b949e);
    --_hl-title: var(--rich-editor-code-title, #d2a8ff);
    --_hl-type: var(--rich-editor-code-type, #ffa657);
    --_hl-attr: var(--rich-editor-code-attr, #7ee787);
  }

  .visually-hidden {
    ${visuallyHidden}
  }

  .content .image-resize-handle {
    position: absolute;
    right: -6px;
    bottom: -6px;
    width: 14px;
    height: 14px;
    box-sizing: border-box;
    border: 2px solid var(--_bg);
    border-radius: 50%;
    background: var(--_accent);
    cursor: nwse-resize;
    touch-action: none;
    opacity: 0;
  }
  /* The image's controls show while it is hovered or selected, or one of them has focus (or its field is open). */
  .content .image-view:hover :is(.image-resize-handle, .image-alt-button),
  .content .image-view.ProseMirror-selectednode :is(.image-resize-handle, .image-alt-button),
  .content :is(.image-resize-handle, .image-alt-button):focus-visible,
  .content .image-alt-button[aria-expanded='true'] {
    opacity: 1;
  }
  .content .image-resize-handle:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  /* The text alternative: a button on the image's top-left corner and its field along the bottom. */
  .content :is(.image-alt-button, .image-alt-field) {
    position: absolute;
    left: 6px;
    box-sizing: border-box;
    border: 1px solid var(--_border);
    border-radius: 4px;
    background: var(--_bg);
    color: var(--_text);
    font: inherit;
  }
  .content :is(.image-alt-button, .image-alt-field):focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }
  .content .image-alt-button {
    top: 6px;
    padding: 2px 6px;
    font-size: 0.75rem;
    /* The image's frame sets no line height for its image (font: inherit would take it: 0). */
    line-height: 1.4;
    cursor: pointer;
    opacity: 0;
  }
  .content .image-alt-field {
    right: 6px;
    bottom: 6px;
    padding: 4px 6px;
    font-size: 0.875rem;
  }
  /* An image whose file did not load keeps a box the size of a small image: seen, clicked, selected, deleted. */
  .content .image-frame.re-broken img {
    min-width: 4em;
    min-height: 4em;
    border: 1px dashed var(--_muted);
    border-radius: 4px;
    background: var(--_surface);
  }

  .content .code-block-header select:hover,
  .content .code-block-header button:hover {
    background: var(--_surface-hover);
  }
  .content .code-block-header select:disabled {
    cursor: default;
    appearance: none;
    background: transparent;
  }
  .content .code-block-header select:focus-visible,
  .content .code-block-header button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }
  /* Not the accent colour: on the code background it is under 4.5:1. */
  .content .code-block-copy.copied {
    font-weight: 600;
  }

  /* Syntax tokens: Prism's class names, applied as ProseMirror decorations. */
  .content code .token.keyword,
  .content code .token.atrule,
  .content code .token.important,
  .content code .token.deleted {
    color: var(--_hl-keyword);
  }
  .content code .token.string,
  .content code .token.char,
  .content code .token.regex,
  .content code .token.template-string,
  .content code .token.url {
    color: var(--_hl-string);
  }
  .content code .token.number,
  .content code .token.boolean,
  .content code .token.constant,
  .content code .token.symbol,
  .content code .token.variable {
    color: var(--_hl-number);
  }
  .content code .token.comment,
  .content code .token.prolog,
  .content code .token.doctype,
  .content code .token.cdata {
    color: var(--_hl-comment);
    font-style: italic;
  }
  .content code .token.function,
  .content code .token.selector,
  .content code .token.title {
    color: var(--_hl-title);
  }
  .content code .token.class-name,
  .content code .token.builtin,
  .content code .token.namespace {
    color: var(--_hl-type);
  }
  .content code .token.property,
  .content code .token.tag,
  .content code .token.attr-name,
  .content code .token.key,
  .content code .token.inserted {
    color: var(--_hl-attr);
  }
  .content code .token.attr-value {
    color: var(--_hl-string);
  }
  .content code .token.italic {
    font-style: italic;
  }
  .content code .token.bold {
    font-weight: 600;
  }
`;
