/**
 * An allow-list SVG sanitiser. The markup is parsed (linkedom, XML mode) and written
 * again from scratch: only known SVG elements and attributes survive, so scripts,
 * `foreignObject`, animation (which can rewrite `href`), event handlers, external
 * references and style that loads or runs anything are gone. The output is
 * well-formed XML in the SVG namespace whatever the input was.
 */
import { DOMParser } from 'linkedom';
import { MAX_MARKUP_DEPTH, markupTooDeep } from './markup-depth.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'switch', 'title', 'desc', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'image',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting',
  'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR',
  'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight',
  'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
]);

/** Links are unwrapped: their content stays, the navigation goes. */
const UNWRAPPED = new Set(['a']);

/** Elements whose text is content; elsewhere text is only formatting whitespace. */
const TEXT_ELEMENTS = new Set(['title', 'desc', 'style', 'text', 'tspan', 'textPath']);

/** Elements whose `href` may point at another element of the same file. */
const LOCAL_HREF = new Set(['use', 'textPath', 'linearGradient', 'radialGradient', 'pattern', 'filter', 'feImage']);

/** Elements whose `href` may also be an embedded raster image. */
const IMAGE_HREF = new Set(['image', 'feImage']);

const ATTRIBUTES = new Set([
  'id', 'class', 'style', 'lang', 'xml:lang', 'xml:space', 'version', 'width', 'height', 'viewBox', 'preserveAspectRatio',
  'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'd', 'points', 'pathLength', 'transform',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'color', 'display', 'visibility',
  'clip-path', 'clip-rule', 'mask', 'filter', 'stop-color', 'stop-opacity', 'font-family', 'font-size', 'font-weight',
  'font-style', 'font-variant', 'font-stretch', 'text-anchor', 'dominant-baseline', 'alignment-baseline', 'baseline-shift',
  'letter-spacing', 'word-spacing', 'text-decoration', 'writing-mode', 'direction', 'marker-start', 'marker-mid',
  'marker-end', 'paint-order', 'vector-effect', 'shape-rendering', 'text-rendering', 'image-rendering',
  'color-interpolation', 'color-interpolation-filters', 'flood-color', 'flood-opacity', 'lighting-color',
  'mix-blend-mode', 'isolation', 'overflow', 'transform-origin',
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'href',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY', 'orient',
  'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing', 'side',
  'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'edgeMode', 'mode', 'operator',
  'k1', 'k2', 'k3', 'k4', 'values', 'type', 'tableValues', 'slope', 'intercept', 'amplitude', 'exponent',
  'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'scale', 'xChannelSelector', 'yChannelSelector', 'radius',
  'order', 'kernelMatrix', 'divisor', 'bias', 'targetX', 'targetY', 'preserveAlpha', 'surfaceScale', 'diffuseConstant',
  'specularConstant', 'specularExponent', 'kernelUnitLength', 'azimuth', 'elevation', 'pointsAtX', 'pointsAtY',
  'pointsAtZ', 'limitingConeAngle', 'z', 'media',
]);

/** An embedded raster image: the only `data:` address kept, and only in `<image>`/`<feImage>`. */
const RASTER_DATA = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/** A reference to an element of this file: `#id`. */
const LOCAL_REF = /^#[^\s#]+$/;

/** Spaces and controls a browser ignores inside a scheme (`java\tscript:`), removed before judging. */
function squeeze(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u2028\u2029\u2060\ufeff]/g, '').toLowerCase();
}

