import { expect } from 'chai';
import {
  cleanLinkHref, imagePath, isValidLinkUrl, LINK_PROTOCOLS, safeColor, safeImageSrc, safeLanguage, safeLinkHref, safeRedirect, TABLE_COLORS,
} from '../../src/core/url.js';
import { linkHrefFromInput } from '../../src/core/url-input.js';

/** `javascript:` as attackers write it: case, whitespace and invisible characters that browsers ignore. */
const JAVASCRIPT_DISGUISES = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u0001javascript:alert(1)',
  '\u200bjavascript:alert(1)',
  '\ufeffjavascript:alert(1)',
  '\u00a0javascript:alert(1)',
  'javascript://example.com/%0Aalert(1)',
  'javascript:alert(1)//https://example.com',
  'jav&#x09;ascript:alert(1)',
  '&#106;avascript:alert(1)',
];

const OTHER_BAD_SCHEMES = [
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:image/png;base64,iVBORw0KGgo=',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/x',
  'mailto:someone@example.com',
  'about:blank',
];

describe('url safety', () => {
  it('link protocols are http and https', () => {
    expect(LINK_PROTOCOLS).to.deep.equal(['http:', 'https:']);
  });

  describe('safeLinkHref', () => {
    it('accepts absolute http and https URLs as given', () => {
      for (const url of ['https://example.com', 'http://example.com/a?b=1#c', 'https://sub.example.org:8443/path', 'HTTPS://EXAMPLE.COM/X', 'https://例え.jp/パス']) {
        expect(safeLinkHref(url), url).to.equal(url);
      }
    });

    it("gives every address the URL parser's verdict, plain ones included (which are judged without it)", () => {
      // The parser's verdict: an http(s) URL with a host (no space in it), kept as a browser reads it.
      const parsed = (value: string) => {
        try {
          const url = new URL(value);
          return LINK_PROTOCOLS.includes(url.protocol) && !!url.hostname && !/\s|%20/.test(url.hostname);
        } catch {
          return false;
        }
      };
      const asRead = (value: string) => value.replace(/^[^?#]*/, (part) => part.replaceAll('\\', '/'));
      const schemes = ['http://', 'https://', 'HTTPS://', 'ftp://', 'http:/', 'http:'];
      // Hosts a plain-address check could misjudge: IPv4 forms, punycode, hyphens, dots, users, ports, spaces.
      const hosts = ['example.com', 'Example.COM', 'a-b.c-d.org', 'a--b.com', 'xn--a.com', 'xn--nxasmq6b.com', '-a.com', 'a-.com', '1.2.3.4', '1.2.3.999', '999999999999', 'example.123', 'example.0x1f', '0x7f.1', 'localhost', 'a..b', 'example.com.', '.example.com', 'user@example.com', 'example.com:8080', 'example.com:99999', '[::1]', 'exa mple.com', 'exa%20mple.com', 'ex_ample.com', 'exämple.com', ''];
      const rests = ['', '/', '/a/b?c=d#e', '?q', '#f', '/\\evil', '\\evil', '/a b', '/%zz', '/ü', ':80/x', '@other.com', '.', '..'];
      for (const scheme of schemes) for (const host of hosts) for (const rest of rests) {
        const value = scheme + host + rest;
        expect(safeLinkHref(value), value).to.equal(parsed(value) ? asRead(value) : null);
        expect(safeImageSrc(value), value).to.equal(parsed(value) ? asRead(value) : null);
      }
    });

    it('trims surrounding whitespace', () => {
      expect(safeLinkHref('  https://example.com/a \n')).to.equal('https://example.com/a');
    });

    it('trims each blank or invisible character at either end, drops tabs and line breaks anywhere, and refuses other controls inside', () => {
      const address = 'https://example.com/a';
      const trimmed = ['\u0000', '\u0001', '\u001f', ' ', '\u00a0', '\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2028', '\u2029', '\u2060', '\ufeff'];
      for (const c of trimmed) {
        expect(safeLinkHref(c + address), `${JSON.stringify(c)} before`).to.equal(address);
        expect(safeLinkHref(address + c), `${JSON.stringify(c)} after`).to.equal(address);
      }
      for (const c of ['\t', '\n', '\r']) expect(safeLinkHref(`https://exam${c}ple.com/${c}a`), JSON.stringify(c)).to.equal(address);
      for (const c of ['\u0000', '\u0001', '\u001f', '\u007f']) expect(safeLinkHref(`${address}${c}b`), JSON.stringify(c)).to.equal(null);
      expect(safeLinkHref(`${address}\u007f`), 'DEL at the end').to.equal(null);
    });

    it('refuses javascript: in every disguise', () => {
      for (const url of JAVASCRIPT_DISGUISES) expect(safeLinkHref(url), JSON.stringify(url)).to.equal(null);
    });

    it('refuses data:, vbscript: and every other scheme', () => {
      for (const url of OTHER_BAD_SCHEMES) expect(safeLinkHref(url), url).to.equal(null);
    });

    it('refuses relative, protocol-relative and blob: addresses', () => {
      for (const url of ['/path', 'path/to', 'example.com', '//example.com/x', '#top', '?q=1', 'blob:https://example.com/1']) {
        expect(safeLinkHref(url), url).to.equal(null);
      }
    });

    it('reads a backslash before the query as a slash, as browsers do', () => {
      expect(safeLinkHref('https:\\\\evil.example\\x?q=a\\b#c\\d')).to.equal('https://evil.example/x?q=a\\b#c\\d');
      expect(safeLinkHref('https://good.example\\@evil.example/')).to.equal('https://good.example/@evil.example/');
    });

    it('refuses malformed and hostless URLs', () => {
      for (const url of ['https://', 'http://', 'http://[::1', 'https://:80/x', 'http://%zz/', 'https://a<b.com', 'http://1.2.3.4.5', 'https://example.com:99999']) expect(safeLinkHref(url), url).to.equal(null);
    });

    it('refuses control characters inside the URL', () => {
      expect(safeLinkHref('https://exa\u0001mple.com')).to.equal(null);
      expect(safeLinkHref('https://example.com/\u007f')).to.equal(null);
    });

    it('refuses non-strings, empty strings and URLs over 8192 characters', () => {
      for (const value of [null, undefined, 42, {}, ['https://example.com'], '', '   ']) expect(safeLinkHref(value)).to.equal(null);
      const long = `https://example.com/${'a'.repeat(8192)}`;
      expect(safeLinkHref(long)).to.equal(null);
      expect(safeLinkHref(long.slice(0, 8192))).to.equal(long.slice(0, 8192));
    });
  });

  describe('linkHrefFromInput (what a link field takes)', () => {
    it('gives a bare domain https://', () => {
      const cases: Array<[string, string]> = [
        ['example.com', 'https://example.com'],
        ['  example.com ', 'https://example.com'],
        ['www.example.com', 'https://www.example.com'],
        ['docs.example.co.uk/guide?q=1#top', 'https://docs.example.co.uk/guide?q=1#top'],
        ['example.com:8080/x', 'https://example.com:8080/x'],
        ['例え.jp', 'https://例え.jp'],
        ['xn--r8jz45g.jp', 'https://xn--r8jz45g.jp'],
        ['192.168.0.1/admin', 'https://192.168.0.1/admin'],
      ];
      for (const [typed, href] of cases) expect(linkHrefFromInput(typed), typed).to.equal(href);
    });

    it('keeps http and https URLs as safeLinkHref does', () => {
      for (const url of ['https://example.com', 'http://example.com/a?b=1#c', 'HTTPS://EXAMPLE.COM/X']) expect(linkHrefFromInput(url), url).to.equal(safeLinkHref(url));
    });

    it('still refuses javascript:, data:, vbscript: and every other scheme', () => {
      for (const url of [...JAVASCRIPT_DISGUISES, ...OTHER_BAD_SCHEMES]) expect(linkHrefFromInput(url), JSON.stringify(url)).to.equal(null);
    });

    it('refuses what names no host: words, paths, email addresses, a scheme with a dot', () => {
      const refused = ['', '   ', 'nope', 'not a url', 'example', 'example.c', 'exa mple.com', '/path', './a.html', '//example.com', '#top', '?q=1',
        'me@example.com', 'user:pass@example.com', 'javascript.com:alert(1)', 'example.com:99999', '.example.com', 'example..com', '-example.com', '1.2.3.4.5'];
      for (const value of refused) expect(linkHrefFromInput(value), value).to.equal(null);
      for (const value of [null, undefined, 42, {}]) expect(linkHrefFromInput(value)).to.equal(null);
    });

    it('gives what safeLinkHref keeps, so a stored link is judged the same way', () => {
      for (const typed of ['example.com', 'www.example.com/a\\b', 'example.com:8080']) {
        const href = linkHrefFromInput(typed)!;
        expect(safeLinkHref(href), typed).to.equal(href);
      }
    });
  });

  describe('isValidLinkUrl and cleanLinkHref', () => {
    it('isValidLinkUrl agrees with safeLinkHref', () => {
      expect(isValidLinkUrl('https://example.com')).to.equal(true);
      expect(isValidLinkUrl('example.com')).to.equal(false);
      expect(isValidLinkUrl('javascript:alert(1)')).to.equal(false);
      expect(isValidLinkUrl('')).to.equal(false);
    });

    it('cleanLinkHref keeps a safe URL and empties anything else (spec: rendered with an empty href)', () => {
      expect(cleanLinkHref('https://example.com/x')).to.equal('https://example.com/x');
      for (const url of [...JAVASCRIPT_DISGUISES, ...OTHER_BAD_SCHEMES, '/relative', null]) expect(cleanLinkHref(url), String(url)).to.equal('');
    });

    it('cleaning is idempotent', () => {
      for (const url of ['https://example.com', ' https://example.com ', 'javascript:x', '']) {
        expect(cleanLinkHref(cleanLinkHref(url))).to.equal(cleanLinkHref(url));
      }
    });
  });

  describe('safeImageSrc', () => {
    it('accepts http(s), relative and protocol-relative addresses', () => {
      for (const src of ['https://cdn.example.com/a.png', 'http://example.com/a.png?x=1', '/api/assets/a.png', 'uploads/a.png', './a.png', '../a.png', '//cdn.example.com/a.png']) {
        expect(safeImageSrc(src), src).to.equal(src);
      }
    });

    it('writes a backslash as browsers read it, so /\\host is seen to be another site', () => {
      for (const [src, read] of [
        ['/\\evil.example/x.png', '//evil.example/x.png'],
        ['\\\\evil.example/x.png', '//evil.example/x.png'],
        ['/a\\b.png?x=\\y', '/a/b.png?x=\\y'],
        ['https:\\\\cdn.example.com\\a.png', 'https://cdn.example.com/a.png'],
      ]) {
        expect(safeImageSrc(src), src).to.equal(read);
        expect(new URL(src, 'https://app.example/').href, src).to.equal(new URL(read, 'https://app.example/').href);
      }
    });

    it('accepts blob: URLs of http(s) origins (local previews)', () => {
      expect(safeImageSrc('blob:https://app.example.com/6f0e1c2a-33b1')).to.equal('blob:https://app.example.com/6f0e1c2a-33b1');
      expect(safeImageSrc('BLOB:http://localhost:3000/abc')).to.equal('BLOB:http://localhost:3000/abc');
    });

    it('refuses blob: URLs of other origins', () => {
      for (const src of ['blob:null/abc', 'blob:javascript:alert(1)', 'blob:data:image/png,xx', 'blob:']) expect(safeImageSrc(src), src).to.equal(null);
    });

    it('refuses data:, javascript: and other schemes', () => {
      for (const src of [...JAVASCRIPT_DISGUISES.filter((url) => !url.includes('&#')), ...OTHER_BAD_SCHEMES, 'data:image/png;base64,AAAA']) {
        expect(safeImageSrc(src), JSON.stringify(src)).to.equal(null);
      }
    });

    it('refuses empty and non-string values', () => {
      for (const value of ['', '  ', null, undefined, 1]) expect(safeImageSrc(value)).to.equal(null);
    });
  });

  describe('safeRedirect', () => {
    it('keeps relative paths and http(s) URLs', () => {
      for (const uri of ['/', '/acme/profile/42', 'profile/42', '/a?b=1#c', 'https://example.com/u/1', '//example.com/u/1']) {
        expect(safeRedirect(uri), uri).to.equal(uri);
      }
    });

    it('writes a backslash as browsers read it: /\\host is not a path of this site', () => {
      expect(safeRedirect('/\\evil.example/u/1')).to.equal('//evil.example/u/1');
      expect(safeRedirect('/acme\\profile/42')).to.equal('/acme/profile/42');
    });

    it('falls back to / for anything unsafe or missing', () => {
      for (const uri of [...JAVASCRIPT_DISGUISES.filter((url) => !url.includes('&#')), ...OTHER_BAD_SCHEMES, '', null, undefined, 7]) {
        expect(safeRedirect(uri), JSON.stringify(uri)).to.equal('/');
      }
    });
  });

  describe('imagePath', () => {
    it('gives the path of an absolute address without query or fragment', () => {
      expect(imagePath('https://cdn.example.com/ws/assets/a.png?v=2#x')).to.equal('/ws/assets/a.png');
    });

    it('keeps a root-relative path', () => {
      expect(imagePath('/api/assets/a.png')).to.equal('/api/assets/a.png');
    });

    it('resolves a relative path from the root', () => {
      expect(imagePath('uploads/a.png')).to.equal('/uploads/a.png');
    });
  });

  describe('TABLE_COLORS', () => {
    it('lists the spec palette in order', () => {
      expect(TABLE_COLORS.map((c) => c.name)).to.deep.equal(['Blue', 'Orange', 'Grey', 'Yellow', 'Green', 'Red', 'Pink', 'Purple', 'None']);
    });

    it('every colour is a clean hex value, and None has none', () => {
      for (const color of TABLE_COLORS) {
        if (color.name === 'None') {
          expect(color.background).to.equal(null);
          expect(color.textColor).to.equal(null);
        } else {
          expect(safeColor(color.background)).to.equal(color.background);
          expect(safeColor(color.textColor, 'textColor')).to.equal(color.textColor);
        }
      }
    });
  });

  describe('safeColor', () => {
    it('keeps 3- and 6-digit hex colours, lower-cased and trimmed', () => {
      expect(safeColor('#abc')).to.equal('#abc');
      expect(safeColor('#A1B2C3')).to.equal('#a1b2c3');
      expect(safeColor('  #FFF ')).to.equal('#fff');
    });

    it('turns palette names into their background or text colour', () => {
      expect(safeColor('Blue')).to.equal('#d6e4fc');
      expect(safeColor('blue', 'textColor')).to.equal('#1f4fb4');
      expect(safeColor('PURPLE')).to.equal('#e6dcfb');
      expect(safeColor('None')).to.equal(null);
    });

    it('turns opaque rgb() and rgba() into hex', () => {
      expect(safeColor('rgb(255, 0, 16)')).to.equal('#ff0010');
      expect(safeColor('rgb(1,2,3)')).to.equal('#010203');
      expect(safeColor('rgba(1, 2, 3, 1)')).to.equal('#010203');
    });

    it('refuses translucent or out-of-range rgb()', () => {
      expect(safeColor('rgba(1, 2, 3, 0.5)')).to.equal(null);
      expect(safeColor('rgb(256, 0, 0)')).to.equal(null);
      expect(safeColor('rgb(-1, 0, 0)')).to.equal(null);
    });

    it('refuses everything else, including CSS injection attempts', () => {
      for (const value of ['crimson', 'red;x', 'blue !important', '#ff', '#ffff', '#12345g', '#1234567', 'fff', '#fff; background: url(x)', 'url(javascript:alert(1))', 'expression(alert(1))', 'hsl(0, 0%, 0%)', '', 123, null, {}]) {
        expect(safeColor(value), JSON.stringify(value)).to.equal(null);
      }
    });
  });

  describe('safeLanguage', () => {
    it('keeps plain identifiers, lower-cased', () => {
      for (const [input, output] of [['ts', 'ts'], ['TypeScript', 'typescript'], ['c++', 'c++'], ['c#', 'c#'], ['objective-c', 'objective-c'], ['x.y_z', 'x.y_z'], ['1c', '1c'], [' js ', 'js']]) {
        expect(safeLanguage(input), input).to.equal(output);
      }
    });

    it('keeps up to 32 characters', () => {
      expect(safeLanguage('a'.repeat(32))).to.equal('a'.repeat(32));
      expect(safeLanguage('a'.repeat(33))).to.equal('plaintext');
    });

    it('gives plaintext for anything else', () => {
      for (const value of ['', '"><script>', "js' onload='x", 'a b', '-js', '.js', 'js;', 'ja\nva', null, undefined, 3, {}]) {
        expect(safeLanguage(value), JSON.stringify(value)).to.equal('plaintext');
      }
    });
  });
});
