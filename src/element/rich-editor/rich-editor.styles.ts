import { css } from 'lit';
import { visuallyHidden } from '../visually-hidden.styles.js';

/** The dark theme's defaults, used by `prefers-color-scheme: dark` and by `theme="dark"`. */
const darkTheme = css`
  --_bg: var(--rich-editor-background, #0d101b);
  --_text: var(--rich-editor-text, #c5c5c5);
  --_muted: var(--rich-editor-muted, #8b93a7);
  --_border: var(--rich-editor-border, #2c3246);
  --_link: var(--rich-editor-link, #7aa2ff);
  --_surface: var(--rich-editor-surface, #171b2b);
  --_surface-hover: var(--rich-editor-surface-hover, #232a42);
  --_code-bg: var(--rich-editor-code-background, #1b2133);
  --_quote: var(--rich-editor-quote, #3a4260);
  --_mention-bg: var(--rich-editor-mention-background, #1f2b4d);
  --_mention-text: var(--rich-editor-mention-text, #9db7ff);
  --_highlight: var(--rich-editor-mention-highlight, #4a3d0a);
  --_selection: var(--rich-editor-selection, #2d3f6b);
  --_danger: var(--rich-editor-danger, #ff8a80);
`;

/**
 * The element's theme: every colour, font and radius is a `--rich-editor-*` custom
 * property with a light and a dark default. Dark follows `prefers-color-scheme`
 * unless the host sets `theme="light"` or `theme="dark"`. The content font is made of its
 * family and size (a property each), unless the `font` shorthand is set, which wins.
 */
export const themeStyles = css`
  :host {
    --_bg: var(--rich-editor-background, #ffffff);
    --_text: var(--rich-editor-text, #1f2328);
    --_muted: var(--rich-editor-muted, #6b7280);
    --_border: var(--rich-editor-border, #d0d7de);
    --_accent: var(--rich-editor-accent, #3f76ff);
    --_link: var(--rich-editor-link, #2456d6);
    --_surface: var(--rich-editor-surface, #ffffff);
    --_surface-hover: var(--rich-editor-surface-hover, #eef2ff);
    --_code-bg: var(--rich-editor-code-background, #f3f4f6);
    --_quote: var(--rich-editor-quote, #d0d7de);
    --_mention-bg: var(--rich-editor-mention-background, #e8efff);
    --_mention-text: var(--rich-editor-mention-text, #2456d6);
    --_highlight: var(--rich-editor-mention-highlight, #fde68a);
    --_selection: var(--rich-editor-selection, #cfe0ff);
    --_danger: var(--rich-editor-danger, #b42318);
    --_shadow: var(--rich-editor-shadow, 0 6px 24px rgb(15 23 42 / 0.14), 0 1px 3px rgb(15 23 42 / 0.12));
    --_radius: var(--rich-editor-radius, 6px);
    --_font-family: var(--rich-editor-font-family, system-ui, -apple-system, 'Segoe UI', sans-serif);
    --_font-size: var(--rich-editor-font-size, 16px);
    --_font: var(--rich-editor-font, var(--_font-size) / 1.6 var(--_font-family));
    --_code-font: var(--rich-editor-code-font, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${darkTheme}
    }
  }
  :host([theme='dark']) {
    ${darkTheme}
  }
`;

/**
 * The element's own layout and what every document shares: top-level blocks use
 * `content-visibility: auto` so a long document only lays out what is on screen (each
 * node's definition gives a closer size estimate with its own CSS, src/core/blocks), and
 * marks, placeholders and selections (the gap cursor's and the upload error's come with their
 * parts: ../gap-cursor.styles.ts, ../image-uploads.styles.ts). Selectors stay shallow so a
 * keystroke restyles little.
 */
export const richEditorStyles = css`
  :host {
    display: block;
    position: relative;
    color: var(--_text);
    background: var(--_bg);
    font: var(--_font);
  }
  :host([hidden]) {
    display: none;
  }
  .editor {
    position: relative;
  }
  /* Disabled (its attribute or a disabled fieldset): dimmed, as a disabled native field is. */
  :host(:disabled) {
    cursor: not-allowed;
  }
  :host(:disabled) .editor {
    opacity: var(--rich-editor-disabled-opacity, 0.55);
  }
  /* Heard, not seen (announcer.ts). */
  .announcer {
    ${visuallyHidden}
  }
  .collab-notice {
    margin-bottom: 0.5rem;
    padding: 0.4rem 0.6rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    color: var(--_muted);
    font-size: 0.875em;
  }
  .content {
    outline: none;
    white-space: pre-wrap;
    word-wrap: break-word;
    font-variant-ligatures: none;
    min-height: 1.6em;
    caret-color: var(--_text);
  }
  /* Top-level blocks are laid out only near the viewport; exempt: the block being edited, those it
     left since the editor last rested, and the second block (a WebKit crash): active-block.ts's
     classes. */
  .content > :not(.re-active, .re-left, .re-second) {
    content-visibility: auto;
    contain-intrinsic-size: auto 1.6em;
  }
  /* The block being edited: the containment content-visibility gives its neighbours, and
     once measured, its height pinned (block-pin.ts; the attribute and property are
     active-block.ts's PINNED_ATTRIBUTE and PINNED_HEIGHT). A printed page lays it out freely. */
  .content > .re-active {
    contain: layout style;
  }
  @media not print {
    .content > .re-active[data-re-pinned] {
      contain: size layout style;
      box-sizing: border-box;
      height: var(--re-pinned-height);
    }
  }
  /* Selected text: engines that do not pass this on to the elements inside get a rule for each (selection-colour.ts). */
  .content::selection {
    background: var(--_selection);
  }
  .content > :first-child {
    margin-top: 0;
  }
  .content a {
    color: var(--_link);
    text-decoration: underline;
    cursor: pointer;
  }
  .content code {
    font-family: var(--_code-font);
    font-size: 0.9em;
    background: var(--_code-bg);
    border-radius: 4px;
    padding: 0.1em 0.3em;
  }
  /* Not in a read-only viewer, whose empty document is an empty paragraph (a disabled editor keeps it, as an input does). */
  .content:not([aria-readonly]) .is-empty::before {
    content: attr(data-placeholder);
    color: var(--_muted);
    float: inline-start;
    height: 0;
    pointer-events: none;
  }
  /* Room to click below a last block that holds no text (open-end.ts). */
  .content.re-open-end {
    padding-bottom: 1.6em;
  }
  /* A whole block selected (a rule, a block chosen with its handle): outlined, so typing
     next to it or deleting it is never a surprise. Images draw their own (node views). */
  .content > .ProseMirror-selectednode:not(.image-view),
  .content li.ProseMirror-selectednode {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
    border-radius: 2px;
  }
`;