/** Whether a CSS text (an attribute value, a `style` attribute or element) may load or run anything. */
function unsafeCss(value: string): boolean {
  const css = squeeze(value.replace(/\/\*[\s\S]*?\*\//g, ''));
  if (/\\|@import|expression\(|javascript:|vbscript:|data:|behavior:|-moz-binding|image-set\(|-webkit-image-set\(|image\(|cross-fade\(|element\(/.test(css)) {
    return true;
  }
  // Every url() must point into this file.
  for (const match of css.matchAll(/url\(([^)]*)\)?/g)) {
    if (!/^['"]?#/.test(match[1])) return true;
  }
  return false;
}

function allowedHref(element: string, value: string): boolean {
  const trimmed = value.trim();
  if (LOCAL_HREF.has(element) && LOCAL_REF.test(trimmed)) return true;
  return IMAGE_HREF.has(element) && RASTER_DATA.test(trimmed);
}

/** The attributes to keep, in source order; `xlink:href` becomes SVG 2's `href`. */
function keptAttributes(element: Element, name: string): Array<[string, string]> {
  const kept: Array<[string, string]> = [];
  let href: [string, string] | null = null;
  for (const attr of Array.from(element.attributes)) {
    const attrName = attr.name;
    const value = attr.value;
    if (attrName === 'href' || attrName === 'xlink:href') {
      if (!allowedHref(name, value)) continue;
      if (!href) kept.push((href = ['href', value.trim()]));
      // SVG 2: a plain href wins over xlink:href.
      else if (attrName === 'href') href[1] = value.trim();
      continue;
    }
    if (ATTRIBUTES.has(attrName) && !unsafeCss(value)) kept.push([attrName, value]);
  }
  return kept;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

function textOf(element: Element): string {
  let text = '';
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3 || child.nodeType === 4) text += child.nodeValue ?? '';
  }
  return text;
}

/** Writes the kept children of `parent` (an allowed element named `parentName`). */
function writeChildren(parent: Element, parentName: string, depth: number, out: string[]): void {
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3 || child.nodeType === 4) {
      if (TEXT_ELEMENTS.has(parentName)) out.push(escapeText(child.nodeValue ?? ''));
    } else if (child.nodeType === 1) {
      writeElement(child as Element, parentName, depth + 1, out);
    }
    // Comments, processing instructions and doctypes are dropped.
  }
}

function writeElement(element: Element, parentName: string, depth: number, out: string[]): void {
  if (depth > MAX_MARKUP_DEPTH) return;
  const name = element.tagName;
  if (UNWRAPPED.has(name)) {
    writeChildren(element, parentName, depth, out);
    return;
  }
  if (!ELEMENTS.has(name)) return;
  if (name === 'style') {
    const css = textOf(element);
    if (unsafeCss(css)) return;
    out.push('<style');
    for (const [attr, value] of keptAttributes(element, name)) out.push(` ${attr}="${escapeAttr(value)}"`);
    out.push(css ? `>${escapeText(css)}</style>` : '/>');
    return;
  }
  out.push('<', name);
  for (const [attr, value] of keptAttributes(element, name)) out.push(` ${attr}="${escapeAttr(value)}"`);
  const start = out.length;
  out.push('>');
  writeChildren(element, name, depth, out);
  if (out.length === start + 1) out[start] = '/>';
  else out.push('</', name, '>');
}

/**
 * The SVG rewritten with only allow-listed elements and attributes. Throws a
 * `RangeError` when the text is not an SVG document or nests deeper than
 * `MAX_MARKUP_DEPTH` (check uploads with `sniffImageType` first).
 */
export function sanitiseSvg(text: string): string {
  if (markupTooDeep(text)) throw new RangeError(`Not a usable SVG document: elements nest deeper than ${MAX_MARKUP_DEPTH} levels`);
  const root = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement as unknown as Element | null;
  if (!root || root.tagName !== 'svg') throw new RangeError('Not an SVG document: the root element must be <svg>');
  const out: string[] = [`<svg xmlns="${SVG_NS}"`];
  for (const [attr, value] of keptAttributes(root, 'svg')) out.push(` ${attr}="${escapeAttr(value)}"`);
  const start = out.length;
  out.push('>');
  writeChildren(root, 'svg', 0, out);
  if (out.length === start + 1) out[start] = '/>';
  else out.push('</svg>');
  return out.join('');
}
