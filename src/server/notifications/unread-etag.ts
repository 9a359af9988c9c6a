/**
 * The unread count's entity tag: the count and the time of the reader's latest notification
 * change (a new one, read, snoozed, archived), so it changes whenever the count or the list
 * behind it does, whichever server process made the change.
 */
export function unreadEtag(unread: number, changed: Date | null): string {
  return `W/"${unread}-${changed ? changed.getTime() : 0}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for If-None-Match; `*` matches). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
