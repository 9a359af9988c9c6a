/** Styles of a member's profile. */
export const profileCss = `
.app-profile-breakdowns { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr)); gap: var(--app-space-4, 16px) var(--app-space-5, 24px); }
.app-profile-breakdown h2 { margin: 0 0 var(--app-space-3, 12px); font-size: var(--app-text-md, 15px); }
.app-profile-panel:focus-visible { outline: 2px solid var(--app-focus); outline-offset: -2px; }
`;
