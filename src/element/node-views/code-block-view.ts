/**
 * The code block's node view: the code in a `<pre><code>` that ProseMirror edits,
 * under a small non-editable header with a language picker and a copy button.
 */
import type { Node as PMNode } from 'prosemirror-model';
import type { EditorView, NodeView, ViewMutationRecord } from 'prosemirror-view';
import { safeLanguage } from '../../core/url.js';
import { CODE_LANGUAGES, PLAIN_LANGUAGE } from '../../core/code-languages.js';
import type { CodeBlockDefinition } from '../../core/blocks/code-block.js';
import { definitionOf } from '../../core/extensions/define.js';
import { wordsOf } from '../../core/strings.js';
import { unwatchForHighlighting, watchForHighlighting } from './highlight.js';
import type { NodeViewContext } from '../../core/extensions/node-view.js';
import { clock } from '../../core/clock.js';

/** How long the copy button shows its confirmation, in milliseconds (spec: code copy confirmation lasts 1000 ms). */
export const COPY_CONFIRMATION_MS = 1000;

/** The languages the picker offers (core's known languages); a block in another language gets an extra entry. */
export { CODE_LANGUAGES } from '../../core/code-languages.js';

/**
 * A code block with a copy button and a language picker; only the `<code>` is editable.
 * Built through the node-view hook extensions use (`definedNodeView`): its context says when
 * the editor turns read-only. The view is its own event listener (`handleEvent`): a long
 * document's code blocks hold one closure each, the context's.
 */
