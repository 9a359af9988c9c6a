/**
 * Names of attached files. The name a client sends is cleaned once, on upload, so the list, the
 * activity and the download header all show the same harmless text: no folders, no control
 * characters, and no bidirectional controls (U+202E would show `exe.txt` for `txt.exe`).
 */
import { ATTACHMENT_NAME_INVALID_MESSAGE, ATTACHMENT_NAME_MAX, ATTACHMENT_NAME_TOO_LONG_MESSAGE } from '../../api-shapes/attachment-rules.js';
import { badRequest } from '../http/errors.js';
import { DIRECTION_CONTROL_RANGES } from '../http/typed-name.js';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
/** Unicode's bidirectional formatting characters (UAX #9): marks too, besides what names lose (http/typed-name.ts). */
const BIDI_CONTROLS = new RegExp(`[\\u061c\\u200e\\u200f${DIRECTION_CONTROL_RANGES}]`, 'g');

/** The type an attachment is recorded with when the client declared none, or nothing usable. */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/** A MIME type without parameters (RFC 6838 names). */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * A file name as it is shown and kept: its last path segment (either slash), NFC, bidirectional
 * controls removed, control characters (tabs, line breaks) as spaces, runs of spaces as one,
 * trimmed. '' when nothing is left.
 */
export function cleanAttachmentName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  return base.normalize('NFC').replace(BIDI_CONTROLS, '').replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}

/** The cleaned name of an uploaded file, or 400: nothing left, only dots, or longer than ATTACHMENT_NAME_MAX. */
export function checkedAttachmentName(raw: string): string {
  const name = cleanAttachmentName(raw);
  if (!name || /^\.+$/.test(name)) throw badRequest(ATTACHMENT_NAME_INVALID_MESSAGE);
  if ([...name].length > ATTACHMENT_NAME_MAX) throw badRequest(ATTACHMENT_NAME_TOO_LONG_MESSAGE);
  return name;
}

/** The declared content type as recorded (lower case, no parameters), or UNKNOWN_CONTENT_TYPE. */
export function attachmentContentType(declared: string | undefined): string {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  return MIME_TYPE.test(type) ? type : UNKNOWN_CONTENT_TYPE;
}

/** RFC 8187 value characters: encodeURIComponent leaves `'()*` as they are, which the header may not hold raw. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The Content-Disposition of a download (RFC 6266): always `attachment`, so no type is ever shown
 * inline; the name in `filename*` as UTF-8, with a plain-ASCII `filename` for old clients.
 */
export function attachmentDisposition(name: string): string {
  const clean = cleanAttachmentName(name) || 'attachment';
  const fallback = clean.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(clean)}`;
}
