/**
 * Selected text in the theme's colour (`--rich-editor-selection`). Where a `::selection`
 * style passes on to the elements inside (CSS highlight inheritance: Chromium), the content's
 * own rule (rich-editor.styles.ts) colours every selection; a rule for every element would
 * make Chromium work out each element's selection style while styling it, about 40 ms of a
 * 10,000-block document's load. Engines that do not pass it on (Firefox, WebKit) take the
 * rule for every element in the content, as an added sheet (Configuration.showStyles).
 */
import { supportsAdoptingStyleSheets } from 'lit';

const FOR_EACH_ELEMENT = '.content ::selection { background: var(--_selection); }';

let inherits: boolean | undefined;

/**
 * Whether the page's engine passes a `::selection` style on to descendants: asked once per
 * page, of an invisible element out of the page's flow, styled by a constructed sheet (which a
 * Content-Security-Policy does not refuse). Without constructed sheets, the answer is no.
 */
function highlightsInherit(doc: Document): boolean {
  if (inherits !== undefined) return inherits;
  // The document's own window: a sheet made by another document's cannot be adopted here.
  const win = doc.defaultView;
  // A document without a window (not shown) is not asked: the rule for each element is always right.
  if (!win) return false;
  if (!supportsAdoptingStyleSheets) return (inherits = false);
  const probe = doc.createElement('div');
  probe.style.cssText = 'position: fixed; visibility: hidden';
  const root = probe.attachShadow({ mode: 'open' });
  const sheet = new win.CSSStyleSheet();
  sheet.replaceSync('p::selection { background-color: rgb(1, 2, 3) }');
  root.adoptedStyleSheets = [sheet];
  const inner = root.appendChild(doc.createElement('p')).appendChild(doc.createElement('span'));
  doc.documentElement.append(probe);
  inherits = win.getComputedStyle(inner, '::selection').backgroundColor === 'rgb(1, 2, 3)';
  probe.remove();
  return inherits;
}

/** The selection CSS an editor in `doc` adds to its own: none where the content's rule reaches every element. */
export function selectionStyles(doc: Document): readonly string[] {
  return highlightsInherit(doc) ? [] : [FOR_EACH_ELEMENT];
}
