import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { schema } from '../../src/core/schema/index.js';
import { parseHTML } from '../../src/core/serialize/html.js';
import { createServerDomEnvironment, parseInertDocument, simpleMatcher } from '../../src/server/rich-text/server-dom.js';

const markup = [
  '<p id="a">x</p>',
  '<P id="b">upper</P>',
  '<ul data-type="taskList" id="c"><li data-type="taskItem" id="d">t</li><li id="e">l</li></ul>',
  '<ul data-type="tasklist" id="f"></ul>',
  '<img src="/a.png" id="g"><img id="h">',
  '<span data-type="mention" id="i">@x</span><span id="j">s</span>',
  '<a href="/x" id="k">l</a><a id="l">n</a>',
  '<h1 id="m">h</h1><strong id="n">b</strong><b id="o">b</b>',
].join('');

function elements(): Element[] {
  return [...parseInertDocument(markup).body.querySelectorAll('[id]')];
}

describe('server DOM selector matching', () => {
  test('each of the schema\'s parse-rule selectors is a simple one, answered as linkedom answers', () => {
    const selectors = new Set<string>();
    for (const type of [...Object.values(schema.nodes), ...Object.values(schema.marks)]) {
      for (const rule of type.spec.parseDOM ?? []) if ('tag' in rule && rule.tag) selectors.add(rule.tag);
    }
    assert.ok(selectors.size > 20);
    for (const selector of selectors) {
      const matcher = simpleMatcher(selector);
      assert.ok(matcher, selector);
      // querySelectorAll compiles the selector with linkedom's own engine (css-select), not element.matches.
      const expected = new Set([...parseInertDocument(markup).body.querySelectorAll(selector)].map((el) => el.id));
      for (const element of elements()) assert.equal(matcher(element), expected.has(element.id), `${selector} on #${element.id}`);
    }
  });

  test('simple selectors are tested by tag, attribute presence and data- attribute value', () => {
    const byId = new Map(elements().map((el) => [el.id, el]));
    const matching = (selector: string) => [...byId.values()].filter((el) => simpleMatcher(selector)!(el)).map((el) => el.id);
    assert.deepEqual(matching('p'), ['a', 'b']);
    assert.deepEqual(matching('ul[data-type="taskList"]'), ['c']);
    assert.deepEqual(matching('img[src]'), ['g']);
    assert.deepEqual(matching('span[data-type="mention"]'), ['i']);
    assert.deepEqual(matching('li'), ['d', 'e']);
  });

  test('other selectors are left to linkedom, and element.matches still answers them', () => {
    for (const selector of ['p.x', 'div > p', 'input[type="checkbox"]', 'a[href^="http"]', 'h1, h2', '*', 'P', '[data-type="mention"]']) {
      assert.equal(simpleMatcher(selector), null, selector);
    }
    const body = parseInertDocument('<div><p class="x">a</p></div><input type="CHECKBOX">').body;
    assert.equal(body.querySelector('p')!.matches('div > p.x'), true);
    assert.equal(body.querySelector('p')!.matches('p:not(.x)'), false);
    assert.equal(body.querySelector('input')!.matches('input[type="checkbox"]'), true);
    assert.equal(body.querySelector('p')!.matches('p'), true);
    assert.equal(body.querySelector('div')!.matches('p'), false);
  });
});

describe('server DOM inline styles', () => {
  test('an element without a style attribute reads an empty style, and a write goes through as in a browser', () => {
    const body = parseInertDocument('<p>x</p><h2>y</h2><b>z</b>').body;
    const p = body.querySelector('p') as HTMLElement;
    assert.equal(p.style.length, 0);
    assert.equal(p.style.whiteSpace, '');
    assert.equal(p.style.getPropertyValue('font-weight'), '');
    assert.equal(p.getAttribute('style'), null);
    p.style.color = 'red';
    assert.equal(p.style.color, 'red');
    assert.match(p.getAttribute('style') ?? '', /color:\s*red/);
    const heading = body.querySelector('h2') as HTMLElement;
    heading.style.setProperty('font-weight', '400');
    assert.equal(heading.style.fontWeight, '400');
    // Removing from an empty style changes nothing, as paste cleaning does to every heading.
    const bold = body.querySelector('b') as HTMLElement;
    bold.style.removeProperty('font-weight');
    assert.equal(bold.style.length, 0);
  });

  test('an element with a style attribute reads it, also after the attribute changes', () => {
    const body = parseInertDocument('<p style="white-space: pre; font-weight: 700">x</p><b>y</b>').body;
    const p = body.querySelector('p') as HTMLElement;
    assert.equal(p.style.whiteSpace, 'pre');
    assert.equal(p.style.getPropertyValue('font-weight'), '700');
    const b = body.querySelector('b') as HTMLElement;
    b.setAttribute('style', 'font-weight: normal');
    assert.equal(b.style.fontWeight, 'normal');
    b.removeAttribute('style');
    assert.equal(b.style.fontWeight, '');
  });

  test('parse rules still read styles on the server: style marks, Google Docs\' normal <b>, cell colours, image sizes', () => {
    const env = createServerDomEnvironment();
    const json = (html: string) => JSON.stringify(parseHTML(html, env).toJSON());
    assert.match(json('<p><span style="font-weight: bold">a</span> <span style="font-style: italic">b</span></p>'), /"bold".*"italic"/);
    assert.doesNotMatch(json('<b style="font-weight:normal"><p>plain</p></b>'), /bold/);
    assert.match(json('<p><b>bold</b></p>'), /bold/);
    assert.match(json('<table><tr><td style="background-color: #ff0000; color: #00ff00">c</td></tr></table>'), /"background":"#ff0000".*"textColor":"#00ff00"/);
    assert.match(json('<p><img src="/a.png" style="width: 120px; height: 80px"></p>'), /"width":"120px","height":"80px"/);
  });
});
