/**
 * A server-side DOM for the editor core's serialisers. The core parses HTML through
 * `env.parseDocument` and builds output nodes in `env.document`; on Node both come
 * from linkedom, whose parser never runs scripts or loads resources.
 */
import { DOMParser } from 'linkedom';
import type { DomEnvironment } from '../../core/serialize/html.js';

/** The parts of the core's `DomEnvironment` that a server must supply. */
export type ServerDomEnvironment = Required<Pick<DomEnvironment, 'parseDocument' | 'document'>>;

/** Parses an HTML fragment into an inert document, the way the core's browser path wraps it. */
export function parseInertDocument(html: string): Document {
  const markup = `<!doctype html><html><head></head><body>${html}</body></html>`;
  // linkedom's documents implement the DOM the core reads; its typings are its own classes.
  return new DOMParser().parseFromString(markup, 'text/html') as unknown as Document;
}

/** A fresh environment: each call owns its document, so concurrent requests share nothing. */
export function createServerDomEnvironment(): ServerDomEnvironment {
  return { parseDocument: parseInertDocument, document: parseInertDocument('') };
}

type Matcher = (element: Element) => boolean;

/**
 * A parse rule's selector as a plain test, for the simple shapes the schema's rules use:
 * `tag`, `tag[attr]` and `tag[data-x="value"]`. Other selectors get null and go to
 * linkedom's own matching. Only `data-` attributes are compared by value: HTML compares a
 * few other attributes' values (`type`, `lang`…) without regard to case.
 */
export function simpleMatcher(selector: string): Matcher | null {
  const parts = /^([a-z][a-z0-9-]*)(?:\[([a-z][a-z0-9-]*)(?:="([^"\\]*)")?\])?$/.exec(selector);
  if (!parts) return null;
  const [, tag, attribute, value] = parts;
  if (value !== undefined && !attribute.startsWith('data-')) return null;
  // HTML documents' tag names match in any case, as in linkedom's matching.
  const isTag: Matcher = (element) => element.localName.toLowerCase() === tag;
  if (!attribute) return isTag;
  if (value === undefined) return (element) => isTag(element) && element.hasAttribute(attribute);
  return (element) => isTag(element) && element.getAttribute(attribute) === value;
}

/**
 * ProseMirror's DOMParser asks `element.matches(rule.tag)` for every rule on every element,
 * and linkedom parses the selector again on each call: a long document spends a third of its
 * reading there. Simple selectors are turned into a test once (simpleMatcher) and kept; the
 * rest still go to linkedom. Installed once per process, on linkedom's element class.
 */
function installCachedMatches(): void {
  let owner: object | null = parseInertDocument('').createElement('p');
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'matches')) owner = Object.getPrototypeOf(owner);
  if (!owner) return;
  const original = (owner as Element).matches;
  const cache = new Map<string, Matcher | null>();
  Object.defineProperty(owner, 'matches', {
    configurable: true,
    writable: true,
    value(this: Element, selector: string): boolean {
      let matcher = cache.get(selector);
      if (matcher === undefined) {
        matcher = simpleMatcher(selector);
        // Bounded: the selectors asked are the schema's, a few dozen.
        if (cache.size < 256) cache.set(selector, matcher);
      }
      return matcher ? matcher(this) : original.call(this, selector);
    },
  });
}

installCachedMatches();
