/**
 * Payloads from the OWASP XSS Filter Evasion Cheat Sheet
 * (cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html), with
 * their calls pointed at the harness trap; iframe payloads call `parent.alert`, so a
 * payload that ran would be counted instead of opening a real dialog.
 */
import type { CorpusEntry } from './corpus.js';

const OWASP = 'OWASP XSS Filter Evasion Cheat Sheet';

/** `javascript:` spelled out with one character reference per letter, in the given style. */
function encoded(text: string, style: (code: number) => string): string {
  return Array.from(text, (c) => style(c.charCodeAt(0))).join('');
}

const JS_ALERT = "javascript:alert('XSS')";

/** Why whole-document payloads do nothing inside a container's `innerHTML`. */
const INERT_CONTEXT = 'body and frameset tags are ignored inside a container, so their attributes never apply';

/** The OWASP entries. */
export const OWASP_CORPUS: CorpusEntry[] = [
  { name: 'script element', source: OWASP, html: "<SCRIPT>alert('XSS')</SCRIPT><p>after</p>" },
  { name: 'img src javascript:', source: OWASP, html: `<IMG SRC="${JS_ALERT};">` },
  { name: 'mixed-case scheme', source: OWASP, html: "<p><a href=\"JaVaScRiPt:alert('XSS')\">x</a><IMG SRC=JaVaScRiPt:alert('XSS')></p>" },
  { name: 'grave accents', source: OWASP, html: '<p><a href=`javascript:alert("RSnake says, \'XSS\'")`>x</a></p>' },
  { name: 'malformed a with onmouseover', source: OWASP, html: '<p><a onmouseover="alert(document.cookie)">xxs link</a></p>' },
  { name: 'malformed img quotes', source: OWASP, html: '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>' },
  { name: 'fromCharCode', source: OWASP, html: '<p><a href="javascript:alert(String.fromCharCode(88,83,83))">x</a></p>' },
  {
    name: 'default src with handlers',
    source: OWASP,
    html: "<IMG SRC=# onmouseover=\"alert('xxs')\"><IMG SRC= onmouseover=\"alert('xxs')\"><IMG SRC=/ onerror=\"alert(String.fromCharCode(88,83,83))\"></img>",
  },
  { name: 'decimal character references', source: OWASP, html: `<p><a href="${encoded(JS_ALERT, (n) => `&#${n};`)}">x</a></p>` },
  {
    name: 'decimal references without semicolons, zero padded',
    source: OWASP,
    html: `<p><a href=${encoded(JS_ALERT, (n) => `&#${String(n).padStart(7, '0')}`)}>x</a></p>`,
  },
  { name: 'hex references without semicolons', source: OWASP, html: `<p><a href=${encoded(JS_ALERT, (n) => `&#x${n.toString(16).toUpperCase()}`)}>x</a></p>` },
  { name: 'tab inside the scheme', source: OWASP, html: "<p><a href=\"jav\tascript:alert('XSS');\">x</a></p>" },
  { name: 'encoded tab inside the scheme', source: OWASP, html: "<p><a href=\"jav&#x09;ascript:alert('XSS');\">x</a></p>" },
  { name: 'encoded newline inside the scheme', source: OWASP, html: "<p><a href=\"jav&#x0A;ascript:alert('XSS');\">x</a></p>" },
  { name: 'encoded carriage return inside the scheme', source: OWASP, html: "<p><a href=\"jav&#x0D;ascript:alert('XSS');\">x</a></p>" },
  {
    name: 'NUL inside the scheme',
    source: OWASP,
    html: "<p><a href=\"java\u0000script:alert('XSS')\">x</a></p>",
    inertRaw: 'the HTML parser turns NUL in attribute values into U+FFFD, which breaks the scheme',
  },
  { name: 'spaces and control characters before the scheme', source: OWASP, html: "<p><a href=\" &#14;  javascript:alert('XSS');\">x</a></p>" },
  { name: 'non-alphanumeric handler name', inertRaw: INERT_CONTEXT, source: OWASP, html: '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")><p>x</p>' },
  { name: 'extraneous open brackets', source: OWASP, html: '<<SCRIPT>alert("XSS");//\\<</SCRIPT>' },
  { name: 'end title tag', source: OWASP, html: '</TITLE><SCRIPT>alert("XSS");</SCRIPT>' },
  { name: 'input type=image', source: OWASP, html: `<INPUT TYPE="IMAGE" SRC="${JS_ALERT};">` },
  { name: 'body background', inertRaw: INERT_CONTEXT, source: OWASP, html: `<BODY BACKGROUND="${JS_ALERT}"><p>x</p>` },
  { name: 'img dynsrc and lowsrc', source: OWASP, html: `<IMG DYNSRC="${JS_ALERT}"><IMG LOWSRC="${JS_ALERT}">` },
  { name: 'list-style-image in a style element', source: OWASP, html: `<STYLE>li {list-style-image: url("${JS_ALERT}");}</STYLE><UL><LI>XSS</br></UL>` },
  { name: 'vbscript: in img and a', source: OWASP, html: '<IMG SRC=\'vbscript:alert("XSS")\'><p><a href="vbscript:alert(1)">x</a></p>' },
  { name: 'svg onload', source: OWASP, html: "<svg/onload=alert('XSS')>" },
  { name: 'meta refresh to javascript:', source: OWASP, html: `<META HTTP-EQUIV="refresh" CONTENT="0;url=${JS_ALERT};"><p>x</p>` },
  {
    name: 'meta refresh to data:text/html',
    source: OWASP,
    html: '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html;base64,PHNjcmlwdD5wYXJlbnQuYWxlcnQoMSk8L3NjcmlwdD4="><p>x</p>',
  },
  { name: 'iframe javascript: src', source: OWASP, html: '<IFRAME SRC="javascript:parent.alert(\'XSS\');"></IFRAME>' },
  { name: 'iframe event handler', source: OWASP, html: '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>' },
  { name: 'frameset', inertRaw: INERT_CONTEXT, source: OWASP, html: '<FRAMESET><FRAME SRC="javascript:parent.alert(\'XSS\');"></FRAMESET>' },
  {
    name: 'table and td background',
    source: OWASP,
    html: `<TABLE BACKGROUND="${JS_ALERT}"><TR><TD BACKGROUND="${JS_ALERT}">x</TD></TR></TABLE>`,
  },
  { name: 'div background-image url(javascript:)', source: OWASP, html: `<DIV STYLE="background-image: url(${JS_ALERT})">x</DIV>` },
  { name: 'div width expression()', source: OWASP, html: "<DIV STYLE=\"width: expression(alert('XSS'));\">x</DIV>" },
  { name: 'img style expression split by a comment', source: OWASP, html: "<IMG STYLE=\"xss:expr/*XSS*/ession(alert('XSS'))\">" },
  { name: 'base href', source: OWASP, html: `<BASE HREF="${JS_ALERT};//"><p><a href="/x">x</a></p>` },
  { name: 'object scriptlet', source: OWASP, html: `<OBJECT TYPE="text/x-scriptlet" DATA="${JS_ALERT}"></OBJECT>` },
  {
    name: 'embed base64 svg',
    source: OWASP,
    html:
      '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0icGFyZW50LmFsZXJ0KDEpIj48c2NyaXB0PnBhcmVudC5hbGVydCgxKTwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  },
  { name: 'link stylesheet javascript:', source: OWASP, html: `<LINK REL="stylesheet" HREF="${JS_ALERT};"><p>x</p>` },
  { name: 'style @import javascript:', source: OWASP, html: '<STYLE>@import\'javascript:alert("XSS")\';</STYLE><p>x</p>' },
  { name: 'downlevel-hidden conditional comment', inertRaw: 'only Internet Explorer ran conditional comments', source: OWASP, html: "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]--><p>x</p>" },
  { name: 'half-open img', inertRaw: 'the HTML parser drops a tag left open at the end of input', source: OWASP, html: `<IMG SRC="${JS_ALERT}"` },
  { name: 'link to data:text/html', source: OWASP, html: '<p><a href="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuYWxlcnQoMSk8L3NjcmlwdD4=">x</a></p>' },
];
