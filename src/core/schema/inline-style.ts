/**
 * A parse rule's read of an element's inline style. Most elements have no `style` attribute,
 * and asking `element.style` of those costs a style object each on a server DOM (linkedom
 * builds one per element asked): a long document read on the server asked it of every `<b>`,
 * cell and image. Without the attribute the answer is the empty string, as the DOM gives;
 * with it, the element's own CSSOM answers, so browsers read exactly what they read before.
 */

/** The style properties parse rules read, as CSSOM names them. */
export type InlineStyleProperty = 'fontWeight' | 'color' | 'backgroundColor' | 'width' | 'height';

/** `element.style[property]`, or `''` without asking for the style object when the element has no `style` attribute. */
export function inlineStyle(element: HTMLElement, property: InlineStyleProperty): string {
  return element.hasAttribute('style') ? element.style[property] : '';
}
