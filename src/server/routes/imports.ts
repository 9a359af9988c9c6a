import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { IMPORT_FILE_MAX_BYTES, IMPORT_SOURCES, IMPORT_TOO_LARGE, importJobShape, type ImportSource } from '../../api-shapes/import-job.js';
import { controlCharacterMessage, refusedIn } from '../http/control-characters.js';
import { currentProject, currentUser } from '../http/context.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { pagination, paginationQuery, projectParams, slug, uuid } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { skipPart, unreadableMultipart } from '../http/multipart-parts.js';
import { IMPORT_JOB_COLUMNS, startImportJobs, type ImportJobRow } from '../imports/import-jobs.js';
import { IMPORTS_ROLE } from '../imports/run-import.js';

/** The multipart fields of an import: the tracker it comes from, and the file. */
const SOURCE_FIELD = 'source';
const FILE_FIELD = 'file';

const importParams = Type.Object({ slug: Type.Unsafe<string>(slug), projectId: uuid, importId: uuid });

const isSource = (value: unknown): value is ImportSource => (IMPORT_SOURCES as readonly unknown[]).includes(value);

/** An import request as read: its source, the file's name and its text. */
interface ImportUpload {
  source: ImportSource;
  filename: string;
  text: string;
}

/**
 * Reads an import request: multipart/form-data with a `source` field (github or jira) and the
 * export file in the `file` field, at most IMPORT_FILE_MAX_BYTES (cut off by the parser beyond,
 * never buffered whole: 413), UTF-8 text without control characters (400 otherwise).
 */
async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw badRequest(`Send the import as multipart/form-data: the "${SOURCE_FIELD}" (${IMPORT_SOURCES.join(' or ')}) and the "${FILE_FIELD}".`);
  let source: unknown;
  let file: { bytes: Buffer; filename: string } | null = null;
  let problem: HttpError | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 2 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD) {
          skipPart(part.file);
          problem ??= badRequest(`Send the export file in the "${FILE_FIELD}" field.`);
          continue;
        }
        file = { bytes: await part.toBuffer(), filename: part.filename ?? '' };
      } else if (part.fieldname === SOURCE_FIELD) {
        source = part.value;
      } else {
        problem ??= badRequest(`Unknown field "${part.fieldname}": send the "${SOURCE_FIELD}" and the "${FILE_FIELD}".`);
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMPORT_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Import one file at a time.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(`Send only the "${SOURCE_FIELD}" and the "${FILE_FIELD}".`);
    throw unreadableMultipart(error) ?? error;
  }
  if (problem) throw problem;
  if (!isSource(source)) throw badRequest(`Choose where the file comes from: "${SOURCE_FIELD}" must be ${IMPORT_SOURCES.join(' or ')}.`);
  if (!file) throw badRequest('No file selected. Choose the export file to import.');
  if (file.bytes.length === 0) throw badRequest('The file is empty. Choose the export file to import.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
  } catch {
    throw badRequest('The file is not UTF-8 text: import the JSON or CSV file as the tracker exported it.');
  }
  const refused = refusedIn(text);
  if (refused) throw badRequest(controlCharacterMessage('The file', refused));
  return { source, filename: file.filename.slice(0, 255), text };
}

/**
 * Imports of issues into a project from another tracker's export file (GitHub issues as JSON,
 * Jira as CSV; formats in src/server/README.md): members and admins of the project send a file,
 * which is queued in the database (202) and read in the background by whichever server process
 * claims it; they follow its progress and read its report. A file with problems imports nothing.
 */
export async function importRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;
  const worker = startImportJobs(db, app.richText, app.config.jobs, app.log, app.jobSignals);
  app.addHook('onClose', () => worker.close());
  const path = '/workspaces/:slug/projects/:projectId/imports';

  app.post(path, { preHandler: requireProjectRole(IMPORTS_ROLE), schema: { params: projectParams, response: { 202: importJobShape } } }, async (request, reply) => {
    const project = currentProject(request);
    const upload = await readImportUpload(request);
    const job = await db.one<ImportJobRow>(
      `INSERT INTO import_jobs AS j (workspace_id, project_id, source, filename, content, requested_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${IMPORT_JOB_COLUMNS}`,
      [project.workspace_id, project.id, upload.source, upload.filename, upload.text, currentUser(request).id],
    );
    worker.wake();
    return reply.code(202).send(job);
  });

  app.get(
    path,
    { preHandler: requireProjectRole(IMPORTS_ROLE), schema: { params: projectParams, querystring: paginationQuery, response: { 200: Type.Array(importJobShape) } } },
    async (request) => {
      const page = pagination(request.query as { limit?: string; offset?: string });
      return db.query<ImportJobRow>(`SELECT ${IMPORT_JOB_COLUMNS} FROM import_jobs j WHERE j.project_id = $1 ORDER BY j.created_at DESC, j.id LIMIT $2 OFFSET $3`, [
        currentProject(request).id,
        page.limit,
        page.offset,
      ]);
    },
  );

  app.get(`${path}/:importId`, { preHandler: requireProjectRole(IMPORTS_ROLE), schema: { params: importParams, response: { 200: importJobShape } } }, async (request) => {
    const job = await db.maybeOne<ImportJobRow>(`SELECT ${IMPORT_JOB_COLUMNS} FROM import_jobs j WHERE j.id = $1 AND j.project_id = $2`, [
      request.params.importId,
      currentProject(request).id,
    ]);
    if (!job) throw notFound('Import not found.');
    return job;
  });
}
