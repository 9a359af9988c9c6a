/**
 * Text from clients may hold tabs and line breaks but no other C0 control character:
 * PostgreSQL cannot store NUL in text or jsonb (a save would fail with a database error),
 * and XML (the XLSX export) allows none of them, nor the noncharacters U+FFFE and U+FFFF.
 * Half of a surrogate pair alone is refused too: it is not text the database can store.
 * JSON nests at most MAX_JSON_DEPTH levels: deeper values are refused before anything walks
 * them (a rich-text document 2,000 blocks deep overflowed the reader's stack). Every JSON
 * body, query string, path parameter and multipart part is checked here, once, before
 * validation, so every route answers 400 with the field's name instead of failing later.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { humanize } from './error-handler.js';
import { badRequest } from './errors.js';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/** The two noncharacters XML 1.0 excludes (an XLSX file holding one does not open). */
const XML_NONCHARACTER = /[\uFFFE\uFFFF]/;
/**
 * Half of a surrogate pair standing alone (JSON's `"\ud800"`): not Unicode text, so the
 * database's UTF-8 encoding stores it as U+FFFD, silently changing what was sent.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * How deep a JSON value may nest (objects and arrays). An editor document takes two levels per
 * block (the node and its `content`), so this leaves room for lists nested about 60 deep.
 */
export const MAX_JSON_DEPTH = 256;

/** The answer for a value nested past MAX_JSON_DEPTH. */
export const TOO_DEEP_MESSAGE = `The request is nested too deeply: JSON may nest at most ${MAX_JSON_DEPTH} levels.`;

/** Which character text may not hold was found: a control character, an XML noncharacter, or half a surrogate pair. */
type Refused = 'control' | 'noncharacter' | 'surrogate';

/** The answer for a refused character in `field` (a sentence-case field name). */
export function controlCharacterMessage(field: string, refused: Refused = 'control'): string {
  if (refused === 'control') return `${field} cannot contain control characters (only tabs and line breaks are allowed).`;
  if (refused === 'noncharacter') return `${field} cannot contain the noncharacters U+FFFE or U+FFFF.`;
  return `${field} is not valid Unicode text: it holds half of a surrogate pair (such as \\ud800) alone.`;
}

/** Which character `value` holds that text may not (null when none). */
export function refusedIn(value: string): Refused | null {
  if (CONTROL_CHARACTER.test(value)) return 'control';
  if (XML_NONCHARACTER.test(value)) return 'noncharacter';
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  return null;
}

/** `value` without U+FFFE and U+FFFF, for writers of XML (text stored before they were refused). */
export function withoutXmlNoncharacters(value: string): string {
  return XML_NONCHARACTER.test(value) ? value.replace(/[\uFFFE\uFFFF]/g, '') : value;
}

function sentenceCase(name: string): string {
  const words = humanize(name);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether `value` nests deeper than MAX_JSON_DEPTH, found without recursion (so without a stack to overflow). */
function nestsTooDeep(value: unknown): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
    }
  }
  return false;
}

/** The first refused character in any string of `value` or any object key (its depth was checked first). */
function refusedWithin(value: unknown): Refused | null {
  if (typeof value === 'string') return refusedIn(value);
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = refusedWithin(item);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = refusedIn(key) ?? refusedWithin(item);
    if (found) return found;
  }
  return null;
}

/** Throws a 400 for `input` nested past MAX_JSON_DEPTH, or naming the first top-level field that holds a refused character. */
export function refuseControlCharacters(input: unknown, fallbackField: string): void {
  if (nestsTooDeep(input)) throw badRequest(TOO_DEEP_MESSAGE);
  if (typeof input === 'string' || Array.isArray(input)) {
    const found = refusedWithin(input);
    if (found) throw badRequest(controlCharacterMessage(sentenceCase(fallbackField), found));
    return;
  }
  if (input === null || typeof input !== 'object') return;
  for (const [key, value] of Object.entries(input)) {
    const inKey = refusedIn(key);
    if (inKey) throw badRequest(controlCharacterMessage(sentenceCase(fallbackField), inKey));
    const found = refusedWithin(value);
    if (found) throw badRequest(controlCharacterMessage(sentenceCase(key), found));
  }
}

type Parts = FastifyRequest['parts'];

/** A multipart field's value parsed, when it is a JSON object or array (`attributes`): escapes such as `\u0000` hide controls from the text check. */
function jsonOf(value: string): unknown {
  if (!/^\s*[[{]/.test(value)) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** `request.parts()` with each field value and file name checked as it arrives. */
function checkedParts(parts: Parts): Parts {
  return async function* (this: FastifyRequest, options) {
    for await (const part of parts.call(this, options)) {
      const inName = refusedIn(part.fieldname);
      if (inName) throw badRequest(controlCharacterMessage('A field name', inName));
      if (part.type === 'file') {
        const inFile = refusedIn(part.filename);
        if (inFile) throw badRequest(controlCharacterMessage('The file name', inFile));
      } else if (typeof part.value === 'string') {
        const parsed = jsonOf(part.value);
        if (nestsTooDeep(parsed)) throw badRequest(TOO_DEEP_MESSAGE);
        const found = refusedIn(part.value) ?? refusedWithin(parsed);
        if (found) throw badRequest(controlCharacterMessage(sentenceCase(part.fieldname), found));
      }
      yield part;
    }
  } as Parts;
}

/**
 * Refuses control characters in every request's params, query and JSON body before validation;
 * multipart requests, read later by the route through `request.parts()`, are checked part by part.
 */
export function installControlCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseControlCharacters(request.params, 'path');
    refuseControlCharacters(request.query, 'query');
    if (request.isMultipart()) request.parts = checkedParts(request.parts);
    else refuseControlCharacters(request.body, 'body');
  });
}
