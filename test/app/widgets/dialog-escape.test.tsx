import { expect } from '@open-wc/testing';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AppDialog } from '../../../src/app/ui/dialog.js';
import { sendKeys } from '@web/test-runner-commands';
import { RichEditor, type RichEditorElement } from '../../../src/react/index.js';
import { focusSettled } from '../../helpers/editor.js';
import { click } from '../shell/input.js';
import { until } from '../../helpers/until.js';

describe('an app dialog and an Escape no layer took', () => {
  let host: HTMLDivElement;
  let root: Root;
  let closed: string[];

  /** Two dialogs, the second opened over the first, each noting when it is asked to close. */
  function Harness() {
    const [outer, setOuter] = useState(true);
    const [inner, setInner] = useState(true);
    const close = (name: string, set: (open: boolean) => void) => (open: boolean) => {
      if (open) return;
      closed.push(name);
      set(false);
    };
    return (
      <>
        <AppDialog open={outer} onOpenChange={close('outer', setOuter)} title="Outer" description="The first dialog.">
          <input aria-label="Outer field" />
        </AppDialog>
        <AppDialog open={inner} onOpenChange={close('inner', setInner)} title="Inner" description="The dialog opened over it.">
          <input aria-label="Inner field" />
        </AppDialog>
      </>
    );
  }

  beforeEach(() => {
    closed = [];
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  // Radix's layers listen to Escape once they have drawn themselves again after another layer
  // came or went; an Escape in between reaches no layer. Such a key is one dispatched past the
  // document (where the layers listen), at the window.
  it('closes the innermost dialog that holds focus, and only that one', async () => {
    root.render(<Harness />);
    const field = await until(() => document.querySelector<HTMLInputElement>('input[aria-label="Inner field"]'), 'the inner dialog');
    field.focus();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    window.dispatchEvent(escape);
    expect(closed).to.deep.equal(['inner']);
    expect(escape.defaultPrevented, 'claimed').to.equal(true);
    await until(() => !document.querySelector('input[aria-label="Inner field"]'), 'the inner dialog gone');
    // Another key is not Escape; the outer dialog stays.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(closed).to.deep.equal(['inner']);
  });
});

describe('an app dialog and Escape in a rich editor inside it', () => {
  let host: HTMLDivElement;
  let root: Root;
  let closed: number;

  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <AppDialog
        open={open}
        onOpenChange={(next) => {
          if (next) return;
          closed++;
          setOpen(false);
        }}
        title="New issue"
        description="A dialog with a description."
      >
        <RichEditor aria-label="Description" />
        <button type="button">Priority</button>
      </AppDialog>
    );
  }

  const editor = () => document.querySelector<RichEditorElement>('rich-editor');
  const slashMenuOpen = () => !!editor()?.shadowRoot?.querySelector('rich-editor-slash-menu')?.shadowRoot?.querySelector('[part="slash-menu"]');
  const dialogOpen = () => !!document.querySelector('[role="dialog"]');

  beforeEach(async () => {
    closed = 0;
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    root.render(<Harness />);
    const el = await until(() => editor(), 'the editor in the dialog');
    await el.updateComplete;
    await click(el.shadowRoot!.querySelector<HTMLElement>('[contenteditable="true"]')!);
    await focusSettled();
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('closes the editor\'s menu first, then readies Tab out of the editor, and the next Escape closes the dialog', async () => {
    await sendKeys({ type: '/' });
    await until(slashMenuOpen, 'the slash menu');
    await sendKeys({ press: 'Escape' });
    await until(() => !slashMenuOpen(), 'the slash menu closed');
    expect(dialogOpen(), 'the dialog stays').to.equal(true);
    await sendKeys({ press: 'Escape' });
    expect(dialogOpen(), 'the dialog stays while the editor readies its way out').to.equal(true);
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement?.textContent, 'Tab moved on to the next control').to.equal('Priority');
    expect(closed).to.equal(0);
  });

  it('closes the dialog on the second Escape in a row, and not after another key between', async () => {
    await sendKeys({ press: 'Escape' });
    await sendKeys({ type: 'a' });
    await sendKeys({ press: 'Escape' });
    expect(dialogOpen(), 'typing between: the Escape is the editor\'s again').to.equal(true);
    await sendKeys({ press: 'Escape' });
    await until(() => !dialogOpen(), 'the dialog closed');
    expect(closed).to.equal(1);
  });
});
