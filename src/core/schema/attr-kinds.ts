/**
 * Attribute kinds: how an extension (ours or a host's) declares an attribute. Each kind
 * gives the attribute its cleaner (any input to a safe value) and so its `validate`, so
 * a host's node can no more hold a `javascript:` address, a handler or a stray style
 * than ours can. Kinds are data: `{ type: 'enum', values: ['info', 'warning'], default:
 * 'info' }`.
 */
import * as a from './attrs.js';
import type { AttrDef, AttrDefs, Cleaner } from './attrs.js';

/** Free text (ids, labels, names): control characters removed, at most `max` characters (500). */
export interface TextKind {
  type: 'text';
  default?: string | null;
  max?: number;
}

/** One of a fixed list of strings. */
export interface EnumKind {
  type: 'enum';
  values: readonly string[];
  default: string;
}

/** A number, clamped to `min`..`max` (or the default outside it, with `outOfRange: 'default'`) and rounded down when `integer`. */
export interface NumberKind {
  type: 'number';
  default: number | null;
  min?: number;
  max?: number;
  integer?: boolean;
  outOfRange?: 'clamp' | 'default';
}

/** A list of whole numbers (column widths), at most `max` of them (1000). */
export interface NumbersKind {
  type: 'numbers';
  default?: null;
  min?: number;
  max?: number;
}

/** `true` or `false` (also read from the strings DOM attributes carry). */
export interface BooleanKind {
  type: 'boolean';
  default?: boolean;
}

/** A link address: an absolute http(s) URL (spec 5). `required`: the node or mark is dropped without one. */
export interface UrlKind {
  type: 'url';
  required?: boolean;
}

/** An image address: http(s), relative or `blob:`; never `data:` or a script. */
export interface ImageKind {
  type: 'image';
  required?: boolean;
}

/** An address to navigate to inside the host (a mention's `redirect_uri`): relative or http(s), `/` otherwise. */
export interface RedirectKind {
  type: 'redirect';
}

/** A colour: a hex colour, or a palette name giving its background or text colour. */
export interface ColorKind {
  type: 'color';
  role?: 'background' | 'textColor';
}

/** A CSS size: `35%` or `320px`. */
export interface DimensionKind {
  type: 'dimension';
  default: string | null;
}

/** A plain identifier (`users`, `callout-1`). */
export interface IdentifierKind {
  type: 'identifier';
  default?: string | null;
}

/** A code language identifier (`ts`, `c++`); `plaintext` otherwise. */
export interface LanguageKind {
  type: 'language';
}

/** Class names made of plain tokens (at most 8). */
export interface ClassesKind {
  type: 'classes';
}

/** Always this value, whatever arrives (a link's `rel`). */
export interface FixedKind {
  type: 'fixed';
  value: string | number | boolean | null;
}

/** Every kind an attribute can have. */
export type AttrKind =
  | TextKind
  | EnumKind
  | NumberKind
  | NumbersKind
  | BooleanKind
  | UrlKind
  | ImageKind
  | RedirectKind
  | ColorKind
  | DimensionKind
  | IdentifierKind
  | LanguageKind
  | ClassesKind
  | FixedKind;

function numberCleaner(kind: NumberKind): Cleaner<number | null> {
  return (v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(kind.integer ? parseInt(v, 10) : parseFloat(v)) : NaN;
    if (!Number.isFinite(n)) return kind.default;
    if (kind.outOfRange === 'default' && (n < (kind.min ?? -Infinity) || n > (kind.max ?? Infinity))) return kind.default;
    const bounded = Math.min(kind.max ?? Number.MAX_SAFE_INTEGER, Math.max(kind.min ?? -Number.MAX_SAFE_INTEGER, n));
    return kind.integer ? Math.floor(bounded) : bounded;
  };
}

function textCleaner(kind: TextKind): Cleaner<string | null> {
  const max = kind.max ?? 500;
  const fallback = kind.default ?? null;
  return (v) => {
    const cleaned = a.text(v);
    return cleaned === null ? fallback : cleaned.slice(0, max);
  };
}

/** The cleaner and default an attribute of this kind gets. */
export function attrDefOf(kind: AttrKind): AttrDef {
  switch (kind.type) {
    case 'text':
      return { default: kind.default ?? null, clean: textCleaner(kind) };
    case 'enum': {
      if (!kind.values.includes(kind.default)) throw new RangeError(`The default "${kind.default}" is not one of the enum's values`);
      return { default: kind.default, clean: (v) => (typeof v === 'string' && kind.values.includes(v) ? v : kind.default) };
    }
    case 'number':
      return { default: kind.default, clean: numberCleaner(kind) };
    case 'numbers':
      return { default: null, clean: a.colwidth };
    case 'boolean': {
      const fallback = kind.default ?? false;
      return { default: fallback, clean: (v) => (v === undefined || v === null ? fallback : a.bool(v)) };
    }
    case 'url':
      return { default: '', clean: a.href, required: kind.required };
    case 'image':
      return { default: null, clean: a.imageSrc, required: kind.required };
    case 'redirect':
      return { default: '/', clean: a.redirect };
    case 'color':
      return { default: null, clean: kind.role === 'textColor' ? a.textColor : a.background };
    case 'dimension':
      return { default: kind.default, clean: a.dimension(kind.default) };
    case 'identifier':
      return { default: kind.default ?? null, clean: (v) => a.identifier(v) ?? kind.default ?? null };
    case 'language':
      return { default: 'plaintext', clean: a.language };
    case 'classes':
      return { default: null, clean: a.className };
    case 'fixed':
      return { default: kind.value, clean: () => kind.value };
    default:
      throw new RangeError(`Unknown attribute kind ${JSON.stringify((kind as { type?: unknown }).type)}`);
  }
}

/** Attribute definitions for declared kinds. */
export function attrDefsOf(kinds: Readonly<Record<string, AttrKind>>): AttrDefs {
  const defs: AttrDefs = {};
  for (const [name, kind] of Object.entries(kinds)) {
    if (!/^[a-zA-Z_][\w-]*$/.test(name)) throw new RangeError(`Attribute name "${name}" is not a plain identifier`);
    let def: AttrDef;
    try {
      def = attrDefOf(kind);
    } catch (error) {
      throw new RangeError(`Attribute "${name}": ${(error as Error).message}`);
    }
    // A default its own kind would change is refused by the attribute's check wherever the node
    // is made, so every document holding the node would fail to load: refused here instead.
    const cleaned = def.clean(def.default);
    if (!def.required && !a.same(cleaned, def.default)) {
      throw new RangeError(`Attribute "${name}": the default ${JSON.stringify(def.default)} is not a value of its kind (it would be kept as ${JSON.stringify(cleaned)})`);
    }
    defs[name] = def;
  }
  return defs;
}
