import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import {
  AiAssistant,
  aiErrorMessage,
  isEmptyAnswer,
  type AiAnswer,
  type AiAssistantProps,
  type AiErrorToast,
} from '../../../src/app/widgets/ai-assistant/index.js';
import { ApiError } from '../../../src/app/api/api-error.js';
import { click } from '../shell/input.js';
import { settled } from '../shell/timing.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { focusReturnsTo, until } from '../../helpers/until.js';

const byText = (text: string, selector = 'button') =>
  [...document.querySelectorAll<HTMLElement>(selector)].find((el) => el.textContent?.trim() === text) ?? null;
const popup = () => document.querySelector<HTMLElement>('[role="dialog"]');
const taskInput = () => popup()?.querySelector<HTMLInputElement>('input') ?? null;
const alerts = () => [...(popup()?.querySelectorAll('[role="alert"]') ?? [])].map((el) => el.textContent);
const responseText = () => {
  const editor = popup()?.querySelector('rich-editor');
  return editor?.shadowRoot?.querySelector('[role="textbox"]')?.textContent ?? null;
};

interface Pending {
  request: { prompt: string; task: string };
  resolve: (answer: AiAnswer) => void;
  reject: (error: unknown) => void;
}

describe('AiAssistant', () => {
  let host: HTMLDivElement;
  let root: Root;
  let asked: Pending[];
  let used: string[];
  let toasts: AiErrorToast[];

  const ask: AiAssistantProps['ask'] = (request) =>
    new Promise((resolve, reject) => {
      asked.push({ request, resolve, reject });
    });

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    asked = [];
    used = [];
    toasts = [];
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  async function open(props: Partial<AiAssistantProps> = {}): Promise<void> {
    flushSync(() =>
      root.render(
        <AiAssistant ask={ask} prompt="Our roadmap for May" onUseResponse={(html) => used.push(html)} notify={(toast) => toasts.push(toast)} {...props} />,
      ),
    );
    await click(byText('AI assistant')!);
    await until(() => popup() && document.activeElement === taskInput());
  }

  async function generate(task: string): Promise<void> {
    taskInput()!.focus();
    await sendKeys({ type: task });
    await sendKeys({ press: 'Enter' });
  }

  it('starts empty, with the content, a focused task field and "Generate response"', async () => {
    await open();
    expect(popup()!.getAttribute('aria-labelledby')).to.be.a('string');
    expect(document.getElementById(popup()!.getAttribute('aria-labelledby')!)!.textContent).to.equal('AI assistant');
    expect(popup()!.textContent).to.contain('Our roadmap for May');
    expect(taskInput()!.labels![0].textContent).to.equal('Task');
    expect(taskInput()!.placeholder).to.equal('Tell AI what action to perform on this content...');
    expect(byText('Generate response')).to.not.equal(null);
    expect(byText('Use this response')).to.equal(null);
    expect(popup()!.querySelector('rich-editor')).to.equal(null);
  });

  it('asks anything when there is no content', async () => {
    await open({ prompt: '' });
    expect(taskInput()!.placeholder).to.equal('Ask AI anything...');
    expect(popup()!.querySelector('[aria-label="Content"]')).to.equal(null);
  });

  it('requires a task', async () => {
    await open();
    await sendKeys({ press: 'Enter' });
    await until(() => alerts().length);
    expect(alerts()).to.deep.equal(['Please enter some task to get AI assistance.']);
    const error = popup()!.querySelector('[role="alert"]')!;
    expect(taskInput()!.getAttribute('aria-invalid')).to.equal('true');
    expect(taskInput()!.getAttribute('aria-describedby')).to.equal(error.id);
    await sendKeys({ type: '   ' });
    await click(byText('Generate response')!);
    await until(() => alerts().length === 1);
    expect(asked).to.deep.equal([]);
    expect(toasts).to.deep.equal([]);
  });

  it('shows a loading state, then the response read-only with "Use this response" and "Generate again"', async () => {
    await open();
    await generate('Summarise it');
    await until(() => asked.length === 1);
    expect(asked[0].request).to.deep.equal({ prompt: 'Our roadmap for May', task: 'Summarise it' });
    expect(byText('Generating response...')!.hasAttribute('disabled')).to.equal(true);
    expect(popup()!.querySelector('form')!.getAttribute('aria-busy')).to.equal('true');
    asked[0].resolve({ response: 'Ship the editor.', response_html: '<p>Ship the <strong>editor</strong>.</p>' });
    await until(() => responseText() === 'Ship the editor.');
    const editor = popup()!.querySelector('rich-editor')!;
    expect(editor.shadowRoot!.querySelector('[role="textbox"]')!.getAttribute('contenteditable')).to.equal('false');
    expect(editor.shadowRoot!.querySelector('strong')!.textContent).to.equal('editor');
    expect(byText('Generate again')!.hasAttribute('disabled')).to.equal(false);
    expect(byText('Use this response')).to.not.equal(null);
  });

  it('regenerates with the same task and shows the new response', async () => {
    await open();
    await generate('Shorten');
    await until(() => asked.length === 1);
    asked[0].resolve({ response: 'First', response_html: '<p>First</p>' });
    await until(() => byText('Generate again'));
    await click(byText('Generate again')!);
    await until(() => asked.length === 2);
    expect(asked[1].request).to.deep.equal({ prompt: 'Our roadmap for May', task: 'Shorten' });
    asked[1].resolve({ response: 'Second', response_html: '<p>Second</p>' });
    await until(() => responseText() === 'Second');
  });

  it('hands the response HTML over and closes on "Use this response"', async () => {
    await open();
    await generate('Expand');
    await until(() => asked.length === 1);
    asked[0].resolve({ response: 'Longer text', response_html: '<p>Longer text</p>' });
    await until(() => byText('Use this response'));
    await click(byText('Use this response')!);
    await until(() => popup() === null);
    expect(used).to.deep.equal(['<p>Longer text</p>']);
  });

  it('shows a notice for an empty response', async () => {
    await open();
    await generate('Nothing');
    await until(() => asked.length === 1);
    asked[0].resolve({ response: '  ', response_html: '<p></p>' });
    await until(() => popup()!.querySelector('[role="status"]'));
    expect(popup()!.querySelector('[role="status"]')!.textContent).to.equal(
      'No response could be generated. This may be due to insufficient content or task information. Please try again.',
    );
    expect(byText('Use this response')).to.equal(null);
    expect(byText('Generate response')).to.not.equal(null);
  });

  const failures: [string, unknown, string][] = [
    ['the quota message on 429', { status: 429, error: 'Too many requests' }, 'You have reached the maximum number of requests of 50 requests per month per user.'],
    ["the server's error text", Object.assign(new Error('Request failed'), { status: 503, error: 'The AI assistant is not available on this server.' }), 'The AI assistant is not available on this server.'],
    ['the generic message without a server text', { status: 500 }, 'Some error occurred. Please try again.'],
    ['the generic message for a network failure', new TypeError('Failed to fetch'), 'Some error occurred. Please try again.'],
  ];
  for (const [what, error, message] of failures) {
    it(`shows ${what}, inline and as an error toast`, async () => {
      await open();
      await generate('Summarise');
      await until(() => asked.length === 1);
      asked[0].reject(error);
      await until(() => alerts().length === 1);
      expect(alerts()).to.deep.equal([message]);
      expect(toasts).to.deep.equal([{ type: 'error', title: 'Error!', message }]);
      expect(byText('Generate response')!.hasAttribute('disabled')).to.equal(false);
    });
  }

  it('closes with Escape and opens empty again', async () => {
    await open();
    await generate('Draft');
    await until(() => asked.length === 1);
    asked[0].resolve({ response: 'Draft', response_html: '<p>Draft</p>' });
    await until(() => byText('Generate again'));
    taskInput()!.focus();
    await sendKeys({ press: 'Escape' });
    await until(() => popup() === null);
    await focusReturnsTo(byText('AI assistant'), 'the AI assistant button');
    await click(byText('AI assistant')!);
    await until(() => popup());
    expect(taskInput()!.value).to.equal('');
    expect(byText('Generate response')).to.not.equal(null);
    expect(byText('Use this response')).to.equal(null);
  });

  it('drops an answer that arrives after closing', async () => {
    await open();
    await generate('Late');
    await until(() => asked.length === 1);
    await click(byText('Close')!);
    await until(() => popup() === null);
    asked[0].resolve({ response: 'Late', response_html: '<p>Late</p>' });
    await settled();
    expect(used).to.deep.equal([]);
    expect(toasts).to.deep.equal([]);
  });

  it('can be controlled by its host', async () => {
    const changes: boolean[] = [];
    flushSync(() => root.render(<AiAssistant ask={ask} prompt="" onUseResponse={() => {}} open onOpenChange={(next) => changes.push(next)} />));
    await until(() => popup());
    await click(byText('Close')!);
    expect(changes).to.deep.equal([false]);
    expect(popup()).to.not.equal(null);
  });

  it('passes axe when empty, with a response and with errors', async () => {
    await open();
    await expectAccessible(popup()!);
    await generate('Rewrite');
    await until(() => asked.length === 1);
    asked[0].resolve({ response: 'Done', response_html: '<p>Done</p>' });
    await until(() => responseText() === 'Done');
    await expectAccessible(popup()!);
    await click(byText('Generate again')!);
    await until(() => asked.length === 2);
    asked[1].reject({ status: 429 });
    await until(() => alerts().length === 1);
    await expectAccessible(popup()!);
  });
});

