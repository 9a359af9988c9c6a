// Plain data, no imports: the app loads this module at run time.

/** Why a comment that shows nothing is refused: the API's answer (400) and what the app says before sending one. */
export const COMMENT_EMPTY = 'The comment cannot be empty.';
