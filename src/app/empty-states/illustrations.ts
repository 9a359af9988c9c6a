/** The light or dark variant of an illustration. */
export type ColourScheme = 'light' | 'dark';

/** The pictures the empty states are drawn from. */
export type Motif =
  | 'dashboard'
  | 'chart'
  | 'folders'
  | 'issues'
  | 'views'
  | 'key'
  | 'webhook'
  | 'export'
  | 'import'
  | 'profile'
  | 'tag'
  | 'plug'
  | 'estimate'
  | 'cycle'
  | 'modules'
  | 'page'
  | 'archive'
  | 'draft'
  | 'inbox'
  | 'bell'
  | 'panel'
  | 'switch';

interface Palette {
  backdrop: string;
  card: string;
  edge: string;
  ink: string;
  accent: string;
  soft: string;
}

// Muted surfaces with the app's primary blue as the one accent, matching each theme's colours.
const PALETTES: Record<ColourScheme, Palette> = {
  light: { backdrop: '#e9edf5', card: '#ffffff', edge: '#c9ced6', ink: '#a3acbb', accent: '#2454c5', soft: '#c9d6f5' },
  dark: { backdrop: '#161b2b', card: '#1f2538', edge: '#343c52', ink: '#5f6a82', accent: '#7aa2ff', soft: '#2b3963' },
};

