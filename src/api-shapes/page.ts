import { Type, type Static } from 'typebox';
import { editorDocument, integer, nullable, nullableTimestamp, optionalFields, string, stringEnum, text, timestamp, uuid } from './fields.js';

/** Who sees a page: its owner only, or everyone in the project. */
export const PAGE_ACCESS = ['private', 'public'] as const;

/** One of the page access levels. */
export type PageAccess = (typeof PAGE_ACCESS)[number];

/** The page lists (spec: pages private, public, archived). */
export const PAGE_LIST_TYPES = ['private', 'public', 'archived'] as const;

/** One of the page lists. */
export type PageListType = (typeof PAGE_LIST_TYPES)[number];

/** A page as listed: everything but its content. */
export const pageSummaryShape = Type.Object({
  id: uuid,
  project_id: uuid,
  name: string,
  access: stringEnum(PAGE_ACCESS),
  owned_by: nullable(uuid),
  // The page this one is a sub-page of (same project), or null at the top.
  parent_id: nullable(uuid),
  archived_at: nullableTimestamp,
  description_version: integer,
  created_at: timestamp,
  updated_at: timestamp,
});

/** A page as listed. */
export type PageSummary = Static<typeof pageSummaryShape>;

/** A page with its content (one page's address, creation, changes, archive and restore). */
export const pageShape = Type.Object({ ...pageSummaryShape.properties, description_html: string });

/** A page with its content. */
export type PageDetail = Static<typeof pageShape>;

/** GET …/pages: every live page the caller sees, or one of the lists. */
export const pageListQuery = Type.Object({ type: Type.Optional(stringEnum(PAGE_LIST_TYPES)) }, { additionalProperties: false });

/** The query of a page list. */
export type PageListQuery = Static<typeof pageListQuery>;

const pageFields = { name: text(255), access: stringEnum(PAGE_ACCESS), parent_id: nullable(uuid) };

/** POST …/pages: a new page, every field optional (an untitled public page at the top; a sub-page with `parent_id`). */
export const pageCreateBody = Type.Object(
  optionalFields({ ...pageFields, description_html: string, description_json: editorDocument }),
  { additionalProperties: false },
);

/** What creating a page sends. */
export type PageCreateBody = Static<typeof pageCreateBody>;

/**
 * PATCH …/pages/:pageId: a new name, access or parent (moving it; null to the top). The content
 * goes through its description route. A name may go with the name the edit started from
 * (`name_base`), refused when someone renamed the page meanwhile (issue-rename.ts).
 */
export const pageUpdateBody = Type.Object(
  { ...optionalFields(pageFields), name_base: Type.Optional(pageFields.name) },
  { additionalProperties: false, minProperties: 1 },
);

/** What changing a page sends. */
export type PageUpdateBody = Static<typeof pageUpdateBody>;
