import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
// axe-core is a UMD script: in the browser it installs `window.axe` rather than an ES default export.
import 'axe-core';
import type Axe from 'axe-core';
import { TextSelection } from 'prosemirror-state';
import type { RichEditor } from '../../src/element/index.js';
import { focusSettled } from './editor.js';

/** The editor's editable content (the element's textbox). */
export function content(el: RichEditor): HTMLElement {
  return el.shadowRoot!.querySelector('[role="textbox"]') as HTMLElement;
}

/** Focuses the editor with the caret after `text`'s first occurrence in the document. */
export async function caretAfter(el: RichEditor, text: string): Promise<void> {
  const view = el.editorView!;
  let at = -1;
  view.state.doc.descendants((node, pos) => {
    if (at < 0 && node.isText && node.text!.includes(text)) at = pos + node.text!.indexOf(text) + text.length;
  });
  expect(at, `"${text}" in the document`).to.be.greaterThan(0);
  view.focus();
  view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, at)));
  await focusSettled();
}

/** The centre of an element, in viewport pixels, for sendMouse. */
export function centre(element: Element): [number, number] {
  const box = element.getBoundingClientRect();
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
}

/** The viewport rectangle of the last character of the last text in `element`. */
export function lastCharRect(element: Element): DOMRect {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let text: Text | null = null;
  while (walker.nextNode()) text = walker.currentNode as Text;
  if (!text?.length) throw new Error('no text in the element');
  const range = document.createRange();
  range.setStart(text, text.length - 1);
  range.setEnd(text, text.length);
  return range.getBoundingClientRect();
}

/**
 * axe-core's violations inside `root` (shadow roots included), as readable lines: empty when it
 * passes. Only violations are gathered: axe still runs every rule, but skips describing each
 * passing node (a selector per node), most of its time on a large screen.
 */
export async function axeViolations(root: Element): Promise<string[]> {
  const { axe } = window as unknown as { axe: typeof Axe };
  const results = await axe.run(root, { resultTypes: ['violations'] });
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Runs axe-core on `root` (shadow roots included) and expects no violations. */
export async function expectAccessible(root: Element): Promise<void> {
  expect(await axeViolations(root)).to.deep.equal([]);
}

/** Typing and key presses that wait for a UI piece to render after each one. */
export function keysThatSettle(settle: (el: RichEditor) => Promise<void>) {
  return {
    async type(el: RichEditor, text: string): Promise<void> {
      await sendKeys({ type: text });
      await settle(el);
    },
    async press(el: RichEditor, key: string): Promise<void> {
      await sendKeys({ press: key });
      await settle(el);
    },
  };
}
