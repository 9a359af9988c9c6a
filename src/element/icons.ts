import { svg, type SVGTemplateResult } from 'lit';

/**
 * The editor's icon set, by id (24 by 24, stroked in the text colour): the built-in
 * slash entries' and toolbar buttons' glyphs, and a few for hosts' entries and buttons
 * (`info`, `warning`, `check`, `star`, `note`, `calendar`, `user`, `highlight`).
 */
export const ICONS: Readonly<Record<string, SVGTemplateResult>> = {
  text: svg`<path d="M6 5h12M12 5v14" />`,
  'heading-1': svg`<path d="M3 6v12M11 6v12M3 12h8M16 10l3-2v10" />`,
  'heading-2': svg`<path d="M3 6v12M11 6v12M3 12h8M15.5 10a2.25 2.25 0 1 1 4.1 1.3L15.5 18h4.5" />`,
  'heading-3': svg`<path d="M3 6v12M11 6v12M3 12h8M15.5 8h4.5l-2.5 3.5a2.75 2.75 0 1 1-2.4 4.6" />`,
  todo: svg`<rect x="4" y="4" width="16" height="16" rx="3" /><path d="M8.5 12.5l2.5 2.5 4.5-5.5" />`,
  'bullet-list': svg`<path d="M10 7h10M10 12h10M10 17h10" /><circle cx="5" cy="7" r="1" /><circle cx="5" cy="12" r="1" /><circle cx="5" cy="17" r="1" />`,
  'numbered-list': svg`<path d="M11 7h9M11 12h9M11 17h9M4 5h1.5v5M3.5 14.5a1.5 1.5 0 1 1 2.6 1L3.5 19h3" />`,
  table: svg`<rect x="4" y="4" width="16" height="16" rx="2" /><path d="M4 9.5h16M4 14.5h16M9.5 4v16M14.5 4v16" />`,
  quote: svg`<path d="M5 7h5v5c0 3-2 5-5 6M14 7h5v5c0 3-2 5-5 6" />`,
  code: svg`<path d="M9 7l-5 5 5 5M15 7l5 5-5 5" />`,
  image: svg`<rect x="4" y="4" width="16" height="16" rx="2" /><circle cx="9" cy="9" r="1.5" /><path d="M20 15l-5-5L5 20" />`,
  divider: svg`<path d="M3 12h18M8 7h8M8 17h8" stroke-opacity="0.45" />`,
  info: svg`<circle cx="12" cy="12" r="9" /><path d="M12 11v6M12 7.5v.5" />`,
  warning: svg`<path d="M12 4 2.5 20h19z" /><path d="M12 10v4.5M12 17.5v.5" />`,
  check: svg`<circle cx="12" cy="12" r="9" /><path d="m8 12.5 2.8 2.8L16.5 9" />`,
  star: svg`<path d="m12 3.5 2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z" />`,
  note: svg`<path d="M6 3.5h9l3.5 3.5v13.5H6z" /><path d="M9 11h6M9 15h6" />`,
  link: svg`<path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />`,
  calendar: svg`<rect x="4" y="5" width="16" height="15" rx="2" /><path d="M4 10h16M9 3v4M15 3v4" />`,
  bold: svg`<path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />`,
  italic: svg`<path d="M19 4h-9M14 20H5M15 4 9 20" />`,
  strike: svg`<path d="M16 5H10a3 3 0 0 0-2.6 4.5M14 12a3.5 3.5 0 0 1 0 7H7M4 12h16" />`,
  underline: svg`<path d="M7 4v6a5 5 0 0 0 10 0V4M5 20h14" />`,
  highlight: svg`<path d="m9 11-5 5v3h6l5-5M9 11l4-4 5 5-4 4zM14 6l2-2 5 5-2 2" />`,
  user: svg`<circle cx="12" cy="8" r="4" /><path d="M4.5 20a7.5 7.5 0 0 1 15 0" />`,
};

/** Entries without a known icon get a neutral plus sign. */
export const FALLBACK_ICON = svg`<path d="M12 5v14M5 12h14" />`;

/** The icon of the set with this id, or the plus sign. */
export function iconById(id: string | undefined): SVGTemplateResult {
  return (id && Object.hasOwn(ICONS, id) && ICONS[id]) || FALLBACK_ICON;
}
