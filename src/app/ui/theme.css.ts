/** The light theme's colours (the defaults on :root). */
export const LIGHT_COLOURS = {
  '--app-bg': '#ffffff',
  '--app-surface': '#f6f7f9',
  '--app-text': '#1f2937',
  '--app-muted': '#4b5563',
  '--app-border': '#c9ced6',
  '--app-primary': '#2454c5',
  '--app-primary-text': '#ffffff',
  '--app-danger': '#b42318',
  '--app-danger-solid': '#b42318',
  '--app-danger-solid-text': '#ffffff',
  '--app-success': '#15713a',
  '--app-sidebar-bg': '#f1f3f6',
  '--app-sidebar-text': '#1f2937',
  '--app-focus': '#2454c5',
} as const;

/** The dark theme's colours (on :root[data-theme="dark"], and for a dark system setting). */
export const DARK_COLOURS: Record<keyof typeof LIGHT_COLOURS, string> = {
  '--app-bg': '#0d101b',
  '--app-surface': '#161b2b',
  '--app-text': '#e4e6eb',
  '--app-muted': '#a7afc0',
  '--app-border': '#343c52',
  '--app-primary': '#7aa2ff',
  '--app-primary-text': '#0d101b',
  '--app-danger': '#ff8a80',
  // A danger button keeps a deep red with white text: the light red above is for text on the page.
  '--app-danger-solid': '#c62a2f',
  '--app-danger-solid-text': '#ffffff',
  '--app-success': '#5dd58b',
  '--app-sidebar-bg': '#111526',
  '--app-sidebar-text': '#d5d8e0',
  '--app-focus': '#9db7ff',
};

/** The one spacing scale (4/8/12/16/24/32 px) and type scale (12/13/14/16/20/24 px) every screen shares. */
export const SCALE = {
  '--app-space-1': '4px',
  '--app-space-2': '8px',
  '--app-space-3': '12px',
  '--app-space-4': '16px',
  '--app-space-5': '24px',
  '--app-space-6': '32px',
  '--app-text-xs': '12px',
  '--app-text-sm': '13px',
  '--app-text-md': '14px',
  '--app-text-lg': '16px',
  '--app-text-xl': '20px',
  '--app-text-2xl': '24px',
  '--app-radius': '6px',
} as const;

const declarations = (colours: Record<string, string>) =>
  Object.entries(colours)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');

/** Declarations that hide an element from sight but not from assistive technology (a legend, a dialog's hidden title). */
export const VISUALLY_HIDDEN =
  'position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;';

/**
 * The app's theme and base styles: colours as `--app-*` custom properties (light on :root,
 * dark on :root[data-theme="dark"] or with a dark system setting unless data-theme="light"),
 * the spacing and type scales, the editor themed from them, page basics and the visible focus ring everything shares.
 */
export const themeCss = `
:root { ${declarations(LIGHT_COLOURS)} color-scheme: light; }
:root { ${declarations(SCALE)} }
@media (prefers-color-scheme: dark) {
  :root:not([data-theme="light"]) { ${declarations(DARK_COLOURS)} color-scheme: dark; }
}
:root[data-theme="dark"] { ${declarations(DARK_COLOURS)} color-scheme: dark; }
html, body { margin: 0; height: 100%; }
/* The page behind a screen taller than the window is the theme's too: the app's page paints html
   from the system's theme until this sheet arrives (demo/app.html), which a chosen theme overrides. */
html { background: var(--app-bg); }
body {
  background: var(--app-bg);
  color: var(--app-text);
  font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
#root { min-height: 100%; }
/* Hidden stays hidden whatever layout a class gives the element (an inactive tab's panel, a closed panel). */
[hidden] { display: none !important; }
/* A ring that shows a colour swatch (a state dot) on any background, custom themes included. */
:root { --app-ring: color-mix(in srgb, var(--app-text) 60%, var(--app-bg)); }
a { color: var(--app-primary); }
:focus-visible { outline: 2px solid var(--app-focus); outline-offset: 2px; }
rich-editor {
  --rich-editor-background: var(--app-bg);
  --rich-editor-surface: var(--app-surface);
  --rich-editor-text: var(--app-text);
  --rich-editor-muted: var(--app-muted);
  --rich-editor-border: var(--app-border);
}
.app-icon { flex: none; }
.app-visually-hidden { ${VISUALLY_HIDDEN} }
`;
