import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { isDatabaseError, type DatabaseError } from '../db/index.js';
import { HttpError } from './errors.js';

type SchemaContext = 'body' | 'headers' | 'params' | 'querystring' | string;

/** A field path in words: `display_name` → `display name`, `issueId` → `issue id`. */
export function humanize(path: string): string {
  return path.replaceAll('_', ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** fastify's schemaErrorFormatter: one readable sentence for the first ajv error ("Display name is required"). */
export function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: SchemaContext): Error {
  const first = errors[0];
  if (!first) return new Error(`Invalid ${dataVar}`);
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = humanize(path || dataVar);
  const params = first.params as Record<string, unknown>;
  let message: string;
  if (first.keyword === 'required') message = `${humanize(path ? `${path}.${String(params.missingProperty)}` : String(params.missingProperty))} is required`;
  else if (first.keyword === 'additionalProperties') message = `${where} has an unknown field "${String(params.additionalProperty)}"`;
  else if (first.keyword === 'minProperties') message = `${where} needs at least one field`;
  else if (first.keyword === 'enum') message = `${where} must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
  else if (first.keyword === 'pattern' || first.keyword === 'format') message = `${where} is not valid`;
  else message = `${where} ${first.message ?? 'is not valid'}`;
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

/**
 * Every error answer is JSON `{ error: "…" }`: validation and client errors keep their message,
 * HttpErrors keep theirs whatever the status, anything else is a 500 without details (logged).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ ...error.details, error: error.message });
    }
    if (isDatabaseError(error)) {
      const mapped = fromDatabase(error);
      if (mapped) return reply.code(mapped.status).send({ error: mapped.message });
    }
    if ('code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
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
