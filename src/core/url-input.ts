/**
 * A link address as a person types it into a link field, where a bare domain stands for its
 * https address. Apart from url.ts (the rules for every stored address), so the embed
 * bundle's entry leaves it to the chunk of the toolbar, whose link field alone reads one.
 */
import { normaliseUrl, safeLinkHref } from './url.js';

/** A host name as people type one without a scheme: dotted labels ending in a top-level domain (`example.com`, `docs.example.co.uk`). */
const BARE_HOST = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;
/** An IPv4 address written as four numbers. */
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;

/**
 * A link address as a person types it into a link field: an http(s) URL as `safeLinkHref`
 * takes it, or a bare domain (`example.com`, `example.com:8080/docs?q=1`) which gets
 * `https://` (spec 5: the address "must begin with http:// or {host}"). Null for anything
 * else: another scheme (`javascript:`, `data:`, `mailto:`), a relative path, an email
 * address, text that names no host.
 */
export function linkHrefFromInput(raw: unknown): string | null {
  const value = normaliseUrl(raw);
  if (!value) return null;
  const safe = safeLinkHref(value);
  if (safe) return safe;
  // The host part of a bare domain ends at its port, path, query or fragment.
  const host = /^[^/?#:\\]*/.exec(value)![0];
  const rest = value.slice(host.length);
  // A scheme (`javascript:`) is no host; a colon may only start a port.
  if (!(BARE_HOST.test(host) || IPV4.test(host)) || (rest.startsWith(':') && !/^:\d{1,5}(?:[/?#]|$)/.test(rest))) return null;
  return safeLinkHref(`https://${value}`);
}
