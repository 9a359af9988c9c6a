import type { Db } from '../db/index.js';
import { HttpError } from '../http/errors.js';
import { descriptionEtag, type DescriptionJson } from '../issues/description.js';
import type { RichText } from '../rich-text/index.js';
import type { PageJson } from './page-shape.js';

/** The message of a save that named an older version. */
export const STALE_PAGE =
  'Someone else changed this page since you opened it. Your text was not saved: merge it with the current version and save again.';

/**
 * Saves new content on the locked page if `version` is still its current one: `content` comes
 * from normalisedRichText (cleaned before the transaction), the version goes up by one.
 * A save that changes nothing keeps the version. A stale version is refused with 409 and the
 * current content, so nothing stored is lost and the client can merge.
 */
export async function savePageContent(tx: Db, page: PageJson, content: RichText, version: number): Promise<DescriptionJson> {
  if (version !== page.description_version) {
    const current = { description_html: page.description_html, version: page.description_version };
    throw new HttpError(409, STALE_PAGE, { details: { current }, headers: { etag: descriptionEtag(current.version) } });
  }
  if (content.html === page.description_html) return { description_html: page.description_html, version };
  const saved = await tx.one<{ description_version: number }>(
    `UPDATE pages SET description_html = $2, description_json = $3::jsonb, description_version = description_version + 1
      WHERE id = $1 RETURNING description_version`,
    [page.id, content.html, JSON.stringify(content.json)],
  );
  return { description_html: content.html, version: saved.description_version };
}
