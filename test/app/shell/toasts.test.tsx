import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { ToastProvider, TOAST_TITLES, useNotify, type Notify } from '../../../src/app/ui/toasts.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { click } from './input.js';
import { button, until } from './render.js';

describe('toasts', () => {
  let host: HTMLDivElement;
  let root: Root;
  let notify: Notify;

  function Capture() {
    notify = useNotify();
    return <p>App</p>;
  }

  function show(duration = 60_000) {
    flushSync(() =>
      root.render(
        <ToastProvider duration={duration}>
          <Capture />
        </ToastProvider>,
      ),
    );
  }

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  const toasts = () => [...host.querySelectorAll<HTMLElement>('.app-toast')];

  it('takes the pointer only where a toast is: a button under the edge around the toasts still gets the click', async () => {
    show();
    notify({ type: 'success', message: 'Saved.' });
    await until(() => toasts().length === 1, 'the toast');
    const viewport = host.querySelector<HTMLElement>('.app-toast-viewport')!;
    const toast = toasts()[0]!.getBoundingClientRect();
    // A button in the viewport's padding, left of the toast (where the page's own controls sit).
    const below = document.createElement('button');
    below.textContent = 'Below';
    Object.assign(below.style, { position: 'fixed', left: `${viewport.getBoundingClientRect().left + 1}px`, top: `${toast.top}px`, width: '10px', height: '10px', padding: '0' });
    let clicked = 0;
    below.addEventListener('click', () => (clicked += 1));
    host.appendChild(below);
    try {
      await click(below);
      expect(clicked).to.equal(1);
    } finally {
      below.remove();
    }
  });

  it('titles errors "Error!" and successes "Success!" (spec section 8)', async () => {
    expect(TOAST_TITLES).to.deep.equal({ error: 'Error!', success: 'Success!' });
    show();
    notify({ type: 'error', message: 'Something went wrong. Please try again.' });
    notify({ type: 'success', message: 'Issues deleted successfully!' });
    await until(() => toasts().length === 2, 'two toasts');
    const [error, success] = toasts();
    expect(error!.querySelector('.app-toast-title')!.textContent).to.equal('Error!');
    expect(error!.querySelector('.app-toast-message')!.textContent).to.equal('Something went wrong. Please try again.');
    expect(error!.dataset.type).to.equal('error');
    expect(success!.querySelector('.app-toast-title')!.textContent).to.equal('Success!');
    expect(success!.textContent).to.contain('Issues deleted successfully!');
    await expectAccessible(host);
  });

  it('keeps a title the caller gives', async () => {
    show();
    notify({ type: 'success', title: 'Copied', message: 'Copied to clipboard' });
    await until(() => toasts().length === 1, 'a toast');
    expect(toasts()[0]!.querySelector('.app-toast-title')!.textContent).to.equal('Copied');
  });

  it('announces toasts in a labelled live region', async () => {
    show();
    notify({ type: 'error', message: 'Nope.' });
    await until(() => toasts().length === 1, 'a toast');
    const region = host.querySelector('[role="region"]');
    expect(region?.getAttribute('aria-label')).to.match(/Notifications/);
    expect(toasts()[0]!.closest('ol')).to.not.equal(null);
  });

  it('closes a toast with its close button', async () => {
    show();
    notify({ type: 'error', message: 'Close me.' });
    await until(() => toasts().length === 1, 'a toast');
    await click(button(host, 'Close'));
    await until(() => toasts().length === 0, 'the toast to close');
  });

  it('closes the focused toast with Escape', async () => {
    show();
    notify({ type: 'success', message: 'Escape me.' });
    await until(() => toasts().length === 1, 'a toast');
    toasts()[0]!.focus();
    await sendKeys({ press: 'Escape' });
    await until(() => toasts().length === 0, 'the toast to close');
  });

  it('closes a toast by itself after its duration', async () => {
    show(150);
    notify({ type: 'success', message: 'Short-lived.' });
    await until(() => toasts().length === 1, 'a toast');
    await until(() => toasts().length === 0, 'the toast to expire', 3000);
  });
});