const rect = (x: number, y: number, w: number, h: number, fill: string, r = 6, edge?: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${edge ? ` stroke="${edge}" stroke-width="2"` : ''}/>`;
const bar = (x: number, y: number, w: number, fill: string) => rect(x, y, w, 6, fill, 3);
const dot = (cx: number, cy: number, r: number, fill: string) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
const stroke = (d: string, colour: string, width = 6) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
const shape = (d: string, fill: string, edge?: string) => `<path d="${d}" fill="${fill}"${edge ? ` stroke="${edge}" stroke-width="2"` : ''}/>`;
const card = (x: number, y: number, w: number, h: number, p: Palette) => rect(x, y, w, h, p.card, 8, p.edge);
const row = (y: number, width: number, mark: string, p: Palette) => card(44, y, 112, 24, p) + dot(58, y + 12, 5, mark) + bar(70, y + 9, width, p.ink);

// Each motif draws on a 200 by 140 canvas; shapes only, never text.
const MOTIFS: Record<Motif, (p: Palette) => string> = {
  dashboard: (p) =>
    card(36, 24, 60, 44, p) + card(104, 24, 60, 44, p) + card(36, 76, 128, 40, p) +
    bar(46, 36, 28, p.accent) + bar(46, 50, 40, p.ink) + dot(134, 46, 12, p.soft) + bar(46, 92, 100, p.ink) + bar(46, 102, 60, p.soft),
  chart: (p) =>
    card(34, 20, 132, 100, p) + rect(52, 78, 14, 28, p.soft, 3) + rect(74, 62, 14, 44, p.soft, 3) + rect(96, 70, 14, 36, p.soft, 3) +
    rect(118, 48, 14, 58, p.accent, 3) + stroke('M52 56 L80 42 L102 50 L140 30', p.ink, 4),
  folders: (p) =>
    shape('M40 46 h36 l10 10 h58 a6 6 0 0 1 6 6 v50 a6 6 0 0 1 -6 6 h-98 a6 6 0 0 1 -6 -6 v-60 a6 6 0 0 1 6 -6 z', p.card, p.edge) +
    shape('M58 34 h30 l8 8 h48 a6 6 0 0 1 6 6 v6 h-92 v-14 a6 6 0 0 1 0 -6 z', p.soft) + bar(56, 82, 60, p.ink) + bar(56, 94, 38, p.accent),
  issues: (p) => row(26, 64, p.accent, p) + row(58, 48, p.soft, p) + row(90, 72, p.soft, p),
  views: (p) =>
    shape('M46 30 h108 l-40 44 v32 l-28 12 v-44 z', p.card, p.edge) + bar(64, 40, 72, p.soft) + dot(100, 94, 6, p.accent),
  key: (p) => dot(70, 70, 26, p.card) + `<circle cx="70" cy="70" r="26" fill="none" stroke="${p.edge}" stroke-width="2"/>` + dot(70, 70, 9, p.soft) +
    stroke('M96 70 H150 M136 70 V86 M120 70 V82', p.accent),
  webhook: (p) =>
    stroke('M60 98 L100 40 L140 98 Z', p.ink, 4) + dot(100, 40, 15, p.accent) + dot(60, 98, 15, p.card) + dot(140, 98, 15, p.card) +
    `<circle cx="60" cy="98" r="15" fill="none" stroke="${p.edge}" stroke-width="2"/><circle cx="140" cy="98" r="15" fill="none" stroke="${p.edge}" stroke-width="2"/>`,
  export: (p) => card(52, 62, 96, 56, p) + bar(68, 96, 64, p.ink) + stroke('M100 82 V22 M82 40 L100 22 L118 40', p.accent),
  import: (p) => card(52, 62, 96, 56, p) + bar(68, 102, 64, p.ink) + stroke('M100 18 V80 M82 62 L100 80 L118 62', p.accent),
  profile: (p) => card(40, 22, 120, 96, p) + dot(100, 54, 16, p.soft) + shape('M72 98 a28 22 0 0 1 56 0 z', p.accent) + bar(64, 106, 72, p.ink),
  tag: (p) => shape('M46 44 h60 l44 30 l-44 30 h-60 a6 6 0 0 1 -6 -6 v-48 a6 6 0 0 1 6 -6 z', p.card, p.edge) + dot(118, 74, 7, p.accent) + bar(56, 70, 40, p.soft),
  plug: (p) =>
    rect(70, 52, 60, 44, p.card, 10, p.edge) + stroke('M86 52 V30 M114 52 V30', p.ink) + stroke('M100 96 V122', p.accent) + dot(100, 74, 8, p.soft),
  estimate: (p) =>
    rect(30, 56, 140, 32, p.card, 6, p.edge) + stroke('M46 56 V70 M62 56 V66 M78 56 V70 M94 56 V66 M110 56 V70 M126 56 V66 M142 56 V70', p.ink, 3) +
    dot(70, 112, 8, p.accent) + dot(96, 112, 8, p.soft) + dot(122, 112, 8, p.soft),
  cycle: (p) => `<circle cx="100" cy="70" r="40" fill="${p.card}" stroke="${p.edge}" stroke-width="2"/>` +
    stroke('M72 56 A32 32 0 0 1 128 56 M128 56 L130 42 M128 56 L114 54', p.accent) + stroke('M128 84 A32 32 0 0 1 72 84', p.soft),
  modules: (p) => rect(48, 80, 104, 30, p.card, 8, p.edge) + rect(58, 58, 84, 30, p.card, 8, p.edge) + rect(68, 36, 64, 30, p.accent, 8) + bar(82, 48, 36, p.soft),
  page: (p) =>
    shape('M62 18 h58 l22 22 v82 a6 6 0 0 1 -6 6 h-74 a6 6 0 0 1 -6 -6 v-98 a6 6 0 0 1 6 -6 z', p.card, p.edge) + shape('M120 18 v22 h22 z', p.soft) +
    bar(72, 54, 56, p.accent) + bar(72, 70, 48, p.ink) + bar(72, 84, 56, p.ink) + bar(72, 98, 36, p.ink),
  archive: (p) => rect(40, 34, 120, 24, p.soft, 6) + rect(48, 58, 104, 58, p.card, 6, p.edge) + bar(84, 74, 32, p.accent),
  draft: (p) =>
    shape('M50 22 h74 v96 h-74 a6 6 0 0 1 -6 -6 v-84 a6 6 0 0 1 6 -6 z', p.card, p.edge) + bar(58, 42, 50, p.ink) + bar(58, 58, 40, p.ink) +
    stroke('M104 104 L148 60', p.accent, 10) + stroke('M104 104 L98 112', p.soft, 6),
  inbox: (p) =>
    shape('M40 72 L58 34 h84 l18 38 v38 a6 6 0 0 1 -6 6 h-108 a6 6 0 0 1 -6 -6 z', p.card, p.edge) +
    shape('M40 72 h36 a24 14 0 0 0 48 0 h36 v38 a6 6 0 0 1 -6 6 h-108 a6 6 0 0 1 -6 -6 z', p.soft) + bar(78, 50, 44, p.ink),
  bell: (p) =>
    shape('M100 26 a30 30 0 0 1 30 30 v26 l12 16 h-84 l12 -16 v-26 a30 30 0 0 1 30 -30 z', p.card, p.edge) + dot(100, 108, 8, p.accent) + dot(132, 34, 9, p.soft),
  panel: (p) => card(36, 24, 128, 92, p) + `<circle cx="78" cy="70" r="22" fill="none" stroke="${p.soft}" stroke-width="8"/>` +
    stroke('M78 48 A22 22 0 0 1 100 70', p.accent, 8) + bar(112, 58, 36, p.ink) + bar(112, 74, 24, p.ink),
  switch: (p) => card(36, 30, 128, 80, p) + rect(58, 56, 56, 28, p.soft, 14) + dot(72, 70, 10, p.card) + bar(124, 62, 24, p.ink) + bar(124, 74, 16, p.ink),
};

/** One illustration as SVG markup: a motif on a soft backdrop, decorative and without text. */
export function drawIllustration(motif: Motif, scheme: ColourScheme): string {
  const palette = PALETTES[scheme];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 140" width="200" height="140">` +
    `<ellipse cx="100" cy="72" rx="92" ry="64" fill="${palette.backdrop}"/>${MOTIFS[motif](palette)}</svg>`
  );
}

/** Both variants of an illustration. */
export function illustrationPair(motif: Motif): Record<ColourScheme, string> {
  return { light: drawIllustration(motif, 'light'), dark: drawIllustration(motif, 'dark') };
}

/** An SVG string as an image address, so it is shown through `<img>` rather than injected markup. */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
