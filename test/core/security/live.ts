/**
 * The live half of the security harness: a trap that counts any script a payload
 * manages to run, a live page to attach output to, and real editors to paste into.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { linkPlugin } from '../../../src/core/plugins/link.js';
import { pastePlugin } from '../../../src/core/plugins/paste.js';
import { clipboardEvent } from '../../helpers/clipboard.js';

declare global {
  interface Window {
    /** Called by payloads that do not use alert/confirm/prompt. */
    __xss?: () => void;
  }
}

/** Counts calls to `alert`, `confirm`, `prompt` and `__xss` while installed. */
export interface Trap {
  /** How many times a payload reached one of the trapped functions. */
  readonly fired: number;
  /** Puts the page's own functions back. */
  restore(): void;
}

/** Replaces the functions every corpus payload calls with a counter. */
export function installTrap(): Trap {
  let fired = 0;
  const saved = { alert: window.alert, confirm: window.confirm, prompt: window.prompt, xss: window.__xss };
  window.alert = () => {
    fired++;
  };
  window.confirm = () => {
    fired++;
    return false;
  };
  window.prompt = () => {
    fired++;
    return null;
  };
  window.__xss = () => {
    fired++;
  };
  return {
    get fired() {
      return fired;
    },
    restore() {
      window.alert = saved.alert;
      window.confirm = saved.confirm;
      window.prompt = saved.prompt;
      if (saved.xss) window.__xss = saved.xss;
      else delete window.__xss;
    },
  };
}

/**
 * Keeps every image of this page off the network (attacker URLs, test-server 404s)
 * with a Content-Security-Policy `img-src 'none'`. Blocked images still fire their
 * `error` event, so `onerror` payloads are exercised exactly as with a failed load.
 * A policy cannot be lifted once applied, so this is for security test pages only.
 */
export function blockImageLoads(): void {
  if (document.head.querySelector('meta[data-security-harness]')) return;
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = "img-src 'none'";
  meta.setAttribute('data-security-harness', '');
  document.head.append(meta);
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

function imageSettled(img: HTMLImageElement, timeout: number): Promise<void> {
  if (img.complete) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
    setTimeout(done, timeout);
  });
}

/** Waits until every image under `root` has loaded or failed, then a few frames more. */
export async function settle(root: ParentNode, frames = 2): Promise<void> {
  await Promise.all(Array.from(root.querySelectorAll('img')).map((img) => imageSettled(img, 2000)));
  for (let i = 0; i < frames; i++) await nextFrame();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Where a test puts things on the live page; `clear()` takes them all away again. */
export interface Stage {
  /**
   * Puts markup on the page the way a host shows stored HTML: `innerHTML` on a
   * detached container (where images already load and handlers are already armed),
   * which is then attached.
   */
  mountHTML(html: string): HTMLElement;
  /** A live, attached editor showing `doc`, with the paste plugin and the link plugin (auto-links pasted URLs). */
  editor(doc: PMNode): EditorView;
  /** Destroys the editors and removes everything mounted. */
  clear(): void;
}

/** A fresh stage. */
export function createStage(): Stage {
  const mounted: Element[] = [];
  const views: EditorView[] = [];
  return {
    mountHTML(html) {
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      mounted.push(container);
      return container;
    },
    editor(doc) {
      const place = document.body.appendChild(document.createElement('div'));
      mounted.push(place);
      const view = new EditorView(place, { state: EditorState.create({ doc, plugins: [pastePlugin(), linkPlugin({ open: () => undefined })] }) });
      views.push(view);
      return view;
    },
    clear() {
      for (const view of views.splice(0)) view.destroy();
      for (const el of mounted.splice(0)) el.remove();
    },
  };
}

/** Pastes through a real `paste` ClipboardEvent on the editor's DOM. */
export function pasteInto(view: EditorView, data: { html?: string; text?: string }): void {
  const transfer = new DataTransfer();
  if (data.html !== undefined) transfer.setData('text/html', data.html);
  if (data.text !== undefined) transfer.setData('text/plain', data.text);
  view.dom.dispatchEvent(clipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
}
