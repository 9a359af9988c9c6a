import type { VirtualElement } from '@floating-ui/dom';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EditorView } from 'prosemirror-view';
import { PopupController, dismissOn, rangeReference } from '../popup.js';
import type { Panel, Snapshot } from './toolbar-buttons.js';

/** The selection box; positions are clamped because the snapshot may trail an edit that shrank the document. */
function reference(view: EditorView, snap: Snapshot): VirtualElement {
  return {
    getBoundingClientRect: () => {
      const size = view.state.doc.content.size;
      return rangeReference(view, Math.min(snap.from, size), Math.min(snap.to, size)).getBoundingClientRect();
    },
    contextElement: view.dom,
  };
}

/**
 * The open dropdown's anchor: its button, reaching down to the toolbar's last row of buttons. On
 * a narrow screen the buttons wrap, and a dropdown under its button would cover the row below it.
 */
function panelReference(trigger: HTMLElement, root: HTMLElement): VirtualElement {
  return {
    getBoundingClientRect: () => {
      const box = trigger.getBoundingClientRect();
      let bottom = box.bottom;
      for (const button of root.querySelectorAll(':scope > button')) bottom = Math.max(bottom, button.getBoundingClientRect().bottom);
      return new DOMRect(box.left, box.top, box.width, bottom - box.top);
    },
    contextElement: trigger,
  };
}

/**
 * Where the toolbar and its open dropdown sit: the toolbar above the range of its
 * snapshot (placed again only for a new snapshot or a new toolbar element), the dropdown
 * under its button (below the toolbar's last row), closed by a press outside the toolbar or Escape.
 */
export class ToolbarPlacement implements ReactiveController {
  private readonly position: PopupController;
  private readonly panelPosition: PopupController;
  private positioned: { root: HTMLElement; snapshot: Snapshot } | null = null;
  private panelShown: HTMLElement | null = null;
  private stopDismiss: (() => void) | null = null;

  constructor(
    host: ReactiveControllerHost,
    private readonly closePanel: () => void,
  ) {
    this.position = new PopupController(host, { placement: 'top', gap: 8 });
    this.panelPosition = new PopupController(host, { placement: 'bottom-start', gap: 6, fitHeight: true });
    host.addController(this);
  }

  /** After a render: places the toolbar (`root`, null while hidden) and the open dropdown, or stops following them. */
  place(view: EditorView | null, root: HTMLElement | null, snap: Snapshot | null, panel: Panel | null): void {
    if (!view || !root || !snap) {
      this.position.hide();
      this.positioned = null;
    } else if (this.positioned?.root !== root || this.positioned.snapshot !== snap) {
      this.position.show(reference(view, snap), root);
      this.positioned = { root, snapshot: snap };
    }
    this.syncPanel(root, panel);
  }

  hostDisconnected(): void {
    this.stopDismiss?.();
    this.stopDismiss = null;
    this.positioned = null;
    this.panelShown = null;
  }

  /** Positions the open dropdown under its button and closes it on an outside press or Escape. */
  private syncPanel(root: HTMLElement | null, open: Panel | null): void {
    const panel = root?.querySelector<HTMLElement>('.panel') ?? null;
    const trigger = root?.querySelector<HTMLElement>(open === 'block' ? '[data-item="block"]' : '[data-item="link"]');
    if (!root || !panel || !trigger) {
      this.panelPosition.hide();
      this.panelShown = null;
      this.stopDismiss?.();
      this.stopDismiss = null;
      return;
    }
    if (panel !== this.panelShown) this.panelPosition.show(panelReference(trigger, root), panel);
    this.panelShown = panel;
    this.stopDismiss ??= dismissOn(() => [root], this.closePanel);
  }
}
