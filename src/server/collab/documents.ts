/**
 * The shared documents of the tracker, named by what they are: `issue-description:<issue id>`
 * and `page:<page id>`. The server reads the name, finds the issue or page, and from it the
 * project and the caller's role there; nothing the client says about scope is trusted.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { documentToUpdate } from '../../collab/server.js';
import { CloseCode } from '../../collab/protocol.js';
import { schema } from '../../core/schema/index.js';
import type { Db } from '../db/index.js';
import { visibleTo } from '../pages/page-access.js';
import { featureDisabledMessage } from '../planning/project-feature.js';
import { parseRichText } from '../rich-text/index.js';
import { effectiveProjectRole, Role } from '../roles.js';
import { notInIntakeSql } from '../intake/intake-sql.js';

/** The kinds of shared document, as the first part of their names. */
export const DOCUMENT_KINDS = ['issue-description', 'page'] as const;

/** A kind of shared document. */
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A document name read: its kind and the id of the issue or page (lower case). */
export interface DocumentName {
  kind: DocumentKind;
  id: string;
  /** The name in its one spelling (`page:<lower-case id>`), under which it is stored and loaded. */
  name: string;
}

const NAME = /^(issue-description|page):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Reads a document name; null when it names nothing the tracker has. */
export function parseDocumentName(name: string): DocumentName | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const kind = match[1]!.toLowerCase() as DocumentKind;
  const id = match[2]!.toLowerCase();
  return { kind, id, name: `${kind}:${id}` };
}

/** The shared document of an issue's description. */
export function descriptionDocument(issueId: string): DocumentName {
  return parseDocumentName(`issue-description:${issueId}`)!;
}

/** The shared document of a page. */
export function pageDocument(pageId: string): DocumentName {
  return parseDocumentName(`page:${pageId}`)!;
}

/** Where a document belongs, and what the caller may do with it. */
export interface DocumentAccess {
  projectId: string;
  workspaceId: string;
  /** The caller's effective project role (a workspace admin counts as project admin). */
  role: number;
  /** Viewers and guests read; so does everyone on an archived issue or page. */
  readOnly: boolean;
}

/** Why a connection is refused: a close code of the protocol and the sentence that goes with it. */
export interface Refusal {
  code: number;
  reason: string;
}

/** The refusal of a document that does not exist or that the caller may not know of (they answer alike). */
export const NO_SUCH_DOCUMENT: Refusal = { code: CloseCode.notFound, reason: 'This document does not exist, or you cannot open it.' };

interface AccessRow {
  project_id: string;
  workspace_id: string;
  workspace_role: number;
  member_role: number | null;
  archived: boolean;
  pages_enabled: boolean;
}

/** The issue or page behind `document`, joined to the caller's workspace and project memberships (`$1` its id, `$2` the user). */
const ACCESS_SQL: Record<DocumentKind, string> = {
  'issue-description': `
    SELECT i.project_id, p.workspace_id, wm.role AS workspace_role, pm.role AS member_role, i.archived_at IS NOT NULL AS archived, true AS pages_enabled
      FROM issues i
      JOIN projects p ON p.id = i.project_id
      JOIN workspace_members wm ON wm.workspace_id = p.workspace_id AND wm.user_id = $2
      LEFT JOIN project_members pm ON pm.project_id = p.id AND pm.user_id = $2
     WHERE i.id = $1 AND i.deleted_at IS NULL AND ${notInIntakeSql('i')}`,
  page: `
    SELECT pg.project_id, p.workspace_id, wm.role AS workspace_role, pm.role AS member_role,
           pg.archived_at IS NOT NULL AS archived, p.page_view AS pages_enabled
      FROM pages pg
      JOIN projects p ON p.id = pg.project_id
      JOIN workspace_members wm ON wm.workspace_id = p.workspace_id AND wm.user_id = $2
      LEFT JOIN project_members pm ON pm.project_id = p.id AND pm.user_id = $2
     WHERE pg.id = $1 AND ${visibleTo('$2')}`,
};

/**
 * What `userId` may do with `document`, by the rules of the REST routes that read and save the
 * same content: the issue's project (or the page's, if the page is theirs or public and the
 * project has pages on) opened with their project role; Member and up write, Viewer and Guest
 * read. A document they cannot open answers as one that does not exist.
 */
export async function documentAccess(db: Db, document: DocumentName, userId: string): Promise<DocumentAccess | Refusal> {
  const row = await db.maybeOne<AccessRow>(ACCESS_SQL[document.kind], [document.id, userId]);
  const role = row && effectiveProjectRole(row.workspace_role, row.member_role);
  if (!row || role === null) return NO_SUCH_DOCUMENT;
  if (!row.pages_enabled) return { code: CloseCode.forbidden, reason: featureDisabledMessage('page_view') };
  return { projectId: row.project_id, workspaceId: row.workspace_id, role, readOnly: role < Role.Member || row.archived };
}

/** Whether an answer is a refusal. */
export function isRefusal<T extends object>(answer: T | Refusal): answer is Refusal {
  return 'code' in answer && 'reason' in answer;
}

/**
 * The first change of a document that has no log yet: the issue's description or the page's
 * content as stored (already cleaned when it was saved), so an editor never seeds one itself.
 */
export async function seedDocument(db: Db, name: string): Promise<Uint8Array | null> {
  const document = parseDocumentName(name);
  if (!document) return null;
  const table = document.kind === 'page' ? 'pages' : 'issues';
  const row = await db.maybeOne<{ description_html: string; description_json: unknown }>(`SELECT description_html, description_json FROM ${table} WHERE id = $1`, [document.id]);
  if (!row) return null;
  return documentToUpdate(storedDocument(row.description_json, row.description_html));
}

/** The stored JSON as a document (it was cleaned when saved); its HTML when the JSON is missing or from a schema this one cannot read. */
function storedDocument(json: unknown, html: string): PMNode {
  if (json && typeof json === 'object') {
    try {
      const doc = schema.nodeFromJSON(json);
      doc.check();
      return doc;
    } catch {
      // Read from the HTML below.
    }
  }
  return parseRichText({ html });
}
