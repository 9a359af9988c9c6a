import { Type, type Static } from 'typebox';
import { integer, nullable, string, timestamp, uuid } from './fields.js';
import { displayUserShape } from './user.js';

/**
 * A file attached to an issue: its cleaned name, size in bytes and declared type, who uploaded it
 * (null once their account is gone) and when, and where it downloads from (always as a download,
 * never shown inline).
 */
export const attachmentShape = Type.Object({
  id: uuid,
  issue_id: uuid,
  name: string,
  size: integer,
  content_type: string,
  uploaded_by: nullable(displayUserShape),
  created_at: timestamp,
  download_url: string,
});

/** A file attached to an issue. */
export type Attachment = Static<typeof attachmentShape>;
