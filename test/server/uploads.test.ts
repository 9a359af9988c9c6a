import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DOMParser } from 'linkedom';
import {
  cacheHeadersFor,
  checkImageUpload,
  DEFAULT_IMAGE_SIZE_LIMIT,
  imageResponseHeaders,
  imageSizeMessage,
  sanitiseSvg,
  sniffImageType,
  svgResponseHeaders,
  type ImageUploadAccepted,
  type ImageUploadRefused,
} from '../../src/server/uploads/index.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Array<Uint8Array | number[]>) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));

/** The first bytes of real files of each format. */
const PNG = concat([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], utf8('IHDR'), [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);
const JPEG = concat([0xff, 0xd8, 0xff, 0xe0, 0, 16], utf8('JFIF'), [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const WEBP = concat(utf8('RIFF'), [26, 0, 0, 0], utf8('WEBPVP8 '), [14, 0, 0, 0, 0x30, 0x01, 0, 0x9d, 0x01, 0x2a, 1, 0, 1, 0]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#3f76ff"/></svg>';

describe('sniffImageType', () => {
  it('recognises PNG, JPEG and WebP by their magic numbers', () => {
    assert.equal(sniffImageType(PNG), 'png');
    assert.equal(sniffImageType(JPEG), 'jpeg');
    assert.equal(sniffImageType(WEBP), 'webp');
  });

  it('recognises SVG by its markup, with a prolog, comments, doctype or BOM before the root', () => {
    assert.equal(sniffImageType(utf8(SVG)), 'svg');
    assert.equal(sniffImageType(utf8(`\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${SVG}`)), 'svg');
    assert.equal(sniffImageType(utf8('<!DOCTYPE svg [<!ENTITY a "<b>">]><svg/>')), 'svg');
  });

  it('refuses markup whose root is not <svg>', () => {
    for (const text of ['<html><body><svg></svg></body></html>', 'hello <svg></svg>', '<svgx/>', '<SVG></SVG>', '<!-- <svg> -->', '<?xml version="1.0"?><foo/>', '', '   ']) {
      assert.equal(sniffImageType(utf8(text)), null, text);
    }
  });

  it('refuses truncated or near-miss headers and binary junk', () => {
    assert.equal(sniffImageType(PNG.subarray(0, 8)), null);
    assert.equal(sniffImageType(JPEG.subarray(0, 2)), null);
    assert.equal(sniffImageType(concat(utf8('RIFF'), [0, 0, 0, 0], utf8('WAVEfmt '))), null);
    assert.equal(sniffImageType(concat(utf8('GIF89a'), [1, 0, 1, 0])), null);
    assert.equal(sniffImageType(concat([0xff, 0xfe], utf8('<svg/>'))), null);
    assert.equal(sniffImageType(utf8('<svg>\u0000</svg>')), null);
  });

  it('refuses SVG nested deeper than the parser can take quickly', () => {
    const started = performance.now();
    assert.equal(sniffImageType(utf8(`<svg>${'<g>'.repeat(100_000)}${'</g>'.repeat(100_000)}</svg>`)), null);
    assert.ok(performance.now() - started < 1000);
  });
});

function accepted(result: ImageUploadAccepted | ImageUploadRefused): ImageUploadAccepted {
  assert.equal(result.ok, true, result.ok ? '' : result.error);
  return result as ImageUploadAccepted;
}

describe('checkImageUpload', () => {
  it('accepts each allowed type with its canonical content type and extension', () => {
    const png = accepted(checkImageUpload({ bytes: PNG, filename: 'a.png', declaredType: 'image/png' }));
    assert.deepEqual([png.type, png.contentType, png.extension], ['png', 'image/png', 'png']);
    assert.equal(png.bytes, PNG);
    const jpeg = accepted(checkImageUpload({ bytes: JPEG, filename: 'photo.JPEG', declaredType: 'image/jpeg' }));
    assert.deepEqual([jpeg.type, jpeg.contentType, jpeg.extension], ['jpeg', 'image/jpeg', 'jpg']);
    const webp = accepted(checkImageUpload({ bytes: WEBP, filename: 'w.webp' }));
    assert.deepEqual([webp.contentType, webp.extension], ['image/webp', 'webp']);
    const svg = accepted(checkImageUpload({ bytes: utf8(SVG), filename: 'logo.svg', declaredType: 'image/svg+xml' }));
    assert.deepEqual([svg.contentType, svg.extension], ['image/svg+xml', 'svg']);
  });

  it('takes the type from the content when the name says another allowed type', () => {
    const result = accepted(checkImageUpload({ bytes: PNG, filename: 'renamed.jpg', declaredType: 'image/jpeg' }));
    assert.deepEqual([result.contentType, result.extension], ['image/png', 'png']);
  });

  it('accepts names without an extension and uninformative declared types', () => {
    accepted(checkImageUpload({ bytes: PNG, filename: 'blob', declaredType: 'application/octet-stream' }));
    accepted(checkImageUpload({ bytes: JPEG }));
    accepted(checkImageUpload({ bytes: utf8(SVG), declaredType: 'image/svg+xml; charset=utf-8' }));
  });

  it('refuses content that is no allowed image, whatever its name', () => {
    const cases: Array<[Uint8Array, string, string]> = [
      [utf8('<html><script>alert(1)</script></html>'), 'photo.png', 'image/png'],
      [utf8('GIF89a\u0001\u0000\u0001\u0000'), 'anim.png', 'image/png'],
      [utf8('%PDF-1.7'), 'doc.jpg', 'image/jpeg'],
      [new Uint8Array([0x4d, 0x5a, 0x90, 0]), 'x.webp', 'image/webp'],
      [new Uint8Array(0), 'empty.png', 'image/png'],
    ];
    for (const [bytes, filename, declaredType] of cases) {
      assert.deepEqual(checkImageUpload({ bytes, filename, declaredType }), { ok: false, error: 'Please upload a file in a valid format.', status: 415 }, filename);
    }
  });

  it('refuses names and declared types outside the allowed list even when the content is an image', () => {
    for (const filename of ['a.gif', 'a.html', 'a.png.exe', 'a.svgz', 'a.PHP']) {
      assert.deepEqual(checkImageUpload({ bytes: PNG, filename }), { ok: false, error: 'Please upload a file in a valid format.', status: 415 }, filename);
    }
    for (const declaredType of ['text/html', 'image/gif', 'application/xml', 'text/xml']) {
      assert.equal(checkImageUpload({ bytes: PNG, filename: 'a.png', declaredType }).ok, false, declaredType);
    }
  });

  it('refuses files over the limit with the spec message', () => {
    const big = new Uint8Array(DEFAULT_IMAGE_SIZE_LIMIT + 1);
    big.set(PNG);
    assert.deepEqual(checkImageUpload({ bytes: big, filename: 'big.png' }), { ok: false, error: 'The image size cannot exceed 5 MB.', status: 413 });
    const exact = new Uint8Array(DEFAULT_IMAGE_SIZE_LIMIT);
    exact.set(PNG);
    accepted(checkImageUpload({ bytes: exact, filename: 'exact.png' }));
  });

  it('names the configured limit in the size message', () => {
    const bytes = new Uint8Array(3 * 1_048_576);
    bytes.set(PNG);
    assert.deepEqual(checkImageUpload({ bytes, filename: 'a.png', limit: 2 * 1_048_576 }), { ok: false, error: 'The image size cannot exceed 2 MB.', status: 413 });
    assert.equal(imageSizeMessage(5_242_880), 'The image size cannot exceed 5 MB.');
    assert.equal(imageSizeMessage(1_572_864), 'The image size cannot exceed 1.5 MB.');
    assert.equal(imageSizeMessage(10 * 1_048_576), 'The image size cannot exceed 10 MB.');
  });

  it('checks the size before the format', () => {
    const result = checkImageUpload({ bytes: new Uint8Array(1_048_577), filename: 'a.exe', limit: 1_048_576 });
    assert.deepEqual(result, { ok: false, error: 'The image size cannot exceed 1 MB.', status: 413 });
  });

  it('agrees with sniffImageType on every kind of content', () => {
    const samples = [PNG, JPEG, WEBP, utf8(SVG), concat(PNG, utf8(SVG)), utf8('<html><svg/></html>'), utf8('<?xml version="1.0"?><svg/>'), utf8('<svg'), utf8('plain'), new Uint8Array([0xff, 0xd8])];
    for (const bytes of samples) {
      const result = checkImageUpload({ bytes });
      assert.equal(result.ok ? result.type : null, sniffImageType(bytes));
    }
  });

  it('stores SVG uploads sanitised', () => {
    const result = accepted(checkImageUpload({ bytes: utf8('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><rect width="1" height="1"/></svg>'), filename: 'x.svg' }));
    assert.equal(new TextDecoder().decode(result.bytes), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
  });
});

describe('polyglot files', () => {
  const html = utf8('<html><body><script>alert(document.cookie)</script><svg onload=alert(1)></svg></body></html>');

  it('a PNG header with HTML after it is accepted only as PNG and served as PNG, never sniffed', () => {
    const bytes = concat(PNG, html);
    for (const filename of ['x.png', 'x.svg', 'x.jpg', undefined]) {
      const result = accepted(checkImageUpload({ bytes, filename }));
      assert.deepEqual([result.type, result.contentType, result.extension], ['png', 'image/png', 'png']);
      assert.equal(result.bytes, bytes);
      assert.deepEqual(imageResponseHeaders(result.type), { 'Content-Type': 'image/png', 'X-Content-Type-Options': 'nosniff' });
    }
  });

  it('a JPEG header with SVG markup after it is a JPEG, not an SVG', () => {
    assert.equal(sniffImageType(concat(JPEG, utf8(SVG))), 'jpeg');
  });

  it('HTML with an SVG inside is not an SVG', () => {
    assert.equal(checkImageUpload({ bytes: html, filename: 'x.svg', declaredType: 'image/svg+xml' }).ok, false);
  });
});

/** Every element and attribute the sanitiser keeps must be inert: no script, handler or outside address. */
function assertInert(svg: string, name: string): void {
  const root = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement as unknown as Element;
  assert.equal(root.tagName, 'svg', name);
  const elements = [root, ...(Array.from(root.querySelectorAll('*')) as Element[])];
  for (const el of elements) {
    assert.doesNotMatch(el.tagName, /^(script|foreignObject|iframe|object|embed|animate|set|animateMotion|animateTransform|a|handler|listener)$|:/i, `${name}: <${el.tagName}>`);
    for (const attr of Array.from(el.attributes)) {
      assert.doesNotMatch(attr.name, /^on|:/i, `${name}: ${attr.name}`);
      if (attr.name === 'href') assert.match(attr.value, /^#|^data:image\/(png|jpeg|gif|webp);base64,/, `${name}: href ${attr.value}`);
      assert.doesNotMatch(attr.value, /javascript:|vbscript:|url\((?!#)|@import|expression\(/i, `${name}: ${attr.name}=${attr.value}`);
    }
  }
  assert.doesNotMatch(svg, /javascript:|<script|foreignObject|@import|https?:\/\/(?!www\.w3\.org\/2000\/svg")/i, name);
  assert.equal(sanitiseSvg(svg), svg, `${name}: sanitising again changes nothing`);
}

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">';

const HOSTILE_SVGS: Array<[string, string]> = [
  ['script element', `${SVG_OPEN}<script>alert(1)</script><script type="text/ecmascript"><![CDATA[ if (1 < 2) alert(2) ]]></script><circle r="5"/></svg>`],
  ['script with an href', `${SVG_OPEN}<script href="https://evil.test/x.js"/><script xlink:href="data:text/javascript,alert(1)"/></svg>`],
  ['event handlers', `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect onclick="alert(1)" onmouseover="alert(1)" ONLOAD="alert(1)" width="5"/><g onfocusin="alert(1)"/></svg>`],
  ['foreignObject with HTML', `${SVG_OPEN}<foreignObject width="100" height="100"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"></iframe><img src="x" onerror="alert(1)"/></body></foreignObject></svg>`],
  ['javascript: links', `${SVG_OPEN}<a href="javascript:alert(1)"><text>click</text></a><a xlink:href="jav&#x09;ascript:alert(1)"><rect width="1"/></a></svg>`],
  ['animation rewriting href', `${SVG_OPEN}<a><animate attributeName="href" values="javascript:alert(1)"/><set attributeName="xlink:href" to="javascript:alert(1)"/><text>t</text></a><animateTransform attributeName="transform"/></svg>`],
  ['external references', `${SVG_OPEN}<use href="https://evil.test/sprite.svg#icon"/><use xlink:href="//evil.test/s.svg#i"/><image href="https://evil.test/track.png"/><image xlink:href="/local.png"/><feImage href="http://evil.test/x"/><use href="#ok"/></svg>`],
  ['data: images other than rasters', `${SVG_OPEN}<image href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/><image href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"/><image href="data:image/png;base64,iVBORw0KGgo="/></svg>`],
  ['style element imports and scripts', `${SVG_OPEN}<style>@import url("https://evil.test/x.css");</style><style>rect { fill: url(javascript:alert(1)) }</style><style>@im\\port 'x'</style><style>circle { fill: url(https://evil.test/p.svg#p) }</style><style>rect { fill: red }</style></svg>`],
  ['style attributes', `${SVG_OPEN}<rect style="fill: url(javascript:alert(1))"/><rect style="behavior: url(x.htc)"/><rect style="background: image-set('https://evil.test/a.png' 1x)"/><rect style="fill: url(#grad); stroke: blue"/></svg>`],
  ['presentation attributes pointing outside', `${SVG_OPEN}<rect fill="url(https://evil.test/p.svg#x)" filter="url(data:image/svg+xml,x)" mask="url(#m)"/></svg>`],
  ['namespaced script and xhtml', `${SVG_OPEN}<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script><html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(1)</html:script><svg:g xmlns:svg="http://www.w3.org/2000/svg"/></svg>`],
  ['nested svg with handlers', `${SVG_OPEN}<svg onload="alert(1)"><svg><script>alert(1)</script><g><circle r="1" onmouseover="alert(1)"/></g></svg></svg></svg>`],
  ['xhtml default namespace on the root', `<svg xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script><rect width="1"/></svg>`],
  ['processing instructions and entities', `<?xml-stylesheet href="https://evil.test/x.xsl" type="text/xsl"?><!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>`],
  ['iframe, object and embed', `${SVG_OPEN}<iframe src="https://evil.test"/><object data="x.swf"/><embed src="x"/><handler type="application/ecmascript">alert(1)</handler><listener event="load" handler="#h"/></svg>`],
  ['attribute injection in values', `${SVG_OPEN}<rect id="a&quot; onload=&quot;alert(1)" class="x&gt;&lt;script&gt;alert(1)&lt;/script&gt;" width="1"/></svg>`],
];

describe('sanitiseSvg', () => {
  for (const [name, svg] of HOSTILE_SVGS) {
    it(`${name} comes out inert`, () => {
      assertInert(sanitiseSvg(svg), name);
    });
  }

  it('keeps the drawing: shapes, gradients, filters, local references, text and safe style', () => {
    const drawing =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="1600" height="900">' +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3f76ff"/><stop offset="1" stop-color="#0d101b" stop-opacity="0.8"/></linearGradient>' +
      '<filter id="b"><feGaussianBlur stdDeviation="40"/></filter><path id="p" d="M0 0L10 10"/></defs>' +
      '<style>.a { fill: url(#g) } rect &gt; g { opacity: 0.5 }</style>' +
      '<rect width="1600" height="900" fill="url(#g)"/><circle cx="400" cy="300" r="200" fill="#fff" filter="url(#b)" style="mix-blend-mode: overlay"/>' +
      '<use href="#p" transform="translate(10 10)"/><image href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10"/>' +
      '<text x="10" y="20" font-family="sans-serif">Hello &amp; welcome</text></svg>';
    assert.equal(sanitiseSvg(drawing), drawing);
  });

  it('writes xlink:href as href and adds the SVG namespace', () => {
    assert.equal(
      sanitiseSvg('<svg xmlns:xlink="http://www.w3.org/1999/xlink"><defs><circle id="c" r="1"/></defs><use xlink:href="#c"/></svg>'),
      '<svg xmlns="http://www.w3.org/2000/svg"><defs><circle id="c" r="1"/></defs><use href="#c"/></svg>',
    );
  });

  it('keeps the content of links and drops the link', () => {
    assert.equal(sanitiseSvg('<svg><a href="https://example.com"><rect width="1"/></a></svg>'), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>');
  });

  it('throws a RangeError for text that is not an SVG document or nests too deep', () => {
    assert.throws(() => sanitiseSvg('<html><svg/></html>'), RangeError);
    assert.throws(() => sanitiseSvg(`<svg>${'<g>'.repeat(300)}${'</g>'.repeat(300)}</svg>`), RangeError);
  });
});

describe('response headers', () => {
  it('serves SVG sandboxed, without sniffing', () => {
    assert.deepEqual(svgResponseHeaders(), {
      'Content-Type': 'image/svg+xml',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      'X-Content-Type-Options': 'nosniff',
    });
    assert.deepEqual(imageResponseHeaders('svg'), svgResponseHeaders());
    assert.deepEqual(imageResponseHeaders('jpeg'), { 'Content-Type': 'image/jpeg', 'X-Content-Type-Options': 'nosniff' });
  });

  it('lets browsers keep immutable files for a year, privately unless shared', () => {
    const headers = cacheHeadersFor('ws-1/abc.png');
    assert.equal(headers['Cache-Control'], 'private, max-age=31536000, immutable');
    assert.match(headers.ETag, /^"[A-Za-z0-9_-]{27}"$/);
    assert.equal(cacheHeadersFor('ws-1/abc.png').ETag, headers.ETag);
    assert.notEqual(cacheHeadersFor('ws-1/abd.png').ETag, headers.ETag);
    assert.equal(cacheHeadersFor('covers/a.svg', { shared: true })['Cache-Control'], 'public, max-age=31536000, immutable');
  });
});
