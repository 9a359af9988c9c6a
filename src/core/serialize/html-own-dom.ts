/**
 * The element a parse rule's `getAttrs` or `contentElement` sees when the fast reader
 * (html-own.ts) reads markup: the few DOM members rules use (attributes, text, a small
 * `querySelector`, simple inline styles), answered as a browser would for the markup the
 * tokenizer accepts. Any other member, selector or style throws `OWN_REFUSED`, and the
 * document is read through the DOM instead: a rule never sees a wrong answer.
 */
import { OWN_REFUSED, ownAttribute, type OwnElement } from './html-tokens.js';

/** A size as a browser gives it back: `auto`, or pixels or a percentage in their shortest form. */
const SIZE = /^(?:auto|(?:0|[1-9]\d{0,4})(?:\.\d{0,2}[1-9])?(?:px|%))$/;
/** A colour as a browser gives it back: `rgb(r, g, b)`, each from 0 to 255. */
const RGB = /^rgb\((?:0|[1-9]\d?|1\d\d|2[0-4]\d|25[0-5])(?:, (?:0|[1-9]\d?|1\d\d|2[0-4]\d|25[0-5])){2}\)$/;

/** Style properties the reader answers, when written in the form a browser gives back. */
const STYLE_VALUE: Readonly<Record<string, RegExp>> = { width: SIZE, height: SIZE, color: RGB, 'background-color': RGB };

/** The style properties an element may declare for the fast reader. */
export const OWN_STYLE_PROPERTIES: readonly string[] = Object.keys(STYLE_VALUE);

/**
 * An element's declarations, property to value, or null when its style attribute holds
 * anything whose reading a browser might do otherwise (quotes, escapes, comments, functions
 * other than `rgb()`, properties not in `OWN_STYLE_PROPERTIES`, a property twice).
 */
