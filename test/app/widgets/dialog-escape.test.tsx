import { expect } from '@open-wc/testing';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AppDialog } from '../../../src/app/ui/dialog.js';
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
