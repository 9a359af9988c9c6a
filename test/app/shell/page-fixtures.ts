// A page of the seeded project, in the server's shape, for the pages and page editor tests.
import type { PageDetail } from '../../../src/app/api/pages.js';
import { PROJECT_ID, USER_ID } from './fixtures.js';

export const PAGE_ID = '77777777-7777-4777-8777-777777777777';

/** A public page owned by the signed-in user, with three headings. */
export function pageDetail(overrides: Partial<PageDetail> = {}): PageDetail {
  return {
    id: PAGE_ID,
    project_id: PROJECT_ID,
    name: 'Handbook',
    access: 'public',
    owned_by: USER_ID,
    parent_id: null,
    archived_at: null,
    updated_at: '2025-01-02T10:00:00.000Z',
    created_at: '2025-01-02T10:00:00.000Z',
    description_html: '<h1>Intro</h1><h2>Setup</h2><p>Words.</p><h2>Usage</h2><h3>Details</h3>',
    description_version: 2,
    ...overrides,
  };
}
