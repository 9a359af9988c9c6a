/**
 * A collaborator's forged update can bring nothing a paste or stored JSON could not: every
 * attribute of every node and mark, in the built-in schema and with the example extensions,
 * set to each hostile value of the security corpus's kinds, is refused unless its cleaner keeps
 * it as it is; and what is kept renders inert. Node names outside the schema are refused.
 */
import { expect } from 'chai';
import type { MarkType, NodeType, Schema } from 'prosemirror-model';
import * as Y from 'yjs';
import { checkUpdate, FRAGMENT } from '../../src/collab/check-update.js';
import { documentToUpdate, sharedDocument } from '../../src/collab/server.js';
import { serializeHTML } from '../../src/core/index.js';
import { parseHTML } from '../../src/core/serialize/html.js';
import { findUnsafe, inertFragment } from '../core/security/inspect.js';
import { SCHEMAS } from '../core/security/schemas.js';

/** Values a forged update might carry in any attribute. */
const HOSTILE: readonly unknown[] = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '//evil.example/x',
  '"><img src=x onerror=alert(1)>',
  'x" onmouseover="alert(1)',
  'expression(alert(1))',
  'url(javascript:alert(1))',
  'red; background: url(https://evil.example/track.png)',
  '\u0000\u001f',
  'a'.repeat(10_000),
  { toString: 'javascript:alert(1)' },
  ['javascript:alert(1)'],
  1e309,
  -1,
  true,
  null,
];

/** A document holding one of every node that can carry attributes, and every mark. */
const SAMPLE =
  '<h2>Title</h2><p>Some <strong>bold</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code> <a href="https://example.com">link</a> ' +
  '<span data-type="mention" data-id="1" data-label="Ann" data-entity-identifier="u1" data-entity-name="user_mention" data-redirect-uri="/u/1">@Ann</span></p>' +
  '<p><img src="https://example.com/a.png" alt="a"></p><pre><code class="language-js">x</code></pre>' +
  '<ul><li><p>one</p></li></ul><ol start="2"><li><p>two</p></li></ol><ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>task</p></li></ul>' +
  '<table><tr><th><p>h</p></th></tr><tr><td><p>c</p></td></tr></table><blockquote><p>q</p></blockquote><hr>' +
  '<aside data-kind="warning"><p>callout</p></aside>';

/** Every element of the shared document, with its node name. */
function elements(fragment: Y.XmlFragment): Y.XmlElement[] {
  const found: Y.XmlElement[] = [];
  const walk = (type: Y.XmlFragment | Y.XmlElement) => {
    for (const child of type.toArray()) {
      if (child instanceof Y.XmlElement) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(fragment);
  return found;
}

/** The update a change to a copy of `base` makes. */
function forged(base: Y.Doc, change: (fragment: Y.XmlFragment) => void): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(base));
  const before = Y.encodeStateVector(copy);
  copy.transact(() => change(copy.getXmlFragment(FRAGMENT)));
  return Y.encodeStateAsUpdate(copy, before);
}

/** Whether the attribute's cleaner keeps `value` exactly (then the update may pass). */
function keeps(type: NodeType | MarkType, key: string, value: unknown): boolean {
  const def = (type.spec as { attrDefs?: Record<string, { clean(v: unknown): unknown; required?: boolean; default: unknown }> }).attrDefs?.[key];
  if (!def) return false;
  return JSON.stringify(def.clean(value)) === JSON.stringify(value) && !(def.required && JSON.stringify(value) === JSON.stringify(def.default));
}

for (const [schemaName, schema] of SCHEMAS as ReadonlyArray<readonly [string, Schema, unknown]>) {
  describe(`forged shared-document updates (${schemaName})`, () => {
    const base = new Y.Doc();
    Y.applyUpdate(base, documentToUpdate(parseHTML(SAMPLE, { schema })));

    it('the sample holds every node with attributes the schema has', () => {
      const names = new Set(elements(base.getXmlFragment(FRAGMENT)).map((element) => element.nodeName));
      for (const type of Object.values(schema.nodes)) {
        if (Object.keys(type.spec.attrs ?? {}).length && !type.isText && type !== schema.topNodeType && !['linkcard', 'table_header'].includes(type.name)) {
          expect(names.has(type.name), type.name).to.equal(true);
        }
      }
    });

    it('refuses every hostile attribute value its cleaner would change, on every node; what passes renders inert', () => {
      let refused = 0;
      for (const [index, element] of elements(base.getXmlFragment(FRAGMENT)).entries()) {
        const type = schema.nodes[element.nodeName];
        for (const key of [...Object.keys(type.spec.attrs ?? {}), 'onclick', 'style', 'class']) {
          for (const value of HOSTILE) {
            const update = forged(base, (fragment) => elements(fragment)[index].setAttribute(key, value as string));
            const problem = checkUpdate(update, base, schema);
            if (problem) {
              refused++;
              continue;
            }
            expect(keeps(type, key, value), `${type.name}.${key} = ${JSON.stringify(value)} passed`).to.equal(true);
            const doc = new Y.Doc();
            Y.applyUpdate(doc, Y.encodeStateAsUpdate(base));
            Y.applyUpdate(doc, update);
            const html = serializeHTML(sharedDocument(doc, schema));
            expect(findUnsafe(inertFragment(html), { strict: false }), html).to.deep.equal([]);
          }
        }
      }
      expect(refused).to.be.greaterThan(100);
    });

    it('refuses hostile mark attributes and marks the schema does not have', () => {
      const text = () => elements(base.getXmlFragment(FRAGMENT)).find((element) => element.nodeName === 'paragraph')!;
      expect(text()).to.exist;
      for (const value of HOSTILE) {
        const update = forged(base, (fragment) => ((elements(fragment).find((element) => element.nodeName === 'paragraph')!).get(0) as Y.XmlText).format(0, 2, { link: { href: value } }));
        const problem = checkUpdate(update, base, schema);
        if (!problem) expect(keeps(schema.marks.link, 'href', value), `link.href = ${JSON.stringify(value)} passed`).to.equal(true);
      }
      const unknownMark = forged(base, (fragment) => ((elements(fragment).find((element) => element.nodeName === 'paragraph')!).get(0) as Y.XmlText).format(0, 2, { blink: {} }));
      expect(checkUpdate(unknownMark, base, schema)).to.match(/"blink"/);
    });

    it('refuses elements the schema does not have, whatever their name', () => {
      for (const name of ['script', 'iframe', 'img', 'a', 'style', 'svg', 'doc', '__proto__', 'constructor']) {
        const update = forged(base, (fragment) => fragment.insert(0, [new Y.XmlElement(name)]));
        expect(checkUpdate(update, base, schema), name).to.be.a('string');
      }
    });
  });
}
