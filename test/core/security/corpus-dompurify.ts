/**
 * Payloads from DOMPurify's test suite (github.com/cure53/DOMPurify,
 * test/fixtures/expect.mjs): URL obfuscation, mutation XSS (mXSS) and HTML/SVG/MathML
 * namespace confusion. Titles follow the suite's own where it has them.
 */
import type { CorpusEntry } from './corpus.js';

const DOMPURIFY = 'DOMPurify test/fixtures/expect.mjs';

/** The DOMPurify entries. */
export const DOMPURIFY_CORPUS: CorpusEntry[] = [
  {
    name: 'JavaScript URI after a Unicode line separator',
    source: DOMPURIFY,
    html: "123<a href='\u2028javascript:alert(1)'>I am a dolphin!</a>",
    inertRaw: 'URL parsing only trims C0 controls and spaces, so the scheme is not recognised',
  },
  {
    name: 'JavaScript URIs after Unicode whitespace',
    source: DOMPURIFY,
    html: "<p><a href='&#xA0javascript:alert(1)'>A</a><a href='&#x2000;javascript:alert(1)'>B</a><a href='&#x200B;javascript:alert(1)'>C</a><a href='&#x3000;javascript:alert(1)'>D</a></p>",
    inertRaw: 'URL parsing only trims C0 controls and spaces, so the scheme is not recognised',
  },
  { name: 'low-range ASCII inside the scheme', inertRaw: 'URL parsing only strips tab and newline inside a scheme, so U+0003 breaks it', source: DOMPURIFY, html: '<a href="\u0001java\u0003script:alert(1)">@shafigullin<a>' },
  { name: 'link with data URI href', source: DOMPURIFY, html: '<a href=data:text/html,<script>parent.alert(1)</script>>clickme</a>' },
  { name: 'image with JavaScript URI src', source: DOMPURIFY, html: "<img src='javascript:alert(1)'>" },
  { name: 'image with data URI src after whitespace', source: DOMPURIFY, html: '<img src="\r\ndata:image/svg+xml,<svg onload=alert(1)>">' },
  { name: 'mXSS variation II (id/= attribute)', source: DOMPURIFY, html: "<img src=x id/=' onerror=alert(1)//'>" },
  { name: 'textarea and comment enabling img', source: DOMPURIFY, html: '<textarea>@shafigullin</textarea><!--</textarea><img src=x onerror=alert(1)>-->' },
  { name: 'img in noscript terminated inside an attribute', source: DOMPURIFY, html: '<b><noscript><a alt="</noscript><img src=x onerror=alert(1)>"></noscript>' },
  { name: 'img inside nested templates', source: DOMPURIFY, html: '<body><template><s><template><s><img src=x onerror=alert(1)>@shafigullin</s></template></s></template>' },
  { name: 'img inside style inside a broken option', source: DOMPURIFY, html: '\u0001<option><style></option></select><b><img src=x onerror=alert(1)></style></option>' },
  { name: 'iframe inside option', source: DOMPURIFY, html: '<option><iframe></select><b><script>alert(1)</script>' },
  { name: 'img after style (jQuery tag completion)', source: DOMPURIFY, html: '<b><style><style/><img src=x onerror=alert(1)>' },
  { name: 'form with javascript: action and newline', source: DOMPURIFY, html: '<form action="javasc\nript:alert(1)"><button>XXX</button></form>' },
  { name: 'button formaction', source: DOMPURIFY, html: '<div id="1"><form id="foobar"></form><button form="foobar" formaction="javascript:alert(1)">X</button></div>' },
  { name: 'input autofocus onfocus', source: DOMPURIFY, html: '<div id="7"><input onfocus=alert(7) autofocus></div>' },
  { name: 'svg g onload', source: DOMPURIFY, html: '<div id="11"><svg xmlns="http://www.w3.org/2000/svg"><g onload="javascript:alert(11)"></g></svg></div>' },
  { name: 'comment hiding an img', source: DOMPURIFY, html: '<div id="37"><!--<img src="--><img src=x onerror=alert(37)//"></div>' },
  { name: 'style hiding an img', source: DOMPURIFY, html: '<div id="40"><style><img src="</style><img src=x onerror=alert(40)//"></div>' },
  { name: 'li list-style url with onerror', source: DOMPURIFY, html: '<ul><li style=list-style:url() onerror=alert(41)></li></ul>' },
  { name: 'base href javascript: with a relative link', source: DOMPURIFY, html: '<div id="42"><head><base href="javascript://"/></head><body><a href="/. /,alert(42)//#">XXX</a></body></div>' },
  { name: 'svg animate to a javascript: xlink:href', source: DOMPURIFY, html: '<svg><a xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="?"><circle r="400"></circle><animate attributeName="xlink:href" begin="0" from="javascript:alert(137)" to="&" /></a></svg>' },
  { name: 'svg style with img', source: DOMPURIFY, html: '<div id="128"><svg><style><img/src=x onerror=alert(128)// </b></div>' },
  { name: 'MathML href and maction xlink:href', source: DOMPURIFY, html: '<math href="javascript:alert(130)">CLICKME</math><math><maction actiontype="statusline" xlink:href="javascript:alert(3)">CLICKME<mtext>http://http://google.com</mtext></maction></math>' },
  { name: 'mXSS with SVG in Chrome 77 (1/2)', source: DOMPURIFY, html: '<svg></p><textarea><title><style></textarea><img src=x onerror=alert(1)></style></title></svg>' },
  { name: 'mXSS with SVG in Chrome 77 (2/2)', source: DOMPURIFY, html: '<svg></p><title><a id="</title><img src=x onerror=alert()>"></textarea></svg>' },
  { name: 'mXSS with MathML in Chrome 77', source: DOMPURIFY, html: '<math></p><textarea><mi><style></textarea><img src=x onerror=alert(1)></mi></math>' },
  { name: 'mXSS with embedded MathML in SVG', source: DOMPURIFY, html: '<svg></p><math><title><style><img src=x onerror=alert(1)></style></title>' },
  { name: 'attribute-based mXSS (svg foreignobject)', source: DOMPURIFY, html: '<svg><foreignobject><p><style><p title="</style><iframe onload&#x3d;alert(1)<!--"></style>' },
  { name: 'attribute-based mXSS (annotation-xml)', source: DOMPURIFY, html: '<math><annotation-xml encoding="text/html"><p><style><p title="</style><iframe onload&#x3d;alert(1)<!--"></style>' },
  { name: 'nesting-based mXSS (form, mglyph)', source: DOMPURIFY, html: '<form><math><mtext></form><form><mglyph><style><img src=x onerror=alert(1)>' },
  { name: 'nesting-based mXSS (table, math href)', source: DOMPURIFY, html: '<math><mtext><table><mglyph><style><math href=javascript:alert(1)>CLICKME</math>' },
  { name: 'nesting-based mXSS (svg path id)', source: DOMPURIFY, html: '<math><mtext><table><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">' },
  { name: 'HTML inside MathML (h1, a, mglyph)', source: DOMPURIFY, html: '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=\'alert(1)\'>"></style></h1>' },
  { name: 'fake-element namespace confusion', source: DOMPURIFY, html: 'a<svg><xss><desc><noscript>&lt;/noscript>&lt;/desc>&lt;s>&lt/s>&lt;style>&lt;a title="&lt;/style>&lt;img src onerror=alert(1)>">' },
  { name: 'template inside select', source: DOMPURIFY, html: '<select><template><img src=x onerror=alert(1)></template></select>' },
];
