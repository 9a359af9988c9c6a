/** Styles of the full-page form screens: sign-in, sign-up, onboarding, creating a workspace. */
export const authCss = `
.app-auth { min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 24px; box-sizing: border-box; }
.app-auth-card {
  width: min(440px, 100%); padding: 28px; border-radius: 12px;
  background: var(--app-surface); border: 1px solid var(--app-border);
}
.app-auth-card[data-wide="true"] { width: min(640px, 100%); }
.app-auth-card h1 { margin: 0 0 6px; font-size: 22px; }
.app-auth-card > p { margin: 0 0 18px; color: var(--app-muted); }
.app-auth-actions { display: flex; justify-content: space-between; align-items: center; gap: 12px; margin-top: 8px; }
.app-auth-notice { margin: 0 0 12px; padding: 8px 10px; border: 1px solid var(--app-border); border-radius: 6px; }
.app-auth-switch { margin: 18px 0 0; color: var(--app-muted); }
`;