describe('AI messages', () => {
  it('chooses the error text', () => {
    expect(aiErrorMessage({ status: 429 })).to.equal('You have reached the maximum number of requests of 50 requests per month per user.');
    expect(aiErrorMessage({ status: 400, error: 'Task is required' })).to.equal('Task is required');
    expect(aiErrorMessage({ status: 502, error: ' ' })).to.equal('Some error occurred. Please try again.');
    expect(aiErrorMessage(null)).to.equal('Some error occurred. Please try again.');
    // The app's API errors keep the server's answer in `body`; their message has a generic fallback of its own.
    expect(aiErrorMessage(new ApiError(503, 'AI is not configured.', { error: 'AI is not configured.' }))).to.equal('AI is not configured.');
    expect(aiErrorMessage(new ApiError(500, 'Something went wrong. Please try again.', null))).to.equal('Some error occurred. Please try again.');
    expect(aiErrorMessage(new ApiError(0, 'Could not reach the server.'))).to.equal('Some error occurred. Please try again.');
    expect(aiErrorMessage(new ApiError(429, 'Too many', { error: 'Too many' }))).to.equal(
      'You have reached the maximum number of requests of 50 requests per month per user.',
    );
  });

  it('recognises an empty answer', () => {
    expect(isEmptyAnswer({ response: '', response_html: '' })).to.equal(true);
    expect(isEmptyAnswer({ response: ' ', response_html: '<p>&nbsp;</p>' })).to.equal(true);
    expect(isEmptyAnswer({ response: 'x', response_html: '' })).to.equal(false);
    expect(isEmptyAnswer({ response: '', response_html: '<p>x</p>' })).to.equal(false);
  });
});
