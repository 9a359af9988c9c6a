// The element's polite live region (element/rich-editor/announcer.ts), as a test reads it.
import type { RichEditor } from '../../src/element/index.js';
import { until } from './until.js';

/** The live region. */
export function liveRegion(el: RichEditor): HTMLElement {
  const found = el.shadowRoot!.querySelector<HTMLElement>('.announcer');
  if (!found) throw new Error('the element has no live region');
  return found;
}

/** What the live region says now, without the no-break space that makes a repeat heard. */
export const said = (el: RichEditor): string => liveRegion(el).textContent!.replace(/\u00a0/g, '').trim();

/** Waits until the region says `words`. */
export const hears = (el: RichEditor, words: string) => until(() => said(el) === words, `the live region saying "${words}"`, { saw: () => said(el) });
