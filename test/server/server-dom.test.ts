import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { schema } from '../../src/core/schema/index.js';
import { parseInertDocument, simpleMatcher } from '../../src/server/rich-text/server-dom.js';

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
