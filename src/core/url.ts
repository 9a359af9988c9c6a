/**
 * URL and attribute-value safety, in one place. Every parser (HTML, paste, JSON,
 * markdown), every serialiser and every command that takes a URL or a colour from
 * outside goes through these functions, so a value is judged the same way wherever
 * it enters the editor. (An address typed into a link field is read by url-input.ts,
 * on these rules.)
 */

/** The protocols a link may use (spec: "Link protocols are http and https"). */
export const LINK_PROTOCOLS: readonly string[] = ['http:', 'https:'];

/** Longest URL we accept; longer values are refused rather than truncated. */
const MAX_URL_LENGTH = 8192;

/** A base that only serves to resolve relative addresses; it is never shown. */
const RELATIVE_BASE = 'https://relative.invalid/';

/**
 * Browsers drop ASCII tab and newline anywhere in a URL and trim C0 controls and
 * spaces at its ends (WHATWG URL parsing), so `java\tscript:` runs as `javascript:`.
 * We remove the same characters, plus invisible format characters, before judging.
 */
export function normaliseUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const cleaned = raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020\u00a0\u200b-\u200f\u2028\u2029\u2060\ufeff]+|[\u0000-\u0020\u00a0\u200b-\u200f\u2028\u2029\u2060\ufeff]+$/g, '');
  if (!cleaned || cleaned.length > MAX_URL_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(cleaned)) return null;
  return cleaned;
}

/**
 * The address as browsers read it: in http(s) and relative URLs a `\` before the query or
 * fragment is a `/` (WHATWG URL parsing of special schemes), so `/\evil.example/x.png` is
 * the protocol-relative `//evil.example/x.png`. Kept addresses are written that way, so
 * whoever judges them next ("a path of this site starts with a single /") sees what a
 * browser will load.
 */
