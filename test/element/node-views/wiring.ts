/**
 * Helpers for the node view tests. The element wires the node views' plugin and
 * upload placeholder itself once its owner adds them; until then `wire` installs
 * them exactly as the element will, and does nothing more when they are there.
 */
import { fixture } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { imageUploadKey } from '../../../src/core/commands/choose-image.js';
import { imageUploadPlugin } from '../../../src/core/plugins/image-upload.js';
import type { RichEditor } from '../../../src/element/index.js';
import { codeHighlightKey, codeHighlightPlugin } from '../../../src/element/node-views/highlight.js';
import { nodeViewStyles } from '../../../src/element/node-views/index.js';
import { uploadPlaceholder } from '../../../src/element/node-views/upload-placeholder.js';
import { nextFrame } from '../../helpers/editor.js';
export { axeViolations } from '../../helpers/element-ui.js';
export { until } from '../../helpers/until.js';

/** The element's editable content. */
export function content(el: RichEditor): HTMLElement {
  return el.shadowRoot!.querySelector('[role="textbox"]') as HTMLElement;
}

/** Adds the highlighting plugin when the element does not have it yet. */
export function wireHighlighting(el: RichEditor): void {
  const view = el.editorView!;
  if (codeHighlightKey.get(view.state)) return;
  view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins, codeHighlightPlugin()] }));
}

/** Gives the element's upload plugin the node views' placeholder, with the element's own callbacks. */
export function wireUploadPlaceholder(el: RichEditor, onError: (message: string) => void = () => {}): void {
  const view = el.editorView!;
  const plugin = imageUploadPlugin({
    uploadFile: (file, context) => (el.uploadFile ? el.uploadFile(file, context) : Promise.reject(new Error('No uploadFile callback is set'))),
    cancelUpload: () => void el.cancelUpload?.(),
    onError,
    renderPlaceholder: uploadPlaceholder,
  });
  const plugins = view.state.plugins.map((p) => ((p.spec.key as unknown) === imageUploadKey ? plugin : p));
  view.updateState(view.state.reconfigure({ plugins }));
}

/** Adds the node views' styles to the element's shadow root when its `static styles` lack them. */
export function wireStyles(el: RichEditor): void {
  const styles = (el.constructor as typeof RichEditor).elementStyles;
  if (styles.includes(nodeViewStyles)) return;
  const root = el.shadowRoot!;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, nodeViewStyles.styleSheet!];
}

/** Mounts a real `<rich-editor>` with the node views' plugins and styles in place. */
export async function mount(template: TemplateResult): Promise<RichEditor> {
  const el = await fixture<RichEditor>(template);
  await el.updateComplete;
  wireStyles(el);
  wireHighlighting(el);
  await nextFrame();
  return el;
}

/** A PNG of the given size, as a blob: URL the schema accepts and as a File to paste. */
export async function pngFile(width: number, height: number, name = 'photo.png'): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#3f76ff';
  context.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

/** The centre of an element, in viewport pixels (what `sendMouse` takes). */
export function centre(element: Element): [number, number] {
  const rect = element.getBoundingClientRect();
  return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
}


/** The attributes of the document's first image, as `getHTML()` gives them. */
export function imageAttrs(el: RichEditor): Record<string, string> {
  const img = new DOMParser().parseFromString(el.getHTML(), 'text/html').querySelector('img');
  return img ? Object.fromEntries(Array.from(img.attributes, (a) => [a.name, a.value])) : {};
}