export function ownStyle(style: string): Map<string, string> | null {
  if (!/^[a-z0-9#%., :;()-]*$/i.test(style) || /\((?![\d, ]*\))|(?<!rgb)\(/i.test(style)) return null;
  const declarations = new Map<string, string>();
  for (const declaration of style.split(';')) {
    if (!declaration.trim()) continue;
    const colon = declaration.indexOf(':');
    const property = declaration.slice(0, colon).trim();
    if (colon < 0 || !(property in STYLE_VALUE) || declarations.has(property)) return null;
    declarations.set(property, declaration.slice(colon + 1).trim());
  }
  return declarations;
}

/** What the rules asked of the elements they were given: only attributes, or more. */
export interface OwnDomReads {
  /** Set when a rule read text, children or styles: its answer is not a function of the attributes alone. */
  beyondAttributes: boolean;
}

function refuse(): never {
  throw OWN_REFUSED;
}

/** An element as a rule sees it: the tree element and what reading it tells. */
interface Target {
  readonly element: OwnElement;
  readonly reads: OwnDomReads;
}

/** The members a rule may read, each answered from the target. */
const MEMBERS: Readonly<Record<string, (target: Target) => unknown>> = {
  nodeType: () => 1,
  nodeName: ({ element }) => element.tag.toUpperCase(),
  tagName: ({ element }) => element.tag.toUpperCase(),
  getAttribute: ({ element }) => (name: string) => ownAttribute(element, String(name).toLowerCase()),
  hasAttribute: ({ element }) => (name: string) => ownAttribute(element, String(name).toLowerCase()) !== null,
  textContent: ({ element, reads }) => {
    reads.beyondAttributes = true;
    return textOf(element);
  },
  querySelector: ({ element, reads }) => (selector: string) => {
    reads.beyondAttributes = true;
    const found = querySelector(element, String(selector));
    return found ? ownDom(found, reads) : null;
  },
  style: ({ element, reads }) => {
    reads.beyondAttributes = true;
    return styleOf(element);
  },
};

/** What a light element does not answer: its class (`instanceof`), `in`, its keys, and any change. */
const UNANSWERED: ProxyHandler<object> = { getPrototypeOf: refuse, has: refuse, ownKeys: refuse, set: refuse, defineProperty: refuse, deleteProperty: refuse };

/** Where the tree element of a light element is kept (no rule can name it). */
const ELEMENT = Symbol('element');

const HANDLER: ProxyHandler<Target> = {
  get(target, key) {
    if (key === ELEMENT) return target.element;
    const member = typeof key === 'string' && Object.hasOwn(MEMBERS, key) ? MEMBERS[key] : null;
    if (!member) throw OWN_REFUSED;
    return member(target);
  },
  ...(UNANSWERED as ProxyHandler<Target>),
};

/** The tree element behind an object `ownDom` made (what `contentElement` returned). */
export function elementOf(dom: unknown): OwnElement {
  const element = typeof dom === 'object' && dom ? (dom as Record<symbol, OwnElement | undefined>)[ELEMENT] : undefined;
  if (!element) throw OWN_REFUSED;
  return element;
}

/** An element of the tree as a rule sees it. */
export function ownDom(element: OwnElement, reads: OwnDomReads): HTMLElement {
  return new Proxy<Target>({ element, reads }, HANDLER) as unknown as HTMLElement;
}

function textOf(element: OwnElement): string {
  let text = '';
  for (const child of element.children) text += typeof child === 'string' ? child : textOf(child);
  return text;
}

/** `element.style`: each property read gives the declared value, which must already be in a browser's form. */
function styleOf(element: OwnElement): object {
  const attribute = ownAttribute(element, 'style');
  const declarations = attribute === null ? new Map<string, string>() : ownStyle(attribute);
  if (!declarations) throw OWN_REFUSED;
  return new Proxy(
    {},
    {
      get(_, key) {
        if (typeof key !== 'string') throw OWN_REFUSED;
        const property = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
        if (!declarations.size) return '';
        const value = declarations.get(property);
        if (value === undefined) {
          if (property in STYLE_VALUE) return '';
          throw OWN_REFUSED;
        }
        if (!STYLE_VALUE[property].test(value)) throw OWN_REFUSED;
        return value;
      },
      ...UNANSWERED,
    },
  );
}

/** A compound selector: a tag (or any) and attribute tests. */
interface Step {
  tag: string | null;
  attrs: Array<[string, string | null]>;
}

const COMPOUND = /^([a-z][a-z0-9]*|\*)?((?:\[[a-z][a-z0-9-]*(?:="[^"]*")?\])*)$/;

/**
 * A selector list whose selectors are each one compound (`code`, `input[type="checkbox"]`) or a
 * chain of children from `:scope` (`:scope > label > input`), as steps from the top; null for
 * any other selector (a descendant chain could depend on elements above the one asked).
 */
function parseSelector(selector: string): Array<{ scoped: boolean; steps: Step[] }> | null {
  const list = [];
  for (const part of selector.split(',')) {
    const words = part.trim().split(/\s*>\s*/);
    const scoped = words[0] === ':scope';
    if (scoped) words.shift();
    if (!words.length || (!scoped && words.length > 1)) return null;
    const steps: Step[] = [];
    for (const word of words) {
      const m = COMPOUND.exec(word);
      if (!m || !word) return null;
      const attrs = [...m[2].matchAll(/\[([a-z][a-z0-9-]*)(?:="([^"]*)")?\]/g)].map(([, name, value]): [string, string | null] => [name, value ?? null]);
      steps.push({ tag: m[1] && m[1] !== '*' ? m[1] : null, attrs });
    }
    list.push({ scoped, steps });
  }
  return list;
}

function stepMatches(element: OwnElement, step: Step): boolean {
  return (!step.tag || element.tag === step.tag) && step.attrs.every(([name, value]) => (value === null ? ownAttribute(element, name) !== null : ownAttribute(element, name) === value));
}

/** Whether the last element of `path` (the root first) matches a selector of the list. */
function pathMatches(path: readonly OwnElement[], list: ReturnType<typeof parseSelector> & object): boolean {
  const last = path.length - 1;
  return list.some(({ scoped, steps }) => {
    if (!scoped) return stepMatches(path[last], steps[0]);
    return last === steps.length && steps.every((step, i) => stepMatches(path[i + 1], step));
  });
}

/** Selectors read so far (rules use a handful). */
const selectors = new Map<string, ReturnType<typeof parseSelector>>();

/** The first descendant of `root` in document order matching `selector`. */
function querySelector(root: OwnElement, selector: string): OwnElement | null {
  let list = selectors.get(selector);
  if (list === undefined) {
    list = parseSelector(selector);
    if (selectors.size < 64) selectors.set(selector, list);
  }
  if (!list) throw OWN_REFUSED;
  const path: OwnElement[] = [root];
  const visit = (element: OwnElement): OwnElement | null => {
    for (const child of element.children) {
      if (typeof child === 'string') continue;
      path.push(child);
      if (pathMatches(path, list)) return child;
      const found = visit(child);
      path.pop();
      if (found) return found;
    }
    return null;
  };
  return visit(root);
}
