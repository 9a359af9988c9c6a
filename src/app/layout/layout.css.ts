import { layer } from '../ui/layers.js';

/** Styles of the app shell: sidebar (a drawer below 768 px), header, main area and full-page messages. */
export const layoutCss = `
.app-full-page {
  min-height: 100vh; display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: 12px; padding: 24px; box-sizing: border-box; text-align: center;
}
.app-full-page h1 { margin: 0; font-size: 22px; }
.app-full-page p { margin: 0; color: var(--app-muted); max-width: 40em; }
.app-shell { display: flex; min-height: 100vh; }
.app-skip-link {
  position: absolute; left: 8px; top: -48px; z-index: ${layer.skipLink}; padding: 8px 12px; border-radius: 6px;
  background: var(--app-primary); color: var(--app-primary-text);
}
.app-skip-link:focus { top: 8px; }
.app-sidebar {
  flex: 0 0 260px; display: flex; flex-direction: column; gap: var(--app-space-2); box-sizing: border-box;
  height: 100vh; position: sticky; top: 0; overflow-y: auto; padding: var(--app-space-3) var(--app-space-2);
  font-size: var(--app-text-md);
  background: var(--app-sidebar-bg); color: var(--app-sidebar-text); border-right: 1px solid var(--app-border);
  /* The scrollbar follows the sidebar's own colours (a dark sidebar in a light custom theme too). */
  scrollbar-color: color-mix(in srgb, var(--app-sidebar-text) 40%, var(--app-sidebar-bg)) var(--app-sidebar-bg);
}
.app-shell[data-collapsed="true"] .app-sidebar { display: none; }
.app-sidebar nav ul { list-style: none; margin: 0; padding: 0; }
.app-sidebar nav li { margin: 0; }
.app-sidebar-heading {
  display: flex; align-items: center; gap: var(--app-space-2);
  margin: var(--app-space-3) var(--app-space-2) var(--app-space-1); font-size: var(--app-text-xs); font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em;
  color: var(--app-sidebar-text);
}
.app-sidebar-link, .app-sidebar-toggle {
  display: flex; align-items: center; gap: var(--app-space-2); width: 100%; box-sizing: border-box;
  padding: 6px var(--app-space-2); border: 0; border-radius: var(--app-radius); background: none;
  color: var(--app-sidebar-text); font: inherit; text-align: left; text-decoration: none; cursor: pointer;
}
.app-sidebar-link:hover, .app-sidebar-toggle:hover { background: color-mix(in srgb, var(--app-sidebar-text) 10%, transparent); }
.app-sidebar-link[aria-current="page"] {
  background: color-mix(in srgb, var(--app-sidebar-text) 16%, transparent); font-weight: 600;
}
.app-sidebar-sublist { padding-left: var(--app-space-3) !important; }
.app-sidebar-link .app-icon { color: color-mix(in srgb, var(--app-sidebar-text) 75%, var(--app-sidebar-bg)); }
.app-sidebar-link[aria-current="page"] .app-icon { color: var(--app-sidebar-text); }
.app-sidebar-count {
  margin-left: auto; min-width: 1.5em; padding: 0 6px; border-radius: 999px; box-sizing: border-box; text-align: center;
  font-size: var(--app-text-xs); font-weight: 600; font-variant-numeric: tabular-nums;
  background: color-mix(in srgb, var(--app-sidebar-text) 14%, transparent); color: var(--app-sidebar-text);
}
.app-sidebar-chevron { margin-left: auto; transition: transform 0.15s; }
.app-sidebar-toggle[aria-expanded="true"] .app-sidebar-chevron { transform: rotate(90deg); }
.app-project-key {
  display: inline-flex; min-width: 24px; justify-content: center; padding: 0 4px; border-radius: 4px;
  font-size: 11px; font-weight: 700; border: 1px solid currentColor;
}
.app-sidebar-top { display: flex; align-items: center; gap: 6px; }
.app-switcher {
  flex: 1; min-width: 0; display: flex; align-items: center; gap: 8px; width: 100%; padding: 8px; border-radius: 8px;
  border: 1px solid var(--app-border); background: none; color: var(--app-sidebar-text); font: inherit; cursor: pointer; text-align: left;
}
.app-switcher-logo {
  display: inline-flex; align-items: center; justify-content: center; flex: 0 0 28px; height: 28px; border-radius: 6px;
  background: var(--app-primary); color: var(--app-primary-text); font-weight: 700;
}
.app-switcher-name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 600; }
.app-menu {
  min-width: 220px; padding: 6px; border-radius: 8px; z-index: ${layer.popup};
  background: var(--app-bg); color: var(--app-text); border: 1px solid var(--app-border);
  box-shadow: 0 8px 28px rgb(15 23 42 / 0.2);
}
.app-menu-item {
  display: flex; align-items: center; gap: var(--app-space-2); padding: 6px var(--app-space-2); border-radius: var(--app-radius);
  cursor: pointer; outline: none; color: inherit; text-decoration: none;
}
.app-menu-item[data-highlighted] { background: var(--app-surface); outline: 2px solid var(--app-focus); outline-offset: -2px; }
.app-menu-item[data-danger] { color: var(--app-danger); }
.app-menu-label { padding: var(--app-space-1) var(--app-space-2); font-size: var(--app-text-xs); color: var(--app-muted); }
.app-menu-separator { height: 1px; margin: var(--app-space-1) 0; background: var(--app-border); }
.app-main-column { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.app-header {
  display: flex; align-items: center; gap: var(--app-space-3); padding: var(--app-space-2) var(--app-space-4);
  border-bottom: 1px solid var(--app-border); background: var(--app-bg);
}
.app-header-title { flex: 1; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.app-main { flex: 1; outline: none; }
.app-content { padding: var(--app-space-4) var(--app-space-5); }
.app-account-name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.app-account-button { min-width: 0; max-width: 45%; }
.app-drawer-backdrop { position: fixed; inset: 0; z-index: ${layer.dialog}; background: rgb(0 0 0 / 0.5); }
.app-drawer {
  position: fixed; top: 0; bottom: 0; left: 0; z-index: ${layer.dialog}; display: flex;
  width: min(320px, 85vw); outline: none; box-shadow: 0 0 32px rgb(0 0 0 / 0.35);
}
.app-drawer .app-sidebar { flex: 1; min-width: 0; height: 100%; position: static; border-right: 0; }
.app-drawer .app-sidebar-link, .app-drawer .app-sidebar-toggle, .app-drawer .app-switcher { min-height: 44px; }
.app-drawer-close { flex: 0 0 44px; height: 44px; padding: 0; color: var(--app-sidebar-text); font-size: 18px; }
@media (max-width: 767.98px) {
  .app-header { gap: 6px; padding: 0 8px; min-height: 56px; }
  .app-header .app-button { min-height: 44px; min-width: 44px; }
  .app-menu-button { padding: 0; font-size: 20px; }
  .app-content { padding: var(--app-space-3) var(--app-space-4); }
}
`;
