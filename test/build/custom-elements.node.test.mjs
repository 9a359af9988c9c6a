// custom-elements.json describes <rich-editor> as it really is: each list is compared with what
// the built element itself declares (its Lit properties, observed attributes, event table,
// rendered parts and styles), so a property added with its JSDoc passes and one left
// undocumented (or a private one leaking out) fails.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = new URL('../..', import.meta.url).pathname;
const sorted = (names) => [...new Set(names)].sort();
/** Global HTML attributes the element's styles react to without declaring them (`:host([hidden])`). */
const GLOBAL_ATTRIBUTES = new Set(['hidden', 'dir', 'lang']);

async function load() {
  const manifestPath = join(root, 'custom-elements.json');
  assert.ok(existsSync(manifestPath) && existsSync(join(root, 'dist/element/index.js')), 'the package is built (npm run build)');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  // Node, no DOM: Lit's server build gives the element class without defining anything in a page.
  const { RichEditor, RichEditorEvents, RICH_EDITOR_TAG } = await import(join(root, 'dist/element/index.js'));
  RichEditor.finalize();
  const modules = manifest.modules.filter((module) => module.declarations?.some((declaration) => declaration.tagName));
  return { manifest, modules, RichEditor, RichEditorEvents, RICH_EDITOR_TAG };
}

test('custom-elements.json names <rich-editor> in a file the package ships', async () => {
  const { modules, RICH_EDITOR_TAG } = await load();
  assert.deepEqual(modules.flatMap((module) => module.declarations.filter((declaration) => declaration.tagName).map((declaration) => declaration.tagName)), [RICH_EDITOR_TAG]);
  const packaged = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  assert.equal(packaged.customElements, 'custom-elements.json');
  for (const module of modules) {
    assert.match(module.path, /^dist\//, 'paths point at built files, not sources');
    assert.ok(existsSync(join(root, module.path)), `${module.path} is built`);
    for (const entry of module.exports ?? []) if (entry.declaration.module) assert.match(entry.declaration.module, /^dist\//);
  }
});

test("custom-elements.json lists exactly the element's attributes, properties and events", async () => {
  const { modules, RichEditor, RichEditorEvents } = await load();
  const element = modules[0].declarations.find((declaration) => declaration.tagName);
  const members = element.members ?? [];
  const privateNames = new Set(members.filter((member) => member.privacy === 'private' || member.privacy === 'protected').map((member) => member.name));

  // Attributes: the ones Lit observes, and the ones the element's styles react to (`theme`).
  const css = RichEditor.elementStyles.map((style) => style.cssText ?? '').join('\n');
  const styled = [...css.matchAll(/:host\(([^{]*)/g)].flatMap((match) => [...match[1].matchAll(/\[([\w-]+)/g)].map((attribute) => attribute[1]));
  const attributes = sorted([...RichEditor.observedAttributes, ...styled].filter((name) => !GLOBAL_ATTRIBUTES.has(name)));
  assert.deepEqual(sorted(element.attributes.map((attribute) => attribute.name)), attributes);

  // Properties: Lit's public reactive properties and the class's public accessors.
  const reactive = [...RichEditor.elementProperties].filter(([, options]) => !options.state).map(([name]) => name);
  const accessors = Object.entries(Object.getOwnPropertyDescriptors(RichEditor.prototype))
    .filter(([name, descriptor]) => descriptor.get && !privateNames.has(name))
    .map(([name]) => name);
  const properties = sorted([...reactive, ...accessors].filter((name) => typeof name === 'string' && !privateNames.has(name)));
  const documented = sorted(members.filter((member) => member.kind === 'field' && !member.static && !privateNames.has(member.name)).map((member) => member.name));
  assert.deepEqual(documented, properties);
  for (const name of reactive) assert.ok(members.find((member) => member.name === name)?.description, `${name} is described`);

  // Events: every name of the element's event table, each described; no other event of ours.
  const events = element.events ?? [];
  const ours = Object.values(RichEditorEvents);
  assert.deepEqual(sorted(events.filter((event) => event.name.startsWith('rich-editor-')).map((event) => event.name)), sorted(ours));
  for (const event of events) assert.ok(event.description, `${event.name} is described`);
});

test("custom-elements.json lists exactly the element's CSS parts, custom properties and slots", async () => {
  const { modules, RichEditor } = await load();
  const element = modules[0].declarations.find((declaration) => declaration.tagName);
  // The element's template, with the pieces its controllers draw into it (the UI pieces, the upload alert).
  const { Configuration } = await import(join(root, 'dist/element/rich-editor/configuration.js'));
  const { Uploads } = await import(join(root, 'dist/element/rich-editor/uploads.js'));
  const { CollaborationController } = await import(join(root, 'dist/element/rich-editor/collaboration.js'));
  const template = [RichEditor.prototype.render, Configuration.prototype.pieces, Uploads.prototype.alert, CollaborationController.prototype.notice].map(String).join('\n');
  const parts = [...template.matchAll(/\b(?:part|exportparts)="([^"$]+)"/g)].flatMap((match) => match[1].split(/[\s,]+/).filter(Boolean));
  assert.deepEqual(sorted((element.cssParts ?? []).map((part) => part.name)), sorted(parts));
  // The element's styles, and those image uploads bring when they arrive.
  const partStyles = [await import(join(root, 'dist/element/image-uploads.styles.js')).then((module) => module.imageUploadStyles)];
  const css = [...RichEditor.elementStyles, ...partStyles].map((style) => style.cssText ?? '').join('\n');
  assert.deepEqual(sorted((element.cssProperties ?? []).map((property) => property.name)), sorted(css.match(/--rich-editor-[\w-]+/g)));
  const slots = [...template.matchAll(/<slot(?:\s+name="([^"]*)")?/g)].map((match) => match[1] ?? '');
  assert.deepEqual(sorted((element.slots ?? []).map((slot) => slot.name)), sorted(slots));
});
