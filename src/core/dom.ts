/**
 * Where the core finds a DOM to read HTML with. In a browser it is the page's own
 * `DOMParser`; on Node (a server, a build script) there is none, so a host injects one,
 * such as linkedom's, once at start-up:
 *
 * ```js
 * import { DOMParser } from 'linkedom';
 * import { setDOMImplementation } from 'rich-editor/core';
 * setDOMImplementation({ DOMParser });
 * ```
 *
 * Every reader of HTML (parseHTML, parseJSON's repair of misplaced content, the markdown
 * parser's HTML fences, paste cleaning) asks here. Writing HTML and markdown needs no DOM.
 */

/** What the core needs of a DOM: a `DOMParser` whose `text/html` documents are inert (no script runs, nothing loads). */
export interface DomImplementation {
  DOMParser: { new (): { parseFromString(markup: string, type: 'text/html'): unknown } };
}

let injected: DomImplementation | null = null;

/**
 * Sets the DOM implementation HTML is parsed with (pass `null` to go back to the page's);
 * returns the previous one. Needed on Node before parsing HTML; never needed in a browser.
 */
export function setDOMImplementation(implementation: DomImplementation | null): DomImplementation | null {
  if (implementation !== null && typeof implementation?.DOMParser !== 'function') {
    throw new RangeError('setDOMImplementation takes an object with a DOMParser class, such as { DOMParser } from linkedom');
  }
  const previous = injected;
  injected = implementation;
  return previous;
}

/** The error HTML parsing throws where there is no DOM to parse with. */
export const NO_DOM_MESSAGE =
  'rich-editor: parsing HTML needs a DOM, and there is none here (Node?). Call setDOMImplementation({ DOMParser }) from rich-editor/core first, for example with linkedom\'s DOMParser.';

/** Whether an error is the one thrown for want of a DOM (readers that turn other errors into text let it through). */
export function isNoDomError(error: unknown): boolean {
  return error instanceof RangeError && error.message === NO_DOM_MESSAGE;
}

/** Parses markup into an inert HTML document with the injected DOM, or the page's; throws a RangeError naming `setDOMImplementation` when there is none. */
export function parseInertHTML(markup: string): Document {
  const Parser = injected?.DOMParser ?? (typeof DOMParser === 'function' ? DOMParser : null);
  if (!Parser) throw new RangeError(NO_DOM_MESSAGE);
  // Injected DOMs implement the part of the DOM the core reads; their typings are their own classes.
  return new Parser().parseFromString(markup, 'text/html') as Document;
}

/** Whether HTML can be parsed here (a page, or an injected DOM). */
export function canParseHTML(): boolean {
  return !!injected || typeof DOMParser === 'function';
}
