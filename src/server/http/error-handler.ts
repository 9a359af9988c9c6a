import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { isDatabaseError, type DatabaseError } from '../db/index.js';
import { HttpError } from './errors.js';

type SchemaContext = 'body' | 'headers' | 'params' | 'querystring' | string;

/** A field path in words: `display_name` → `display name`, `issueId` → `issue id`. */
export function humanize(path: string): string {
  return path.replaceAll('_', ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** JSON Schema type names in words: "Title must be text or null", never "must be string,null". */
const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/** Where an ajv error is, in words: `/issue_ids/0` → "item 1 of issue ids", `/cycles/2/start_date` → "start date of item 3 of cycles". */
function placeOf(instancePath: string, dataVar: SchemaContext): string {
  const segments = instancePath.split('/').filter(Boolean);
  if (!segments.length) return humanize(dataVar);
  return segments.slice(1).reduce((place, segment) => (/^\d+$/.test(segment) ? `item ${Number(segment) + 1} of ${place}` : `${humanize(segment)} of ${place}`), humanize(segments[0]!));
}

/** fastify's schemaErrorFormatter: one readable sentence for the first ajv error ("Display name is required"). */
export function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: SchemaContext): Error {
  const first = errors[0];
  if (!first) return new Error(`Invalid ${dataVar}`);
  const where = placeOf(first.instancePath, dataVar);
  const params = first.params as Record<string, unknown>;
  const limit = Number(params.limit);
  let message: string;
  switch (first.keyword) {
    case 'required': {
      const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
      message = `${humanize(path ? `${path}.${String(params.missingProperty)}` : String(params.missingProperty))} is required`;
      break;
    }
    case 'additionalProperties':
      message = `${where} has an unknown field "${String(params.additionalProperty)}"`;
      break;
    case 'minProperties':
      message = `${where} needs at least one field`;
      break;
    case 'enum':
      message = `${where} must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
      break;
    case 'pattern':
    case 'format':
      message = `${where} is not valid`;
      break;
    case 'type': {
      const types = Array.isArray(params.type) ? params.type : String(params.type).split(',');
      message = `${where} must be ${types.map((type) => TYPE_WORDS[String(type)] ?? String(type)).join(' or ')}`;
      break;
    }
    case 'minLength':
      message = limit === 1 ? `${where} cannot be empty` : `${where} must have at least ${limit} characters`;
      break;
    case 'maxLength':
      message = `${where} cannot be longer than ${limit} characters`;
      break;
    case 'minimum':
      message = `${where} must be at least ${limit}`;
      break;
    case 'maximum':
      message = `${where} must be at most ${limit}`;
      break;
    case 'minItems':
      message = limit === 1 ? `${where} needs at least one item` : `${where} needs at least ${limit} items`;
      break;
    case 'maxItems':
      message = `${where} can hold at most ${limit} items`;
      break;
    case 'uniqueItems':
      message = `${where} cannot hold the same item twice`;
      break;
    default:
      message = `${where} is not valid`;
  }
  return new Error(message.charAt(0).toUpperCase() + message.slice(1));
}

/** A database constraint error a route did not handle, as the client should hear it. */
function fromDatabase(error: DatabaseError): { status: number; message: string } | null {
  switch (error.code) {
    case '23505':
      return { status: 409, message: 'This already exists.' };
    case '23503':
      return error.detail?.includes('still referenced')
        ? { status: 409, message: 'This is still in use.' }
        : { status: 400, message: 'A referenced record does not exist.' };
    case '23502':
    case '23514':
      return { status: 400, message: 'A value is missing or not allowed.' };
    case '22001':
      return { status: 400, message: 'A value is too long.' };
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return { status: 400, message: 'A value is not valid.' };
    default:
      return null;
  }
}

/** How much of a refused body is still read (and dropped) so the client gets to its answer. */
const DRAIN_MAX_BYTES = 256 * 1024 * 1024;
/** How long a refused body is read for at most before the answer goes anyway. */
const DRAIN_MAX_MS = 30_000;

/**
 * Reads the rest of a refused request body and drops it, until it ends (at most DRAIN_MAX_BYTES,
 * DRAIN_MAX_MS). A client still sending when the answer comes and the connection closes fails
 * with a broken pipe and never reads the answer (a body without a length, streamed, always did);
 * having sent everything, it reads the 413. Like a proxy's lingering close, bounded.
 */
function drainBody(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', count).off('end', done).off('close', done).off('error', done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MAX_MS);
    raw.on('data', count).once('end', done).once('close', done).once('error', done);
    raw.resume();
  });
}

/**
 * Every error answer is JSON `{ error: "…" }`: validation and client errors keep their message,
 * HttpErrors keep theirs whatever the status, anything else is a 500 without details (logged).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ ...error.details, error: error.message });
    }
    if (isDatabaseError(error)) {
      const mapped = fromDatabase(error);
      if (mapped) return reply.code(mapped.status).send({ error: mapped.message });
    }
    if ('code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      await drainBody(request.raw);
      return reply.code(413).send({ error: `The request size cannot exceed ${Math.round(request.routeOptions.bodyLimit / 1024 / 1024)} MB.` });
    }
    if ('code' in error && error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ error: 'Send the body as JSON (application/json) or as multipart/form-data.' });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message || 'Bad request.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({ error: 'Something went wrong. Please try again.' });
  });
}