export class CodeBlockView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement;
  private readonly header: HTMLElement;
  private readonly pre: HTMLElement;
  private readonly select: HTMLSelectElement;
  private readonly copyButton: HTMLButtonElement;
  private readonly copyLabel: HTMLElement;
  private readonly status: HTMLElement;
  /** Whether the highlighting plugin watches the block for the viewport (once it has a language). */
  private watched = false;
  private copiedTimer: unknown = null;
  /** Counts copy attempts, so a slow clipboard answer cannot undo a newer one. */
  private copyAttempt = 0;
  private destroyed = false;
  /** Whether the picker holds every language yet (see fillLanguages). */
  private filled = false;

  constructor(
    private node: PMNode,
    private readonly view: EditorView,
    private readonly getPos: () => number | undefined,
    context: NodeViewContext,
  ) {
    const doc = view.dom.ownerDocument;
    this.dom = doc.createElement('div');
    this.dom.className = 'code-block';
    // Code is not prose: no misspelling marks under its names.
    this.dom.spellcheck = false;

    this.header = this.dom.appendChild(doc.createElement('div'));
    this.header.className = 'code-block-header';
    this.header.contentEditable = 'false';

    this.select = this.header.appendChild(doc.createElement('select'));
    this.select.className = 'code-block-language';
    const words = wordsOf(view.state);
    this.select.setAttribute('aria-label', words['code.language']);
    // The full list is built when someone reaches for the picker (a pointer press comes
    // before the native list opens; keyboard users focus it first), not for each of a
    // long document's code blocks as it loads, and goes when the picker loses focus: the
    // options' words are part of the editable text's accessible value, where a screen reader
    // would otherwise read every language name of every block reached once.
    for (const type of ['change', 'focus', 'blur', 'pointerdown', 'mousedown']) this.select.addEventListener(type, this);

    this.copyButton = this.header.appendChild(doc.createElement('button'));
    this.copyButton.type = 'button';
    this.copyButton.className = 'code-block-copy';
    // The name says what the button does; the visible text and the live region say what happened.
    this.copyButton.setAttribute('aria-label', words['code.copyLabel']);
    this.copyLabel = this.copyButton.appendChild(doc.createElement('span'));
    this.copyLabel.textContent = words['code.copy'];
    this.copyButton.addEventListener('click', this);

    this.status = this.header.appendChild(doc.createElement('span'));
    this.status.className = 'visually-hidden';
    this.status.setAttribute('role', 'status');

    this.pre = this.dom.appendChild(doc.createElement('pre'));
    this.contentDOM = this.pre.appendChild(doc.createElement('code'));

    this.showLanguage();
    this.setEditable(context.editable);
    context.subscribe(() => this.setEditable(context.editable));
  }

  /** The header's controls: the picker (filled on first reach, then changed) and the copy button. */
  handleEvent(event: Event): void {
    if (event.currentTarget === this.copyButton) void this.copy();
    else if (event.type === 'change') this.setLanguage(this.select.value);
    else if (event.type === 'blur') this.showLanguageAlone();
    else this.fillLanguages();
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    const languageChanged = node.attrs.language !== this.node.attrs.language;
    this.node = node;
    if (languageChanged) this.showLanguage();
    return true;
  }

  /** Events in the header are the controls' own; ProseMirror must not treat them as editing. */
  stopEvent(event: Event): boolean {
    return event.target instanceof Node && this.header.contains(event.target);
  }

  /** The header is ours, not document content; attribute changes on the wrappers are ours too. */
  ignoreMutation(mutation: ViewMutationRecord): boolean {
    if (this.header.contains(mutation.target)) return true;
    if (mutation.type === 'attributes') return mutation.target === this.dom || mutation.target === this.pre || mutation.target === this.contentDOM;
    return false;
  }

  destroy(): void {
    this.destroyed = true;
    if (this.watched) unwatchForHighlighting(this.view, this.dom);
    if (this.copiedTimer) clock.clearTimeout(this.copiedTimer);
  }

  private get language(): string {
    return this.node.attrs.language as string;
  }

  /** Puts `entries` in the picker with the block's language chosen. */
  private setOptions(entries: ReadonlyArray<readonly [string, string]>): void {
    const doc = this.dom.ownerDocument;
    this.select.replaceChildren(
      ...entries.map(([value, label]) => {
        const option = doc.createElement('option');
        option.value = value;
        option.textContent = value === PLAIN_LANGUAGE ? wordsOf(this.view.state)['code.plaintext'] : label;
        return option;
      }),
    );
    this.select.value = this.language;
  }

  /** The languages the block's definition offers (`codeBlock.configure({ languages })`), every known one by default. */
  private get languages(): ReadonlyArray<readonly [string, string]> {
    return (definitionOf(this.node.type) as CodeBlockDefinition | undefined)?.options?.languages ?? CODE_LANGUAGES;
  }

  /** Offers the block's languages (plus the block's own when it is not in the list). */
  private fillLanguages(): void {
    if (this.filled) return;
    this.filled = true;
    const language = this.language;
    const languages = this.languages;
    this.setOptions(languages.some(([value]) => value === language) ? languages : [[language, language], ...languages]);
  }

  /** The picker holding the block's language only (its label when the editor knows it). */
  private showLanguageAlone(): void {
    const language = this.language;
    const known = this.languages.find(([value]) => value === language) ?? CODE_LANGUAGES.find(([value]) => value === language);
    this.filled = false;
    this.setOptions([known ?? [language, language]]);
  }

  /** Shows the block's language in the picker and on the code, and asks for highlighting when it has one. */
  private showLanguage(): void {
    const language = this.language;
    if (this.filled) {
      this.filled = false;
      this.fillLanguages();
    } else this.showLanguageAlone();
    this.pre.setAttribute('data-language', language);
    this.contentDOM.className = `language-${language}`;
    if (language !== PLAIN_LANGUAGE && !this.watched) this.watched = watchForHighlighting(this.view, this.dom, this.getPos);
  }

  private setEditable(editable: boolean): void {
    // Read-only viewers may still copy code, but not change its language.
    this.select.disabled = !editable;
  }

  private setLanguage(value: string): void {
    const pos = this.getPos();
    if (pos === undefined || !this.view.editable) return;
    const language = safeLanguage(value);
    if (language !== this.language) this.view.dispatch(this.view.state.tr.setNodeAttribute(pos, 'language', language));
  }

  /** Copies the code; success shows "Copied" for 1000 ms, failure just clears the copied state (spec). */
  private async copy(): Promise<void> {
    const attempt = ++this.copyAttempt;
    try {
      await navigator.clipboard.writeText(this.node.textContent);
    } catch {
      if (attempt === this.copyAttempt && !this.destroyed) this.setCopied(false);
      return;
    }
    if (attempt !== this.copyAttempt || this.destroyed) return;
    this.setCopied(true);
    this.copiedTimer = clock.setTimeout(() => this.setCopied(false), COPY_CONFIRMATION_MS);
  }

  private setCopied(copied: boolean): void {
    if (this.copiedTimer) clock.clearTimeout(this.copiedTimer);
    this.copiedTimer = null;
    this.copyButton.classList.toggle('copied', copied);
    const words = wordsOf(this.view.state);
    this.copyLabel.textContent = copied ? words['code.copied'] : words['code.copy'];
    this.status.textContent = copied ? words['code.copied'] : '';
  }
}
