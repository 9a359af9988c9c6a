import { descriptionShape, type Description } from '../../api-shapes/description.js';
import type { Db } from '../db/index.js';
import { badRequest, HttpError } from '../http/errors.js';
import { recordIssueActivity } from './activity.js';
import { notifyMentions } from '../notifications/notify.js';
import type { IssueRow } from './issue-lookup.js';
import type { RichText } from '../rich-text/index.js';

// A description's shape (and its save body) is defined once in src/api-shapes/description.ts.

/** A description as the description routes answer it. */
export type DescriptionJson = Description;

/** Response schema of a description. */
export const descriptionSchema = descriptionShape;

/**
 * How long one activity row gathers a person's saves of a description: saves come at each pause
 * in typing (and every couple of seconds from a shared document), and the feed says once that
 * they changed it, at the time of the last save, until someone does something else to the issue.
 */
export const DESCRIPTION_EDITS_JOINED_SECONDS = 600;

/** The message of a save that named an older version. */
export const STALE_DESCRIPTION =
  'Someone else changed this description since you opened it. Your text was not saved: merge it with the current version and save again.';

/** The ETag of a description version: the version number, quoted. */
export function descriptionEtag(version: number): string {
  return `"${version}"`;
}

/**
 * The version an If-Match header names (`"3"` or `W/"3"`); null without the header, 400 for
 * anything else (a list or `*` cannot name the one version the client edited).
 */
export function versionFromIfMatch(header: string | undefined): number | null {
  if (header === undefined) return null;
  const match = /^\s*(?:W\/)?"([1-9][0-9]{0,8})"\s*$/.exec(header);
  if (!match) throw badRequest('If-Match must name one description version, e.g. "3".');
  return Number(match[1]);
}

/**
 * The version a save of a description (an issue's or a page's) says it edited: the body's
 * `version` or the If-Match header's, which must agree when both are sent (400); 428 when neither
 * is, as a save without one could overwrite what it never saw.
 */
export function editedVersion(ifMatch: string | undefined, bodyVersion: number | null | undefined): number {
  const headerVersion = versionFromIfMatch(ifMatch);
  const fromBody = bodyVersion ?? null;
  if (headerVersion !== null && fromBody !== null && headerVersion !== fromBody) {
    throw badRequest('The version in the body and the If-Match header differ.');
  }
  const version = fromBody ?? headerVersion;
  if (version === null) throw new HttpError(428, 'Say which version you edited: send version in the body or an If-Match header.');
  return version;
}

/**
 * Saves a new description on the locked issue `issue` if `version` is still its current one
 * (`actorId` null: the system, for a plain copy of a shared document no user of this process changed):
 * `richText` comes from normalisedRichText (cleaned before the transaction), the version goes
 * up by one and a 'description' activity row records old and new versions (a save that follows
 * the same person's last one, with nothing else between, updates that row). A save
 * that changes nothing keeps the version. A stale version is refused with a 409 whose body
 * carries the current description, so the client can merge: nothing stored is lost.
 */
export async function saveDescription(
  tx: Db,
  issue: IssueRow,
  richText: RichText,
  version: number,
  actorId: string | null,
): Promise<DescriptionJson> {
  if (version !== issue.description_version) {
    const current = { description_html: issue.description_html, version: issue.description_version };
    throw new HttpError(409, STALE_DESCRIPTION, { details: { current }, headers: { etag: descriptionEtag(current.version) } });
  }
  if (richText.html === issue.description_html) return { description_html: issue.description_html, version };
  // The statement's snapshot is taken before its UPDATE: `earlier` reads the description it replaces.
  const saved = await tx.one<{ description_version: number; earlier: unknown }>(
    `WITH earlier AS (SELECT description_json FROM issues WHERE id = $1)
     UPDATE issues SET description_html = $2, description_json = $3::jsonb, description_version = description_version + 1, updated_by = $4
      WHERE id = $1 RETURNING description_version, (SELECT description_json FROM earlier) AS earlier`,
    [issue.id, richText.html, JSON.stringify(richText.json), actorId],
  );
  await notifyMentions(tx, { issue, actorId, kind: 'mentioned', document: richText.json, before: saved.earlier });
  await recordIssueActivity(tx, {
    issue,
    actorId,
    field: 'description',
    verb: 'updated',
    oldValue: String(issue.description_version),
    newValue: String(saved.description_version),
  }, { joinWithinSeconds: DESCRIPTION_EDITS_JOINED_SECONDS });
  return { description_html: richText.html, version: saved.description_version };
}
