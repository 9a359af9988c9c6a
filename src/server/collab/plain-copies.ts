/**
 * The plain copy of each kind of shared document: the issue's description, the page's content
 * (`description_html`, `description_json` and `description_version`, which the REST API, search,
 * exports and the activity feed read). Written only through the REST routes' own saves
 * (saveDescription, savePageContent), so a copy derived from a shared document bumps the version,
 * records activity and skips unchanged text exactly as a REST save does.
 */
import type { Db } from '../db/index.js';
import { saveDescription, type DescriptionJson } from '../issues/description.js';
import { findLiveIssue, type IssueRow } from '../issues/issue-lookup.js';
import { savePageContent } from '../pages/page-content.js';
import { PAGE_COLUMNS, type PageJson } from '../pages/page-shape.js';
import type { RichText } from '../rich-text/index.js';
import type { DocumentKind } from './documents.js';

/** The stored plain copy of a document, as its save reads it. */
export interface PlainRow {
  description_html: string;
  description_version: number;
}

/** How one kind of document's plain copy is found and saved. */
export interface PlainCopy<Row extends PlainRow = PlainRow> {
  /** The rich text's name in limit messages ("description", "page"). */
  what: string;
  /** The row by its id, locked until `tx` ends; null when it is gone (deleted). */
  find(tx: Db, id: string): Promise<Row | null>;
  /** The REST save: refuses a stale `version` with 409, bumps the version when the text changed. */
  save(tx: Db, row: Row, content: RichText, version: number, actorId: string | null): Promise<DescriptionJson>;
}

const issueDescription: PlainCopy = {
  what: 'description',
  find: findLiveIssue,
  save: (tx, row, content, version, actorId) => saveDescription(tx, row as IssueRow, content, version, actorId),
};

const pageContent: PlainCopy = {
  what: 'page',
  find: (tx, id) => tx.maybeOne<PageJson>(`SELECT ${PAGE_COLUMNS} FROM pages pg WHERE pg.id = $1 FOR UPDATE`, [id]),
  // Pages record no activity: the actor is not kept.
  save: (tx, row, content, version) => savePageContent(tx, row as PageJson, content, version),
};

/** The plain copy of each kind of shared document. */
export const PLAIN_COPIES: Record<DocumentKind, PlainCopy> = {
  'issue-description': issueDescription,
  page: pageContent,
};
