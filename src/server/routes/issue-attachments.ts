import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type StaticDecode } from 'typebox';
import { attachmentShape } from '../../api-shapes/attachment.js';
import { ATTACHMENT_DELETE_FORBIDDEN, ATTACHMENT_NOT_FOUND, attachmentSizeMessage, EMPTY_ATTACHMENT_MESSAGE } from '../../api-shapes/attachment-rules.js';
import { attachmentContentType, checkedAttachmentName } from '../assets/attachment-name.js';
import type { StoredUpload } from '../assets/image-upload-request.js';
import { sendAsset, SERVED_ASSET_COLUMNS, type ServedAsset } from '../assets/serve-asset.js';
import { storeAsset } from '../assets/store-asset.js';
import { readUploadParts } from '../assets/upload-parts.js';
import type { Db } from '../db/index.js';
import { selectList } from '../db/select-list.js';
import { currentProject, currentUser, currentWorkspace } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams, withIds } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { recordIssueActivity } from '../issues/activity.js';
import { checkIssueNotArchived, findIssue, findIssueToChange } from '../issues/issue-lookup.js';
import { DISPLAY_USER_JSON, issueParams } from '../issues/issue-shape.js';
import { Role } from '../roles.js';

/** An attachment as the server reads it (its time as a Date). */
type AttachmentJson = StaticDecode<typeof attachmentShape>;

const attachmentParams = withIds(projectParams, 'issueId', 'attachmentId');

/** The key of the storage file of every attachment: any type, so no type of its own. */
const ATTACHMENT_EXTENSION = 'bin';

/** SELECT list of an attachment from `file_assets fa` and its uploader `users u`; download_url is filled in by `withUrl`. */
const ATTACHMENT_COLUMNS = selectList(attachmentShape, 'fa', {
  uploaded_by: `CASE WHEN u.id IS NULL THEN NULL ELSE ${DISPLAY_USER_JSON} END`,
  download_url: "''",
});

const ATTACHMENT_SELECT = `SELECT ${ATTACHMENT_COLUMNS} FROM file_assets fa LEFT JOIN users u ON u.id = fa.created_by`;

/** The live attachments of an issue, oldest first (or the one `attachmentId`). */
function readAttachments(db: Db, issueId: string, attachmentId: string | null = null): Promise<AttachmentJson[]> {
  return db.query<AttachmentJson>(
    `${ATTACHMENT_SELECT} WHERE fa.issue_id = $1 AND fa.deleted_at IS NULL AND ($2::uuid IS NULL OR fa.id = $2) ORDER BY fa.created_at, fa.id`,
    [issueId, attachmentId],
  );
}

/** The attachments' path of the issue a request names. */
function attachmentsPath(request: FastifyRequest, issueId: string): string {
  return `/api/workspaces/${currentWorkspace(request).slug}/projects/${currentProject(request).id}/issues/${issueId}/attachments`;
}

/**
 * Files attached to an issue: any type up to the upload limit (FILE_SIZE_LIMIT), kept like every
 * workspace upload (file_assets, with the issue's id). Everyone who can open the issue lists and
 * downloads them (always as a download: attachmentDisposition); members and admins upload; the
 * uploader or a project admin deletes one (softly: the storage sweep removes it after the
 * retention). Each upload and removal is recorded in the issue's activity under attachment.
 */
export async function issueAttachmentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db, config } = app;
  const path = '/workspaces/:slug/projects/:projectId/issues/:issueId/attachments';

  const withUrl = (request: FastifyRequest, issueId: string) => (attachment: AttachmentJson) => ({
    ...attachment,
    download_url: `${attachmentsPath(request, issueId)}/${attachment.id}`,
  });

  app.get(
    path,
    { preHandler: requireProjectRole(Role.Guest), schema: { params: issueParams, response: { 200: Type.Array(attachmentShape) } } },
    async (request) => {
      const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
      return (await readAttachments(db, issue.id)).map(withUrl(request, issue.id));
    },
  );

  app.post(path, { preHandler: requireProjectRole(Role.Member), schema: { params: issueParams, response: { 201: attachmentShape } } }, async (request, reply) => {
    const user = currentUser(request);
    const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
    checkIssueNotArchived(issue);
    const file = await readUploadParts(request, { limit: config.fileSizeLimit, sizeMessage: attachmentSizeMessage, noun: 'file' });
    const name = checkedAttachmentName(file.filename);
    if (file.bytes.byteLength === 0) throw badRequest(EMPTY_ATTACHMENT_MESSAGE);
    const upload: StoredUpload = {
      bytes: file.bytes,
      contentType: attachmentContentType(file.mimetype),
      extension: ATTACHMENT_EXTENSION,
      filename: name,
      attributes: { ...file.attributes, entity_type: 'ISSUE_ATTACHMENT', entity_identifier: issue.id },
    };
    // Kept outside the transaction: if it fails after the file was written, the file goes too.
    const written: { key?: string } = {};
    let id: string;
    try {
      id = await db.transaction(async (tx) => {
        await findIssueToChange(tx, issue.project_id, issue.id);
        const stored = await storeAsset(tx, app.storage, upload, { workspaceId: issue.workspace_id, issueId: issue.id }, user.id);
        written.key = stored.key;
        await recordIssueActivity(tx, { issue, actorId: user.id, field: 'attachment', verb: 'created', newValue: name, newIdentifier: stored.id });
        return stored.id;
      });
    } catch (error) {
      if (written.key) await app.storage.delete(written.key).catch(() => {});
      throw error;
    }
    const [attachment] = await readAttachments(db, issue.id, id);
    return reply.code(201).send(withUrl(request, issue.id)(attachment!));
  });

  app.get(
    `${path}/:attachmentId`,
    { preHandler: requireProjectRole(Role.Guest), schema: { params: attachmentParams } },
    async (request, reply) => {
      const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
      const asset = await db.maybeOne<ServedAsset & { name: string }>(
        `SELECT ${SERVED_ASSET_COLUMNS}, fa.name FROM file_assets fa WHERE fa.id = $1 AND fa.issue_id = $2 AND fa.deleted_at IS NULL`,
        [request.params.attachmentId, issue.id],
      );
      if (!asset) throw notFound(ATTACHMENT_NOT_FOUND);
      return sendAsset(request, reply, app.storage, asset, { download: asset.name });
    },
  );

  app.delete(
    `${path}/:attachmentId`,
    { preHandler: requireProjectRole(Role.Guest), schema: { params: attachmentParams } },
    async (request, reply) => {
      const project = currentProject(request);
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const issue = await findIssueToChange(tx, project.id, request.params.issueId);
        const attachment = await tx.maybeOne<{ id: string; name: string; created_by: string | null }>(
          'SELECT id, name, created_by FROM file_assets WHERE id = $1 AND issue_id = $2 AND deleted_at IS NULL FOR UPDATE',
          [request.params.attachmentId, issue.id],
        );
        if (!attachment) throw notFound(ATTACHMENT_NOT_FOUND);
        if (attachment.created_by !== user.id && project.role < Role.Admin) throw forbidden(ATTACHMENT_DELETE_FORBIDDEN);
        await tx.query('UPDATE file_assets SET deleted_at = now() WHERE id = $1', [attachment.id]);
        await recordIssueActivity(tx, { issue, actorId: user.id, field: 'attachment', verb: 'deleted', oldValue: attachment.name, oldIdentifier: attachment.id });
      });
      return reply.code(204).send();
    },
  );
}
