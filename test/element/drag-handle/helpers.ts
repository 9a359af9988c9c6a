/** The drag handle as tests find and use it: shown beside a block, and dragged by script. */
import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { RichEditor } from '../../../src/element/index.js';
import { nextFrame } from '../../helpers/editor.js';
import { until } from '../../helpers/until.js';

export function content(el: RichEditor): HTMLElement {
  return el.shadowRoot!.querySelector('[role="textbox"]') as HTMLElement;
}

export function handle(el: RichEditor): HTMLElement | null {
  return el.shadowRoot!.querySelector('rich-editor-drag-handle')?.shadowRoot?.querySelector<HTMLElement>('[part="drag-handle"]') ?? null;
}

export function block(el: RichEditor, index: number): HTMLElement {
  return content(el).children[index] as HTMLElement;
}

export function shown(el: RichEditor): boolean {
  const h = handle(el);
  return !!h && h.checkVisibility();
}

/** Where the handle stands now, once it has been shown and positioned next to `target`. */
export async function handleBeside(el: RichEditor, target: HTMLElement): Promise<DOMRect> {
  await until(() => {
    // Says where things are when it never comes: a hidden handle and a misplaced one differ.
    const b = target.getBoundingClientRect();
    const where = `the block at ${b.left},${b.top} in a ${innerWidth}×${innerHeight} page`;
    if (!shown(el)) throw new Error(`the handle is hidden (${where})`);
    const h = handle(el)!.getBoundingClientRect();
    if (Math.abs(h.right - b.left) < 1 && Math.abs(h.top - b.top) < 1) return true;
    throw new Error(`the handle ends at ${h.right},${h.top} (${where})`);
  }, 'the handle beside the block');
  return handle(el)!.getBoundingClientRect();
}

export function centre(rect: DOMRect): [number, number] {
  return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
}

export async function hover(target: Element): Promise<void> {
  // Two moves: the pointer may already be at the same spot, which would fire nothing.
  const [x, y] = centre(target.getBoundingClientRect());
  await sendMouse({ type: 'move', position: [x, y - 2] });
  await sendMouse({ type: 'move', position: [x, y] });
}

/**
 * Drags the handle of `from` to the end of `to`'s text and drops it there with drag events
 * made by script (the drag a browser makes from real input cannot be dropped through
 * WebDriver in every engine): what the handle and the editor do with the events, not how
 * the browser makes them.
 */
export async function dragBlockByScript(el: RichEditor, from: HTMLElement, to: HTMLElement): Promise<void> {
  const drop = await dragReady(el, from);
  drop(to);
  await nextFrame();
}

/**
 * Shows the handle of `from` (the pointer over the block) and returns how to drag it to the end
 * of `to`'s text and drop it there, in one go with events made by script: nothing else runs
 * between the drag's start and its drop.
 */
export async function dragReady(el: RichEditor, from: HTMLElement): Promise<(to: HTMLElement) => void> {
  await hover(from);
  const grip = handle(el)!;
  const [hx, hy] = centre(await handleBeside(el, from));
  expect(grip.getAttribute('draggable')).to.equal('true');
  return (to) => {
    const dataTransfer = new DataTransfer();
    const fire = (target: Element, type: string, x: number, y: number): boolean =>
      target.dispatchEvent(new DragEvent(type, { bubbles: true, composed: true, cancelable: true, dataTransfer, clientX: x, clientY: y }));
    expect(fire(grip, 'dragstart', hx, hy), 'the drag starts').to.equal(true);
    const target = to.getBoundingClientRect();
    const [tx, ty] = [Math.round(target.left + 40), Math.round(target.top + target.height / 2)];
    fire(to, 'dragenter', tx, ty);
    expect(fire(to, 'dragover', tx, ty), 'the editor takes the drop').to.equal(false);
    fire(to, 'drop', tx, ty);
    fire(grip, 'dragend', tx, ty);
  };
}
