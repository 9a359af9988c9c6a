// Plain data, no imports: the app loads this module at run time.

/** Said when a page would be put under itself or one of its own sub-pages. */
export const PAGE_UNDER_ITSELF = 'A page cannot be put under itself or one of its sub-pages.';

/** Said when the parent page named is not a page of the project the caller sees. */
export const PARENT_PAGE_NOT_FOUND = 'The parent page was not found in this project.';

/** Said when a sub-page would be put under an archived page. */
export const PARENT_PAGE_ARCHIVED = 'The parent page is archived: restore it to add pages under it.';