function asBrowsersRead(value: string): string {
  return value.replace(/^[^?#]*/, (beforeQuery) => beforeQuery.replaceAll('\\', '/'));
}

function parseUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/**
 * An http(s) address whose parse is known without running the URL parser: a host of ASCII
 * letters, digits and single inner hyphens whose last label starts with a letter (so never
 * read as an IPv4 address, and no `xn--` label to decode), no user or port, and no backslash
 * or space after the host. It parses, to that host; what follows a `/`, `?` or `#` cannot
 * make it fail. Nearly every link of a document is one, and a long document has thousands.
 */
const PLAIN_WEB_ADDRESS = /^https?:\/\/(?:[a-z0-9]+(?:-[a-z0-9]+)*\.)*[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:[/?#][^\\\s]*)?$/i;

/** Whether `value`, which has a scheme, is an http(s) URL with a host as browsers parse it. */
function isWebAddress(value: string): boolean {
  if (PLAIN_WEB_ADDRESS.test(value)) return true;
  const url = parseUrl(value);
  // Chromium's URL parser lets spaces into host names; no real host has one.
  return !!url && LINK_PROTOCOLS.includes(url.protocol) && !!url.hostname && !/\s|%20/.test(url.hostname);
}

/** Whether the text starts with something a browser would read as a URL scheme. */
function hasScheme(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value);
}

/**
 * A cleaner's answers for the strings it read last: a document's reader cleans each address
 * once in its parse rule and again when the node's attributes are validated, and long
 * documents repeat addresses. The cleaners are pure functions of the string.
 */
function remembered<T>(clean: (raw: unknown) => T): (raw: unknown) => T {
  const answers = new Map<string, T>();
  return (raw) => {
    if (typeof raw !== 'string') return clean(raw);
    let answer = answers.get(raw);
    if (answer === undefined && !answers.has(raw)) {
      answer = clean(raw);
      if (answers.size >= 512) answers.clear();
      answers.set(raw, answer);
    }
    return answer as T;
  };
}

/**
 * A link's `href`: an absolute http(s) URL that parses, or `null` when the value is
 * anything else (`javascript:`, `data:`, `vbscript:`, relative, malformed).
 */
export const safeLinkHref: (raw: unknown) => string | null = remembered(safeLinkHrefOf);

/**
 * An image `src`: http(s), a relative address, or a `blob:` URL (local previews);
 * `null` for anything else, `data:` included.
 */
export const safeImageSrc: (raw: unknown) => string | null = remembered(safeImageSrcOf);

/** A mention's `redirect_uri`: a relative path or an http(s) URL, otherwise `/`. */
export const safeRedirect: (raw: unknown) => string = remembered(safeRedirectOf);

function safeLinkHrefOf(raw: unknown): string | null {
  const value = normaliseUrl(raw);
  return value && hasScheme(value) && isWebAddress(value) ? asBrowsersRead(value) : null;
}

/** Whether a link target is acceptable: an absolute http or https URL. */
export function isValidLinkUrl(raw: unknown): boolean {
  return safeLinkHref(raw) !== null;
}

/**
 * A link mark's `href` cleaner: the safe URL, or the empty string, which the link mark's
 * readers take as "no link" (the attribute is required: the text stays, the link goes).
 */
export function cleanLinkHref(raw: unknown): string {
  return safeLinkHref(raw) ?? '';
}

/**
 * An image `src`: http(s), a relative address, or a `blob:` URL (local previews);
 * `null` for anything else, `data:` included.
 */
function safeImageSrcOf(raw: unknown): string | null {
  const value = normaliseUrl(raw);
  if (!value) return null;
  if (/^blob:/i.test(value)) {
    const url = parseUrl(value);
    const inner = url && parseUrl(url.pathname);
    return url && url.protocol === 'blob:' && inner && LINK_PROTOCOLS.includes(inner.protocol) ? value : null;
  }
  return resolvesToWeb(value) ? asBrowsersRead(value) : null;
}

/** A mention's `redirect_uri`: a relative path or an http(s) URL, otherwise `/`. */
function safeRedirectOf(raw: unknown): string {
  const value = normaliseUrl(raw);
  return value && resolvesToWeb(value) ? asBrowsersRead(value) : '/';
}

function resolvesToWeb(value: string): boolean {
  if (hasScheme(value)) return isWebAddress(value);
  const url = parseUrl(value, RELATIVE_BASE);
  return !!url && LINK_PROTOCOLS.includes(url.protocol);
}

/** The path part of an image address, as given to the host's delete and restore callbacks. */
export function imagePath(src: string): string {
  const url = parseUrl(src, RELATIVE_BASE);
  return url ? url.pathname : src;
}

/** One colour of the spec's table palette: a name and its background and text colours. */
export interface PaletteColor {
  name: string;
  background: string | null;
  textColor: string | null;
}

/** The table row and column colours (spec: Blue, Orange, Grey, Yellow, Green, Red, Pink, Purple, None). */
export const TABLE_COLORS: readonly PaletteColor[] = [
  { name: 'Blue', background: '#d6e4fc', textColor: '#1f4fb4' },
  { name: 'Orange', background: '#fde3cf', textColor: '#b4541a' },
  { name: 'Grey', background: '#e8e8ea', textColor: '#4b4f58' },
  { name: 'Yellow', background: '#fdf1c4', textColor: '#8a6a00' },
  { name: 'Green', background: '#d3f1dc', textColor: '#1c7a3e' },
  { name: 'Red', background: '#fbd6d6', textColor: '#b42323' },
  { name: 'Pink', background: '#fbd9ec', textColor: '#a8236d' },
  { name: 'Purple', background: '#e6dcfb', textColor: '#6131b4' },
  { name: 'None', background: null, textColor: null },
];

/**
 * A cell or row colour: a hex colour (`#rgb` or `#rrggbb`, lower-cased), a palette
 * name (turned into its background colour), an `rgb()` value as browsers report
 * inline styles, or `null`. Nothing else can reach a `style` attribute.
 */
export function safeColor(raw: unknown, role: 'background' | 'textColor' = 'background'): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim().toLowerCase();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(value)) return value;
  const named = TABLE_COLORS.find((c) => c.name.toLowerCase() === value);
  if (named) return named[role];
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(1|1\.0+)\s*)?\)$/.exec(value);
  if (rgb) {
    const parts = rgb.slice(1, 4).map(Number);
    if (parts.every((n) => n <= 255)) return '#' + parts.map((n) => n.toString(16).padStart(2, '0')).join('');
  }
  return null;
}

/** A code block's language: a plain identifier such as `ts`, `c++` or `objective-c`. */
export function safeLanguage(raw: unknown): string {
  if (typeof raw !== 'string') return 'plaintext';
  const value = raw.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9+#._-]{0,31}$/.test(value) ? value : 'plaintext';
}
