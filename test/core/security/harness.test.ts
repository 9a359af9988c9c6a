import { expect } from '@open-wc/testing';
import { parseHTML, serializeHTML } from '../../../src/core/index.js';
import { CORPUS } from './corpus.js';
import { findUnsafe, inertFragment, isDangerousUrl } from './inspect.js';
import { blockImageLoads, createStage, installTrap, settle, type Trap } from './live.js';

/**
 * The security harness proves it can fail: raw payloads do fire the trap, the
 * inspector reports every kind of problem, and every corpus payload is hostile
 * before the editor touches it.
 */
describe('security harness', function () {
  this.timeout(30_000);
  const stage = createStage();
  let trap: Trap;

  before(() => {
    blockImageLoads();
    trap = installTrap();
  });

  after(() => {
    trap.restore();
  });

  afterEach(() => {
    stage.clear();
  });

  describe('the trap', () => {
    it('counts each payload that runs when markup is put on the page raw', async () => {
      const before = trap.fired;
      const container = stage.mountHTML(
        '<img src="data:," onerror="alert(1)"><img src="/raw-payload.png" onerror="prompt(1)">' +
          '<details open ontoggle="confirm(1)"><summary>s</summary></details>' +
          '<svg><animate onbegin="__xss()" attributeName="x" dur="1s"></animate></svg><style onload="alert(1)"></style>',
      );
      await settle(container);
      expect(trap.fired - before).to.equal(5);
    });

    it('stays at zero for the same markup once the editor has parsed it', async () => {
      const before = trap.fired;
      const raw =
        '<img src="data:," onerror="alert(1)"><details open ontoggle="confirm(1)"><summary>s</summary></details>' +
        '<svg><animate onbegin="__xss()" attributeName="x" dur="1s"></animate></svg><style onload="alert(1)"></style>';
      const container = stage.mountHTML(serializeHTML(parseHTML(raw)));
      await settle(container);
      expect(trap.fired - before).to.equal(0);
    });

    it('puts the page functions back when restored', () => {
      const own = installTrap();
      const replaced = window.alert;
      own.restore();
      expect(window.alert).to.not.equal(replaced);
      expect(typeof window.__xss).to.equal('function');
    });
  });

  describe('images', () => {
    it('are kept off the network but still fire their error event', async () => {
      const container = stage.mountHTML('<img src="/never-requested.png">');
      const img = container.querySelector('img')!;
      const violation = new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true }),
      );
      await settle(container);
      expect(await violation).to.equal('img-src');
      expect(img.complete && img.naturalWidth === 0).to.equal(true);
    });
  });

  describe('the inspector', () => {
    const cases: Array<[string, string]> = [
      ['<p onclick="x()">a</p>', 'event handler onclick'],
      ['<a href="jav&#x09;ascript:x()">a</a>', 'dangerous URL href'],
      ['<a href=" &#14; javascript:x()">a</a>', 'dangerous URL href'],
      ['<img src="data:image/svg+xml,x">', 'dangerous URL src'],
      ['<button formaction="VBScript:x">b</button>', 'dangerous URL formaction'],
      ['<svg><a xlink:href="javascript:x()">a</a></svg>', 'dangerous URL xlink:href'],
      ['<span data-type="mention" data-redirect-uri="javascript:x()">@a</span>', 'dangerous URL data-redirect-uri'],
      ['<td style="background: url(javascript:x())">c</td>', 'style declaration'],
      ['<img style="width: expression(x())">', 'style declaration'],
      ['<td style="background-color: red">c</td>', 'style declaration'],
      ['<p class="x" title="t">a</p>', 'attribute the schema never writes: title'],
      ['<marquee>m</marquee>', 'not one the schema writes'],
    ];
    for (const [html, expected] of cases) {
      it(`reports ${expected} in ${html}`, () => {
        const problems = findUnsafe(inertFragment(html), { strict: true });
        expect(problems.join('\n')).to.contain(expected);
      });
    }

    for (const tag of ['script', 'iframe', 'object', 'embed', 'style', 'base', 'meta', 'form', 'template', 'noscript']) {
      it(`reports a <${tag}> element`, () => {
        const fragment = document.createDocumentFragment();
        fragment.append(document.createElement(tag));
        expect(findUnsafe(fragment)).to.deep.equal([`forbidden element <${tag}>`]);
      });
    }

    it('looks inside template contents', () => {
      expect(findUnsafe(inertFragment('<template><p onclick="x()">a</p></template>')).join('\n')).to.contain('onclick');
    });

    it('passes everything the schema writes', () => {
      const doc = parseHTML(
        '<h1>h</h1><p><a href="https://example.test/" class="c">l</a><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code><br>' +
          '<span data-type="mention" data-id="1" data-label="bob" data-redirect-uri="/u/bob">@bob</span></p>' +
          '<blockquote><p>q</p></blockquote><hr><pre data-language="ts"><code>x</code></pre><ol start="3"><li><p>o</p></li></ol>' +
          '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><div><p>t</p></div></li></ul>' +
          '<table><tr data-background="#d6e4fc"><th><p>h</p></th><td colspan="2" data-colwidth="100,120" data-background="#fde3cf" data-text-color="#b4541a"><p>c</p></td></tr></table>' +
          '<img src="https://example.test/a.png" width="320px" height="200px"><img src="/b.png">',
      );
      const html = serializeHTML(doc);
      expect(html).to.contain('style=');
      expect(findUnsafe(inertFragment(html), { strict: true })).to.deep.equal([]);
    });

    it('judges URLs the way the browser parses them', () => {
      expect(isDangerousUrl('\u0001java\nscript:x')).to.equal(true);
      expect(isDangerousUrl('DATA:text/html,x')).to.equal(true);
      expect(isDangerousUrl('https://example.test/javascript:x')).to.equal(false);
      expect(isDangerousUrl('\u00a0javascript:x')).to.equal(false);
    });
  });

  describe('the corpus', () => {
    for (const entry of CORPUS.filter((e) => e.html !== undefined)) {
      const problems = () => findUnsafe(inertFragment(entry.html!), { strict: true });
      if (entry.inertRaw) {
        it(`"${entry.name}" is inert raw, as noted: ${entry.inertRaw}`, () => {
          expect(problems()).to.deep.equal([]);
        });
      } else {
        it(`"${entry.name}" is hostile raw`, () => {
          expect(problems()).to.not.deep.equal([]);
        });
      }
    }
  });
});
