/**
 * What an extension's node or mark may put in the DOM, and so in the editor's HTML:
 * tags from a list of harmless ones, no event handlers, addresses through the URL
 * rules and styles reduced to a few properties with plain values. The built-in nodes
 * render through the same rules, so they hold for every node, ours or a host's.
 */
import type { DOMOutputSpec } from 'prosemirror-model';
import { safeImageSrc, safeLinkHref } from '../url.js';

/** Tags a node or mark may render to. Anything that runs, loads, embeds or submits is not among them. */
const SAFE_TAGS: ReadonlySet<string> = new Set(
  (
    'a abbr article aside b bdi bdo blockquote br caption cite code col colgroup dd del details dfn div dl dt em figcaption figure ' +
    'footer h1 h2 h3 h4 h5 h6 header hr i img input ins kbd label li main mark nav ol p pre q s samp section small span strong sub ' +
    'summary sup table tbody td tfoot th thead time tr u ul var'
  ).split(' '),
);

/** Style properties a node may set, each with plain values only (lengths, percentages, colours, keywords). */
const SAFE_STYLE_PROPERTIES: ReadonlySet<string> = new Set([
  'width',
  'height',
  'min-width',
  'max-width',
  'color',
  'background-color',
  'text-align',
  'vertical-align',
  'font-weight',
  'font-style',
  'text-decoration',
]);
const SAFE_STYLE_VALUE = /^(?:#[0-9a-f]{3,8}|-?\d+(?:\.\d+)?(?:px|%|em|rem)?|auto|[a-z-]+|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\))$/i;

/**
 * The declarations of a style attribute that are safe, or null when none is. A style
 * whose every declaration is safe is kept as written (so the editor's own rendering,
 * `width: 35%; height: auto;`, is unchanged); otherwise the safe ones are rewritten.
 */
export function safeStyle(style: string): string | null {
  const kept: string[] = [];
  let dropped = false;
  for (const declaration of style.split(';')) {
    if (!declaration.trim()) continue;
    const colon = declaration.indexOf(':');
    const property = colon < 0 ? '' : declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (SAFE_STYLE_PROPERTIES.has(property) && SAFE_STYLE_VALUE.test(value)) kept.push(`${property}: ${value}`);
    else dropped = true;
  }
  if (!kept.length) return null;
  return dropped ? `${kept.join('; ')};` : style.trim();
}

/** Attributes whose value is an address, judged by the URL rules. */
const ADDRESS_ATTRIBUTES: Readonly<Record<string, (value: unknown) => string | null>> = {
  href: safeLinkHref,
  src: safeImageSrc,
};

/** Attributes never written: handlers, and those that point elsewhere without passing the URL rules. */
const REFUSED_ATTRIBUTE = /^(?:on|formaction$|action$|srcset$|srcdoc$|xlink:|xmlns|ping$|background$|poster$|data$|codebase$|manifest$)/i;

/**
 * The rule of each attribute name met so far (`''` for refused, else its lower-case name):
 * every node and mark renders through `safeAttributes` (the editor's view too), a few dozen
 * names in all. Bounded, for a render function that makes names up.
 */
const attributeRules = new Map<string, string>();

/** A safe copy of the attributes a node or mark renders. */
export function safeAttributes(attrs: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(attrs)) {
    const raw = attrs[name];
    if (raw === null || raw === undefined || raw === false) continue;
    let rule = attributeRules.get(name);
    if (rule === undefined) {
      rule = REFUSED_ATTRIBUTE.test(name) || !/^[a-z][\w:-]*$/i.test(name) ? '' : name.toLowerCase();
      if (attributeRules.size < 1024) attributeRules.set(name, rule);
    }
    if (!rule) continue;
    const value = String(raw);
    if (rule === 'href' || rule === 'src' || rule === 'style') {
      const safe = rule === 'style' ? safeStyle(value) : ADDRESS_ATTRIBUTES[rule](value);
      if (safe) out[name] = safe;
    } else {
      out[name] = rule === 'contenteditable' ? 'false' : value;
    }
  }
  return out;
}

function isAttrs(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(typeof Node !== 'undefined' && value instanceof Node);
}

/** A child of a render spec made safe: text stays text, an array spec is made safe. */
function safeChild(part: unknown, inline: boolean): unknown {
  if (part === 0) return 0;
  if (typeof part === 'string') return part;
  return safeOutputSpec(part as DOMOutputSpec, inline);
}

/**
 * A render spec made safe: unknown or unsafe tags become a `div` (or a `span` inline),
 * attributes go through `safeAttributes`, text stays text. A DOM node (which could hold
 * anything) is not accepted from a render function: it becomes an element holding its text.
 */
export function safeOutputSpec(spec: DOMOutputSpec, inline: boolean): DOMOutputSpec {
  const fallbackTag = inline ? 'span' : 'div';
  if (!Array.isArray(spec)) {
    const maybe = spec as unknown as { dom?: unknown; textContent?: unknown };
    if (maybe.dom !== undefined) throw new RangeError('A node or mark of an extension renders to an array spec, not to DOM nodes');
    return [fallbackTag, String(typeof spec === 'string' ? spec : (maybe.textContent ?? ''))];
  }
  const parts = spec as readonly unknown[];
  const rawTag = parts[0];
  // Most nodes render a plain tag and their content hole (`['p', 0]`, `['hr']`): already safe.
  if (typeof rawTag === 'string' && SAFE_TAGS.has(rawTag) && (parts.length === 1 || (parts.length === 2 && parts[1] === 0))) return spec;
  const name = String(rawTag);
  const tag = (name.includes(' ') ? name.slice(name.lastIndexOf(' ') + 1) : name).toLowerCase();
  const safeTag = SAFE_TAGS.has(tag) ? tag : fallbackTag;
  const out: unknown[] = [safeTag];
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i];
    if (i === 1 && isAttrs(part)) {
      const attrs = safeAttributes(part);
      // An input renders only as the checkbox a to-do item shows, never a control that submits or loads.
      if (safeTag === 'input') attrs.type = 'checkbox';
      // Addresses only where they mean one: a link's href, an image's src.
      if (safeTag !== 'a') delete attrs.href;
      if (safeTag !== 'img') delete attrs.src;
      out.push(attrs);
    } else {
      out.push(safeChild(part, inline));
    }
  }
  return out as unknown as DOMOutputSpec;
}

/** Whether a tag may be rendered (for an extension's data-form `html.tag`). */
export function isSafeTag(tag: string): boolean {
  return SAFE_TAGS.has(tag.toLowerCase());
}
