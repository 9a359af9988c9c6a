import { css } from 'lit';

/**
 * Styles of the node views (image resizing, code block header, syntax tokens, upload
 * placeholder). Node views render inside the element's shadow root, so the element
 * adds these to its `static styles`; they use the theme's private custom properties.
 */
export const nodeViewStyles = css`
  :host {
    --_hl-keyword: var(--rich-editor-code-keyword, #cf222e);
    --_hl-string: var(--rich-editor-code-string, #0a3069);
    --_hl-number: var(--rich-editor-code-number, #0550ae);
    --_hl-comment: var(--rich-editor-code-comment, #57606a);
    --_hl-title: var(--rich-editor-code-title, #8250df);
    --_hl-type: var(--rich-editor-code-type, #953800);
    --_hl-attr: var(--rich-editor-code-attr, #116329);
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      --_hl-keyword: var(--rich-editor-code-keyword, #ff7b72);
      --_hl-string: var(--rich-editor-code-string, #a5d6ff);
      --_hl-number: var(--rich-editor-code-number, #79c0ff);
      --_hl-comment: var(--rich-editor-code-comment, #8b949e);
      --_hl-title: var(--rich-editor-code-title, #d2a8ff);
      --_hl-type: var(--rich-editor-code-type, #ffa657);
      --_hl-attr: var(--rich-editor-code-attr, #7ee787);
    }
  }
  :host([theme='dark']) {
    --_hl-keyword: var(--rich-editor-code-keyword, #ff7b72);
    --_hl-string: var(--rich-editor-code-string, #a5d6ff);
    --_hl-number: var(--rich-editor-code-number, #79c0ff);
    --_hl-comment: var(--rich-editor-code-comment, #8b949e);
    --_hl-title: var(--rich-editor-code-title, #d2a8ff);
    --_hl-type: var(--rich-editor-code-type, #ffa657);
    --_hl-attr: var(--rich-editor-code-attr, #7ee787);
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }

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
  .content .image-view:hover .image-resize-handle,
  .content .image-view.ProseMirror-selectednode .image-resize-handle,
  .content .image-resize-handle:focus-visible {
    opacity: 1;
  }
  .content .image-resize-handle:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
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

  /* ---------------------------------------------------------------- upload placeholder */
  .content .upload-placeholder {
    display: flex;
    align-items: center;
    gap: 0.75em;
    margin: 0.5em 0;
    padding: 0.5em;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    font-size: 0.875em;
    line-height: 1.4;
  }
  .content .upload-preview {
    flex: none;
    width: 3.5em;
    height: 3.5em;
    object-fit: cover;
    border-radius: 4px;
  }
  .content .upload-body {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    gap: 0.35em;
  }
  .content .upload-name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .content .upload-progress {
    height: 6px;
    border-radius: 3px;
    background: var(--_code-bg);
    overflow: hidden;
  }
  .content .upload-progress-fill {
    height: 100%;
    width: 0;
    background: var(--_accent);
    transition: width 0.15s ease-out;
  }
  .content .upload-percent {
    flex: none;
    min-width: 3ch;
    text-align: right;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .content .upload-cancel {
    flex: none;
    font: inherit;
    font-size: 1.1em;
    line-height: 1;
    width: 1.75em;
    height: 1.75em;
    color: var(--_text);
    background: none;
    border: 1px solid var(--_border);
    border-radius: 4px;
    cursor: pointer;
  }
  .content .upload-cancel:hover {
    background: var(--_surface-hover);
  }
  .content .upload-cancel:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }
`;
