// Plain data, no imports: the app loads this module at run time.

/** The app's page a mailed invitation to a workspace opens; the server builds the link. */
export const INVITATION_PATH = '/workspace-invitations';

/** The link's fragment, `#token=…`: browsers send a fragment to no server and in no Referer. */
export const INVITATION_TOKEN_PARAM = 'token';

/** How many days an invitation's link works. */
export const INVITATION_TTL_DAYS = 7;

/**
 * The answer to adding a member whose email has no account: the app offers to send them an
 * invitation instead.
 */
export const NO_ACCOUNT_FOR_EMAIL = 'No account uses this email address.';

/** The answer to a link that does not work (never made, accepted, revoked, or expired). */
export const INVITATION_LINK_INVALID = 'This invitation has expired, was revoked or was already accepted. Ask an admin of the workspace for a new one.';
