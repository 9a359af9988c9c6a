/**
 * Text from clients may hold tabs and line breaks but no other C0 control character:
 * PostgreSQL cannot store NUL in text or jsonb (a save would fail with a database error),
 * and XML (the XLSX export) allows none of them. Every JSON body, query string, path
 * parameter and multipart part is checked here, once, before validation, so every route
 * answers 400 with the field's name instead of failing later.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { humanize } from './error-handler.js';
import { badRequest } from './errors.js';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** The answer for a control character in `field` (a sentence-case field name). */
export function controlCharacterMessage(field: string): string {
  return `${field} cannot contain control characters (only tabs and line breaks are allowed).`;
}

/** Whether `value` holds a control character other than tab, line feed or carriage return. */
export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

function sentenceCase(name: string): string {
  const words = humanize(name);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether any string in `value`, or any object key, holds a control character. */
function holdsControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacter(value);
  // Deeper than any document the editor writes; the rich-text reader refuses it anyway.
  if (value === null || typeof value !== 'object' || depth > 256) return false;
  if (Array.isArray(value)) return value.some((item) => holdsControlCharacter(item, depth + 1));
  return Object.entries(value).some(([key, item]) => hasControlCharacter(key) || holdsControlCharacter(item, depth + 1));
}

/** Throws a 400 naming the first top-level field of `input` that holds a control character. */
export function refuseControlCharacters(input: unknown, fallbackField: string): void {
  if (typeof input === 'string' || Array.isArray(input)) {
    if (holdsControlCharacter(input)) throw badRequest(controlCharacterMessage(sentenceCase(fallbackField)));
    return;
  }
  if (input === null || typeof input !== 'object') return;
  for (const [key, value] of Object.entries(input)) {
    if (hasControlCharacter(key)) throw badRequest(controlCharacterMessage(sentenceCase(fallbackField)));
    if (holdsControlCharacter(value)) throw badRequest(controlCharacterMessage(sentenceCase(key)));
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
      if (hasControlCharacter(part.fieldname)) throw badRequest(controlCharacterMessage('A field name'));
      if (part.type === 'file') {
        if (hasControlCharacter(part.filename)) throw badRequest(controlCharacterMessage('The file name'));
      } else if (typeof part.value === 'string' && (hasControlCharacter(part.value) || holdsControlCharacter(jsonOf(part.value)))) {
        throw badRequest(controlCharacterMessage(sentenceCase(part.fieldname)));
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
