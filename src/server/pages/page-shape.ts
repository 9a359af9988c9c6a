import type { StaticDecode } from 'typebox';
import { pageShape, pageSummaryShape } from '../../api-shapes/page.js';
import { selectList } from '../db/select-list.js';
import { projectParams, withIds } from '../http/schemas.js';

// The page's shapes are defined once in src/api-shapes/page.ts (shared with the app); this
// module gives the server their SQL and row types (timestamps as Dates).

export type { PageListType } from '../../api-shapes/page.js';

/** A page as listed: everything but its content. */
export type PageSummary = StaticDecode<typeof pageSummaryShape>;

/** A page with its content. */
export type PageJson = StaticDecode<typeof pageShape>;

/** Route params of everything under …/pages/:pageId. */
export const pageParams = withIds(projectParams, 'pageId');

/** Response schema of a listed page. */
export const pageSummarySchema = pageSummaryShape;

/** Response schema of a page with its content. */
export const pageSchema = pageShape;

/** SELECT list of a listed page from `pages pg`. */
export const PAGE_SUMMARY_COLUMNS = selectList(pageSummaryShape, 'pg');

/** SELECT list of a page with its content from `pages pg`. */
export const PAGE_COLUMNS = selectList(pageShape, 'pg');

/** The message of every "no such page here" answer (also for another member's private page). */
export const PAGE_NOT_FOUND = 'Page not found.';
