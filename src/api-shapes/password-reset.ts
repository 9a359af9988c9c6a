// Plain data, no imports: the app loads this module at run time.

/** The app's page a mailed link to choose a new password opens; the server builds the link. */
export const RESET_PASSWORD_PATH = '/accounts/reset-password';

/** The link's fragment, `#token=…`: browsers send a fragment to no server and in no Referer. */
export const RESET_TOKEN_PARAM = 'token';
