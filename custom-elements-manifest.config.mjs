// custom-elements.json (npm run build writes it): what editors, linters and documentation
// tools learn about <rich-editor>, from its JSDoc (@tagname, @attr, @fires, @csspart, @cssprop).

/** A source path the way the package ships it: `src/element/x.ts` -> `dist/element/x.js`. */
const shipped = (path) => path.replace(/^src\/(.*)\.tsx?$/, 'dist/$1.js');

/** Rewrites every module path in the manifest to the built file a host installs. */
function rewritePaths(value) {
  if (Array.isArray(value)) return value.forEach(rewritePaths);
  if (!value || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    if ((key === 'path' || key === 'module') && typeof inner === 'string') value[key] = shipped(inner);
    else rewritePaths(inner);
  }
}

/** Keeps the manifest to the element's public surface. */
const publicSurface = () => ({
  name: 'rich-editor-public-surface',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      for (const declaration of module.declarations ?? []) {
        const hidden = new Set((declaration.members ?? []).filter((member) => member.privacy === 'private' || member.privacy === 'protected').map((member) => member.name));
        // Lit's property table also lists private reactive state; a private field is never an attribute a host sets.
        if (declaration.attributes) declaration.attributes = declaration.attributes.filter((attribute) => !hidden.has(attribute.fieldName));
        // Events are the ones the class documents with @fires; a `new CustomEvent(name)` found in code names no event.
        if (declaration.events) declaration.events = declaration.events.filter((event) => event.description);
      }
    }
    rewritePaths(customElementsManifest.modules);
  },
});

export default {
  // The element, and its base classes of settings and the host's callbacks (their members are the element's).
  globs: ['src/element/rich-editor/rich-editor.component.ts', 'src/element/rich-editor/editor-settings.ts', 'src/element/rich-editor/host-callbacks.ts'],
  outdir: '.',
  litelement: true,
  plugins: [publicSurface()],
};
