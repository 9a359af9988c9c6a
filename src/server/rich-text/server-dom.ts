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
  const owner = elementPrototypeWith('matches');
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

/** The prototype of linkedom's elements that defines `name` (its Element class). */
function elementPrototypeWith(name: string): object | null {
  let owner: object | null = parseInertDocument('').createElement('p');
  while (owner && !Object.prototype.hasOwnProperty.call(owner, name)) owner = Object.getPrototypeOf(owner);
  return owner;
}

const answerNothing = () => '';

/** linkedom's own style getter (its CSSStyleDeclaration of an element), found by installEmptyStyles. */
let linkedomStyleOf: ((element: Element) => CSSStyleDeclaration) | null = null;

/**
 * The style declaration of an element without a `style` attribute: reads answer empty at once;
 * a write (rare on the server: ProseMirror's serialiser sets the attribute) goes to linkedom's
 * own declaration of the element, as it would have without this, and the element has a style from
 * then on. One small proxy per element read, sharing this handler, instead of linkedom's map.
 */
const emptyStyle: ProxyHandler<{ element: Element }> = {
  get(target, name) {
    if (name === 'length') return 0;
    if (name === 'getPropertyValue' || name === 'getPropertyPriority' || name === 'item') return answerNothing;
    if (name === 'setProperty' || name === 'removeProperty') {
      const real = linkedomStyleOf!(target.element);
      return real[name].bind(real);
    }
    return typeof name === 'string' ? '' : undefined;
  },
  set(target, name, value) {
    (linkedomStyleOf!(target.element) as unknown as Record<string | symbol, unknown>)[name] = value;
    return true;
  },
};

/**
 * ProseMirror's DOMParser reads `element.style` of every element (its `white-space`, and its
 * declarations for the style rules), and linkedom builds a style object for each element asked
 * (a Map behind a Proxy, kept in a WeakMap): a fifth of a long document's reading on the server,
 * most of it in garbage collection. Elements without a `style` attribute, nearly all of them,
 * answer with a light empty declaration (emptyStyle) that hands any write to linkedom's own; the others get linkedom's own.
 */
function installEmptyStyles(): void {
  const owner = elementPrototypeWith('style');
  const linkedomStyle = owner && Object.getOwnPropertyDescriptor(owner, 'style')?.get;
  if (!owner || !linkedomStyle) return;
  linkedomStyleOf = (element) => linkedomStyle.call(element) as CSSStyleDeclaration;
  Object.defineProperty(owner, 'style', {
    configurable: true,
    get(this: Element): CSSStyleDeclaration {
      return this.hasAttribute('style') ? linkedomStyle.call(this) : (new Proxy({ element: this }, emptyStyle) as unknown as CSSStyleDeclaration);
    },
  });
}

installCachedMatches();
installEmptyStyles();
