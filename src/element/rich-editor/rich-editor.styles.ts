import { css } from 'lit';

/** The element's styles: colours and fonts come from `--rich-editor-*` custom properties. */
export const richEditorStyles = css`
  :host {
    display: block;
    color: var(--rich-editor-text, #1f2328);
    background: var(--rich-editor-background, transparent);
    font: var(--rich-editor-font, 16px/1.6 system-ui, sans-serif);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      color: var(--rich-editor-text, #e6e6e6);
    }
  }
  .content {
    outline: none;
    white-space: pre-wrap;
    word-wrap: break-word;
    min-height: 1.6em;
  }
  .content > * {
    content-visibility: auto;
    contain-intrinsic-size: auto 1.6em;
  }
  .content :where(pre) {
    white-space: pre;
    overflow-x: auto;
    font-family: var(--rich-editor-code-font, ui-monospace, monospace);
  }
  .content :where(img) {
    max-width: 100%;
  }
  .content :where(table) {
    border-collapse: collapse;
  }
  .content :where(td, th) {
    border: 1px solid var(--rich-editor-border, #d0d7de);
    padding: 4px 8px;
    min-width: 100px;
    vertical-align: top;
  }
`;
