import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { expectAccessible } from '../../helpers/element-ui.js';
import { LinkDialog, LinkList, type IssueLink, type LinkInput, type LinkToast } from '../../../src/app/widgets/link-dialog/index.js';
import { LINK_RESET_DELAY_MS } from '../../../src/app/widgets/link-dialog/link-fields.js';
import { until } from '../../helpers/until.js';
import type { FakeClock } from '../../helpers/fake-clock.js';
import { click } from '../shell/input.js';
import { fakeClock, restoreClock, settled } from '../shell/timing.js';

const LINK: IssueLink = { id: 'l1', title: 'Design doc', url: 'https://example.com/design', created_by: 'u1', created_at: '2025-01-01T00:00:00Z' };

const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;
const openDialog = () => document.querySelector('[role="dialog"][data-state="open"]') as HTMLElement | null;
const input = (name: string) =>
  [...dialog()!.querySelectorAll('label')].find((label) => label.textContent!.startsWith(name))!.querySelector('input') as HTMLInputElement;
const button = (text: string) => [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement;
const alerts = () => [...dialog()!.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);

describe('<LinkDialog>', () => {
  let host: HTMLDivElement;
  let root: Root;
  let saved: LinkInput[];
  let removed: IssueLink[];
  let openChanges: boolean[];
  let saveAnswer: () => Promise<void>;
  let setOpen: (open: boolean) => void;
  let clock: FakeClock;

  function Harness({ link, canCreate = true, canEdit = true }: { link?: IssueLink; canCreate?: boolean; canEdit?: boolean }) {
    const [open, setOpenState] = useState(true);
    setOpen = setOpenState;
    return (
      <LinkDialog
        open={open}
        onOpenChange={(next) => {
          openChanges.push(next);
          setOpenState(next);
        }}
        // A fresh but equal object on every render, as hosts often pass.
        link={link ? { ...link } : null}
        onSubmit={(input) => {
          saved.push(input);
          return saveAnswer();
        }}
        onDelete={async (target) => {
          removed.push(target);
        }}
        canCreate={canCreate}
        canEdit={canEdit}
      />
    );
  }

  const render = async (props: { link?: IssueLink; canCreate?: boolean; canEdit?: boolean } = {}) => {
    flushSync(() => root.render(<Harness {...props} />));
    await until(() => openDialog() !== null, 'the dialog opens');
  };
  const typeInto = async (name: string, text: string) => {
    input(name).focus();
    await sendKeys({ type: text });
  };
  const replaceIn = async (name: string, text: string) => {
    input(name).focus();
    input(name).select();
    await sendKeys({ press: 'Backspace' });
    if (text) await sendKeys({ type: text });
  };

  beforeEach(() => {
    // The form's reset after closing waits on the SDK's clock: time moves only when a test says.
    clock = fakeClock();
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    saved = [];
    removed = [];
    openChanges = [];
    saveAnswer = () => Promise.resolve();
  });
  afterEach(() => {
    root.unmount();
    host.remove();
    restoreClock();
  });

  it('requires a URL', async () => {
    await render();
    expect(document.getElementById(dialog()!.getAttribute('aria-labelledby')!)!.textContent).to.equal('Add link');
    await click(button('Add link'));
    await until(() => alerts().length === 1, 'the error shows');
    expect(alerts()).to.deep.equal(['URL is required']);
    expect(input('URL').getAttribute('aria-invalid')).to.equal('true');
    expect(document.getElementById(input('URL').getAttribute('aria-describedby')!)!.textContent).to.equal('URL is required');
    expect(saved).to.deep.equal([]);
    await expectAccessible(dialog()!);
  });

  it('accepts only URLs that begin with http:// or https://, or a bare domain', async () => {
    await render();
    await typeInto('URL', 'example com');
    await sendKeys({ press: 'Enter' });
    await until(() => alerts().length === 1, 'the error shows');
    expect(alerts()).to.deep.equal(['Enter a valid URL that begins with http:// or https://']);
    await replaceIn('URL', 'ftp://example.com/file');
    await sendKeys({ press: 'Enter' });
    // The submission is checked in promise callbacks, and its outcome drawn by React.
    await settled();
    expect(alerts()).to.deep.equal(['Enter a valid URL that begins with http:// or https://']);
    await replaceIn('URL', 'https://');
    await sendKeys({ press: 'Enter' });
    await settled();
    expect(alerts()).to.deep.equal(['Enter a valid URL that begins with http:// or https://']);
    expect(saved).to.deep.equal([]);
  });

  for (const unsafe of ['javascript:alert(1)', 'javascript://example.com/%0aalert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox(1)']) {
    it(`refuses ${unsafe} with the same message`, async () => {
      await render();
      await typeInto('URL', unsafe);
      await sendKeys({ press: 'Enter' });
      await until(() => alerts().length === 1, 'the error shows');
      expect(alerts()).to.deep.equal(['Enter a valid URL that begins with http:// or https://']);
      expect(saved).to.deep.equal([]);
    });
  }

  it('saves a bare domain as an https:// address', async () => {
    await render();
    await typeInto('URL', 'example.com/docs');
    await sendKeys({ press: 'Enter' });
    await until(() => saved.length === 1, 'the link is saved');
    expect(saved[0]).to.deep.equal({ url: 'https://example.com/docs', title: null });
  });

  it('creates a link with an optional title and closes', async () => {
    await render();
    await typeInto('URL', '  http://example.com/a  ');
    await click(button('Add link'));
    await until(() => saved.length === 1, 'the link is saved');
    expect(saved[0]).to.deep.equal({ url: 'http://example.com/a', title: null });
    await until(() => dialog() === null, 'the dialog closes');
    expect(openChanges).to.deep.equal([false]);

    flushSync(() => setOpen(true));
    await until(() => openDialog() !== null, 'the dialog opens again');
    await replaceIn('URL', 'https://example.com/b');
    await typeInto('Title (optional)', 'Spec');
    await sendKeys({ press: 'Enter' });
    await until(() => saved.length === 2, 'the second link is saved');
    expect(saved[1]).to.deep.equal({ url: 'https://example.com/b', title: 'Spec' });
  });

  it('keeps the text while closing and resets the form 500 ms after closing', async () => {
    await render();
    await typeInto('URL', 'https://example.com/draft');
    await typeInto('Title (optional)', 'Draft');
    // The closing animation (150 ms) is held at its start until it has been looked at: on a busy
    // machine the click's round trip alone can outlast it.
    const closing = dialog()!;
    const held = new Promise<Animation[]>((resolve) => {
      const hold = (event: AnimationEvent) => {
        if (event.target !== closing || closing.getAttribute('data-state') !== 'closed') return;
        closing.removeEventListener('animationstart', hold);
        const animations = closing.getAnimations();
        for (const animation of animations) animation.pause();
        resolve(animations);
      };
      closing.addEventListener('animationstart', hold);
    });
    await click(button('Cancel'));
    const animations = await held;
    // The closing animation still shows what was typed.
    expect(dialog()!.getAttribute('data-state')).to.equal('closed');
    expect(input('URL').value).to.equal('https://example.com/draft');
    for (const animation of animations) animation.finish();
    await until(() => dialog() === null, 'the dialog has closed');
    // Reopened a moment before the delay is over: the text is still there.
    clock.tick(LINK_RESET_DELAY_MS - 1);
    await settled();
    flushSync(() => setOpen(true));
    await until(() => openDialog() !== null, 'the dialog opens again');
    expect(input('URL').value).to.equal('https://example.com/draft');
    expect(input('Title (optional)').value).to.equal('Draft');

    await sendKeys({ press: 'Escape' });
    await until(() => dialog() === null, 'Escape closes the dialog');
    clock.tick(LINK_RESET_DELAY_MS);
    await settled();
    flushSync(() => setOpen(true));
    await until(() => openDialog() !== null, 'the dialog opens a third time');
    expect(input('URL').value).to.equal('');
    expect(input('Title (optional)').value).to.equal('');
  });

  it('edits a link, keeping edits across re-renders, and deletes it', async () => {
    await render({ link: LINK });
    expect(document.getElementById(dialog()!.getAttribute('aria-labelledby')!)!.textContent).to.equal('Update link');
    expect(input('URL').value).to.equal('https://example.com/design');
    expect(input('Title (optional)').value).to.equal('Design doc');
    await replaceIn('Title (optional)', '');
    flushSync(() => root.render(<Harness link={LINK} />));
    expect(input('Title (optional)').value).to.equal('');
    await click(button('Update link'));
    await until(() => saved.length === 1, 'the link is saved');
    expect(saved[0]).to.deep.equal({ url: 'https://example.com/design', title: null });
    await until(() => dialog() === null, 'the dialog closes');

    flushSync(() => setOpen(true));
    await until(() => openDialog() !== null, 'the dialog opens again');
    expect(input('Title (optional)').value).to.equal('Design doc');
    await click(button('Delete link'));
    await until(() => removed.length === 1, 'the link is deleted');
    expect(removed[0]).to.deep.equal(LINK);
    await until(() => dialog() === null, 'the dialog closes after deleting');
  });

  it('disables editing and deleting for guests and viewers, with the reason', async () => {
    await render({ link: LINK, canEdit: false });
    const note = 'Guests and viewers cannot edit or delete links.';
    expect(dialog()!.textContent).to.contain(note);
    for (const action of [button('Update link'), button('Delete link')]) {
      expect(action.disabled).to.equal(true);
      expect(document.getElementById(action.getAttribute('aria-describedby')!)!.textContent).to.equal(note);
    }
    expect(input('URL').matches(':disabled')).to.equal(true);
    await click(button('Update link'));
    await settled();
    expect(saved).to.deep.equal([]);
    expect(removed).to.deep.equal([]);
    await expectAccessible(dialog()!);
  });

  it('lets creating follow canCreate, independently of canEdit', async () => {
    await render({ canCreate: false, canEdit: true });
    expect(button('Add link').disabled).to.equal(true);
    expect(document.getElementById(button('Add link').getAttribute('aria-describedby')!)!.textContent).to.equal(
      'You do not have permission to add links.',
    );
    flushSync(() => root.render(<Harness canCreate canEdit={false} />));
    expect(button('Add link').disabled).to.equal(false);
    expect(dialog()!.textContent).to.not.contain('Guests and viewers');
  });

  it('shows why saving failed and stays open', async () => {
    saveAnswer = () => Promise.reject(new Error('Link not found.'));
    await render({ link: LINK });
    await click(button('Update link'));
    await until(() => alerts().length === 1, 'the failure shows');
    expect(alerts()).to.deep.equal(['Link not found.']);
    expect(openDialog()).to.not.equal(null);
    expect(openChanges).to.deep.equal([]);
  });
});

describe('<LinkList>', () => {
  let host: HTMLDivElement;
  let root: Root;
  let toasts: LinkToast[];
  let edited: IssueLink[];
  const LINKS: IssueLink[] = [LINK, { id: 'l2', title: null, url: 'https://example.org/untitled' }];

  const render = (props: { canEdit: boolean; withEdit?: boolean }) =>
    flushSync(() =>
      root.render(
        <LinkList
          links={LINKS}
          notify={(toast) => toasts.push(toast)}
          canEdit={props.canEdit}
          onEdit={props.withEdit === false ? undefined : (link) => edited.push(link)}
        />,
      ),
    );
  const buttonNamed = (name: string) => host.querySelector(`button[aria-label="${name}"]`) as HTMLButtonElement;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    toasts = [];
    edited = [];
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('shows each link by its title, or its URL when untitled, opening in a new tab', async () => {
    render({ canEdit: true });
    const anchors = [...host.querySelectorAll('a')];
    expect(anchors.map((a) => a.textContent)).to.deep.equal(['Design doc', 'https://example.org/untitled']);
    expect(anchors.map((a) => a.getAttribute('href'))).to.deep.equal(['https://example.com/design', 'https://example.org/untitled']);
    expect(anchors.every((a) => a.target === '_blank' && a.rel === 'noopener noreferrer')).to.equal(true);
    await expectAccessible(host);
  });

  it('copies a URL with navigator.clipboard and says "Copied to clipboard"', async () => {
    render({ canEdit: true });
    const written: string[] = [];
    const original = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator.clipboard), 'writeText')!;
    Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async (text: string) => void written.push(text) });
    try {
      await click(buttonNamed('Copy link Design doc'));
      await until(() => toasts.length === 1, 'the toast is shown');
    } finally {
      delete (navigator.clipboard as unknown as Record<string, unknown>).writeText;
    }
    expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator.clipboard), 'writeText')).to.deep.equal(original);
    expect(written).to.deep.equal(['https://example.com/design']);
    expect(toasts).to.deep.equal([{ type: 'success', title: 'Success!', message: 'Copied to clipboard' }]);
  });

  it('reports a refused copy as an error toast', async () => {
    render({ canEdit: true });
    Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: () => Promise.reject(new DOMException('denied')) });
    try {
      await click(buttonNamed('Copy link https://example.org/untitled'));
      await until(() => toasts.length === 1, 'the toast is shown');
    } finally {
      delete (navigator.clipboard as unknown as Record<string, unknown>).writeText;
    }
    expect(toasts).to.deep.equal([{ type: 'error', title: 'Error!', message: 'Something went wrong. Please try again.' }]);
  });

  it('offers editing to members and explains why guests and viewers cannot', async () => {
    render({ canEdit: true });
    await click(buttonNamed('Edit link Design doc'));
    expect(edited).to.deep.equal([LINK]);
    render({ canEdit: false });
    const edit = buttonNamed('Edit link Design doc');
    expect(edit.disabled).to.equal(true);
    expect(document.getElementById(edit.getAttribute('aria-describedby')!)!.textContent).to.equal('Guests and viewers cannot edit or delete links.');
    await click(edit);
    expect(edited).to.have.length(1);
    await expectAccessible(host);
    render({ canEdit: false, withEdit: false });
    expect(buttonNamed('Edit link Design doc')).to.equal(null);
    expect(host.textContent).to.not.contain('Guests and viewers');
  });
});
