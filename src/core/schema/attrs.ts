import type { AttributeSpec } from 'prosemirror-model';
import { cleanLinkHref, safeColor, safeImageSrc, safeLanguage, safeRedirect } from '../url.js';

/**
 * Every attribute in the schema is declared with a cleaner: a total function from
 * any input to a safe value. The attribute's `validate` refuses whatever the cleaner
 * would change, and every parser (DOM `getAttrs`, JSON, markdown) runs the cleaner
 * first, so paste, HTML and JSON all end in the same safe values.
 */
export type Cleaner<T> = (value: unknown) => T;

/** An attribute's default and its cleaner. */
export interface AttrDef<T = unknown> {
  default: T;
  clean: Cleaner<T>;
  /**
   * The node or mark means nothing without a real value (a link's address, an image's
   * source): where one cleans to the default (a refused URL), every reader drops the
   * node or mark and keeps its content, and creating one without a value throws.
   */
  required?: boolean;
}

/** The attribute definitions of one node or mark type. */
export type AttrDefs = Record<string, AttrDef>;

/** Whether two attribute values are the same (arrays, such as column widths, item by item). */
export function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}

/** Turns attribute definitions into ProseMirror attribute specs with `validate` (required ones get no default). */
export function attrSpecs(defs: AttrDefs): Record<string, AttributeSpec> {
  const specs: Record<string, AttributeSpec> = {};
  for (const [name, def] of Object.entries(defs)) {
    const validate = (value: unknown) => {
      if (!same(def.clean(value), value)) throw new RangeError(`Unsafe or malformed value for attribute ${name}`);
      if (def.required && same(value, def.default)) throw new RangeError(`Attribute ${name} needs a value`);
    };
    specs[name] = def.required ? { validate } : { default: def.default, validate };
  }
  return specs;
}

/**
 * Whether cleaned attributes hold every required value: false when a required attribute
 * was refused (it cleaned to its default), and the node or mark must then be dropped.
 */
export function hasRequiredAttrs(defs: AttrDefs | undefined, attrs: Record<string, unknown>): boolean {
  // Loops over names (not `Object.entries`): readers call this for every element with attributes.
  for (const name in defs) if (defs[name].required && same(attrs[name], defs[name].default)) return false;
  return true;
}

/** Cleans raw attribute values (missing ones take their default). */
export function cleanAttrs(defs: AttrDefs | undefined, raw: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in defs) {
    const def = defs[name];
    const value = raw ? raw[name] : undefined;
    out[name] = value === undefined ? def.default : def.clean(value);
  }
  return out;
}

const MAX_TEXT_ATTR = 500;

function printable(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, MAX_TEXT_ATTR);
}

/** A short text value (ids, labels, names), or `null`. */
export const text: Cleaner<string | null> = (v) => (typeof v === 'string' || typeof v === 'number' ? printable(String(v)) : null);

/**
 * A raw value as text for a cleaner to read: strings and numbers as they are, anything else as
 * nothing. (`String(value)` throws on an object whose `toString` is not a function, which JSON
 * can hold: `{"toString": "x"}`.)
 */
function asText(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** A boolean, also read from the strings `"true"`/`"false"` that DOM attributes carry. */
export const bool: Cleaner<boolean> = (v) => v === true || v === 'true' || v === '';

/** A heading level, 1 to 3; deeper levels become 3 (spec: headings go from 1 to 3). */
export const headingLevel: Cleaner<number> = (v) => {
  const n = typeof v === 'number' ? v : parseInt(asText(v), 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(3, Math.floor(n));
};

/** A row or column span, at least 1. */
export const span: Cleaner<number> = (v) => {
  const n = typeof v === 'number' ? v : parseInt(asText(v), 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), 1000) : 1;
};

/** Column widths in pixels, one per spanned column, or `null`. */
export const colwidth: Cleaner<number[] | null> = (v) => {
  const list = typeof v === 'string' ? v.split(',') : v;
  if (!Array.isArray(list) || list.length === 0 || list.length > 1000) return null;
  const widths = list.map((w) => (typeof w === 'number' ? w : parseInt(asText(w), 10)));
  // prosemirror-tables writes 0 for a column whose width is not set.
  return widths.every((w) => Number.isInteger(w) && w >= 0 && w <= 100_000) ? widths : null;
};

/** An image dimension: `35%` or `320px`; anything else gives the fallback. */
export function dimension(fallback: string | null): Cleaner<string | null> {
  return (v) => {
    if (v === null || v === undefined) return fallback;
    const m = /^\s*(\d{1,5}(?:\.\d{1,3})?)\s*(px|%)?\s*$/.exec(asText(v));
    if (!m) return fallback;
    const n = Number(m[1]);
    const unit = m[2] ?? 'px';
    if (n <= 0 || (unit === '%' && n > 100)) return fallback;
    return `${n}${unit}`;
  };
}

/** A link target: one of the browsing-context keywords; new tab by default. */
export const linkTarget: Cleaner<string> = (v) => (typeof v === 'string' && /^_(blank|self|parent|top)$/.test(v) ? v : '_blank');

/** The `rel` every link carries (spec: noopener noreferrer nofollow). */
export const LINK_REL = 'noopener noreferrer nofollow';

/** A link's rel is fixed: whatever arrives, links never get `opener` or referrer access. */
export const linkRel: Cleaner<string> = () => LINK_REL;

/** A class list made of plain tokens only. */
export const className: Cleaner<string | null> = (v) => {
  if (typeof v !== 'string') return null;
  const tokens = v.trim().split(/\s+/).filter(Boolean);
  if (!tokens.length || tokens.length > 8 || !tokens.every((t) => /^[a-z][\w-]{0,63}$/i.test(t))) return null;
  return tokens.join(' ');
};

/** A plain identifier such as a mention target (`users`), or `null`. */
export const identifier: Cleaner<string | null> = (v) => (typeof v === 'string' && /^[a-z][\w-]{0,63}$/i.test(v) ? v : null);

export const href: Cleaner<string> = cleanLinkHref;
export const imageSrc: Cleaner<string | null> = safeImageSrc;
export const redirect: Cleaner<string> = safeRedirect;
export const language: Cleaner<string> = safeLanguage;
export const background: Cleaner<string | null> = (v) => safeColor(v, 'background');
export const textColor: Cleaner<string | null> = (v) => safeColor(v, 'textColor');
