// Plain data, no imports: the app loads this module at run time.

/** Said when a page would be put under itself or one of its own sub-pages. */
export const PAGE_UNDER_ITSELF = 'A page cannot be put under itself or one of its sub-pages.';

/** Said when the parent page named is not a page of the project the caller sees. */
export const PARENT_PAGE_NOT_FOUND = 'The parent page was not found in this project.';

/** Said when a sub-page would be put under an archived page. */
export const PARENT_PAGE_ARCHIVED = 'The parent page is archived: restore it to add pages under it.';

// A page inside a private page is private too, and its owner's: otherwise it would show at the top
// of others' lists with its parent hidden, or be hidden from its own owner.

/** Said when a page inside a private page would be public. */
export const PRIVATE_PARENT_PUBLIC_PAGE = 'A page inside a private page is private too: move it out to make it public.';

/** Said when a page holding pages of others would be made private. */
export const OTHERS_PAGES_INSIDE = 'Pages of others are inside this page: move them out before making it private.';

/** Said when a page of another, or one holding pages of others, would be put inside a private page. */
export const PRIVATE_PARENT_OTHERS_PAGES = "Only its owner's pages can go inside a private page.";
