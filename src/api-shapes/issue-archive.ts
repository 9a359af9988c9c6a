// Plain data, no imports: the app loads this module at run time.

/**
 * Why nothing of an archived issue can be changed until it is restored: the API's answer to
 * every change to it (409) and the sentence the app shows where its controls would be.
 */
export const ISSUE_ARCHIVED = 'This issue is archived: restore it to change it.';
