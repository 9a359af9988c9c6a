import { nullable, slug, timestamp, uuid } from '../http/schemas.js';

/** Who sees a page: its owner only, or everyone in the project. */
export const PAGE_ACCESS = ['private', 'public'] as const;

/** One of the page access levels. */
export type PageAccess = (typeof PAGE_ACCESS)[number];

/** The page lists (spec: pages private, public, archived). */
export const PAGE_LIST_TYPES = ['private', 'public', 'archived'] as const;

/** One of the page lists. */
export type PageListType = (typeof PAGE_LIST_TYPES)[number];

/** A page as listed: everything but its content. */
export interface PageSummary {
  id: string;
  project_id: string;
  name: string;
  access: PageAccess;
  owned_by: string | null;
  archived_at: Date | null;
  description_version: number;
  created_at: Date;
  updated_at: Date;
}

/** A page with its content. */
export interface PageJson extends PageSummary {
  description_html: string;
}

/** Route params of everything under …/pages/:pageId. */
export const pageParams = {
  type: 'object',
  required: ['slug', 'projectId', 'pageId'],
  properties: { slug, projectId: uuid, pageId: uuid },
} as const;

const summaryProperties = {
  id: uuid,
  project_id: uuid,
  name: { type: 'string' },
  access: { type: 'string', enum: PAGE_ACCESS },
  owned_by: nullable(uuid),
  archived_at: nullable(timestamp),
  description_version: { type: 'integer' },
  created_at: timestamp,
  updated_at: timestamp,
} as const;

const summaryRequired = ['id', 'project_id', 'name', 'access', 'owned_by', 'archived_at', 'description_version', 'created_at', 'updated_at'];

/** Response schema of a listed page. */
export const pageSummarySchema = { type: 'object', required: summaryRequired, properties: summaryProperties } as const;

/** Response schema of a page with its content. */
export const pageSchema = {
  type: 'object',
  required: [...summaryRequired, 'description_html'],
  properties: { ...summaryProperties, description_html: { type: 'string' } },
} as const;

/** SELECT list of a listed page from `pages pg`. */
export const PAGE_SUMMARY_COLUMNS = 'pg.id, pg.project_id, pg.name, pg.access, pg.owned_by, pg.archived_at, pg.description_version, pg.created_at, pg.updated_at';

/** SELECT list of a page with its content from `pages pg`. */
export const PAGE_COLUMNS = `${PAGE_SUMMARY_COLUMNS}, pg.description_html`;

/** The message of every "no such page here" answer (also for another member's private page). */
export const PAGE_NOT_FOUND = 'Page not found.';
