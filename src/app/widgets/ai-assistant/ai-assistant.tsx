import * as Popover from '@radix-ui/react-popover';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { RichEditor } from '../../../react/index.js';
import { useStyles } from '../../ui/styles.js';
import { aiAssistantCss } from './ai-assistant.css.js';
import { NO_RESPONSE_MESSAGE, TASK_REQUIRED_MESSAGE, aiErrorMessage, isEmptyAnswer } from './ai-messages.js';

/** The assistant's answer (spec section 3). */
export interface AiAnswer {
  response: string;
  response_html: string;
}

/** Asks the assistant; rejects with an error carrying the HTTP `status` and the server's `error` text. */
export type AskAi = (request: { prompt: string; task: string }) => Promise<AiAnswer>;

/** An error toast as the app's toaster takes it. */
export interface AiErrorToast {
  type: 'error';
  title: 'Error!';
  message: string;
}

/** The props of `<AiAssistant>`. */
export interface AiAssistantProps {
  ask: AskAi;
  /** The content the task applies to, as sent to the assistant (may be empty). */
  prompt: string;
  /**
   * The same content as HTML, shown to the user as formatted text (a markdown prompt would
   * otherwise show its syntax); left out, the prompt is shown as it is.
   */
  contentHtml?: string;
  /** Receives the chosen response's HTML. */
  onUseResponse: (html: string) => void;
  /** Shows failures as toasts. */
  notify?: (toast: AiErrorToast) => void;
  /** The trigger button's text. */
  triggerLabel?: string;
  /** Controls whether the popup is open (uncontrolled when left out). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** The AI writing assistant: a popup that sends a task about the given content and offers the response to use. */
export function AiAssistant({ triggerLabel = 'AI assistant', open, onOpenChange, ...panel }: AiAssistantProps) {
  useStyles('ai-assistant', aiAssistantCss);
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <Popover.Root open={isOpen} onOpenChange={setOpen}>
      <Popover.Trigger className="ai-assistant__trigger">{triggerLabel}</Popover.Trigger>
      <Popover.Portal>
        {/* The panel mounts with each opening, so a closed popup forgets its task and response. */}
        <AiAssistantPanel {...panel} onClose={() => setOpen(false)} />
      </Popover.Portal>
    </Popover.Root>
  );
}

interface PanelProps extends Omit<AiAssistantProps, 'triggerLabel' | 'open' | 'onOpenChange'> {
  onClose: () => void;
}

function AiAssistantPanel({ ask, prompt, contentHtml, onUseResponse, notify, onClose }: PanelProps) {
  const [task, setTask] = useState('');
  const [taskError, setTaskError] = useState<string | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<AiAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const taskErrorId = useId();
  // Answers that arrive after the popup closed, or after a newer request, are dropped.
  const latest = useRef(0);
  useEffect(() => () => void latest.current++, []);

  const hasResponse = answer !== null && !isEmptyAnswer(answer);

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (!task.trim()) {
      setTaskError(TASK_REQUIRED_MESSAGE);
      input.current?.focus();
      return;
    }
    const request = ++latest.current;
    setTaskError(null);
    setRequestError(null);
    setLoading(true);
    try {
      const result = await ask({ prompt, task });
      if (request !== latest.current) return;
      setAnswer(result);
    } catch (error) {
      if (request !== latest.current) return;
      const message = aiErrorMessage(error);
      setRequestError(message);
      notify?.({ type: 'error', title: 'Error!', message });
    } finally {
      if (request === latest.current) setLoading(false);
    }
  };

  return (
    <Popover.Content
      className="ai-assistant"
      aria-labelledby={headingId}
      align="start"
      sideOffset={6}
      collisionPadding={8}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        input.current?.focus();
      }}
    >
      <h2 id={headingId} className="ai-assistant__heading">
        AI assistant
      </h2>
      {prompt.trim() && (
        <section className="ai-assistant__section" aria-label="Content">
          <h3 className="ai-assistant__section-title">Content</h3>
          {contentHtml === undefined ? (
            <p className="ai-assistant__content">{prompt}</p>
          ) : (
            <div className="ai-assistant__content ai-assistant__content--rich">
              <RichEditor readOnly value={contentHtml} />
            </div>
          )}
        </section>
      )}
      {hasResponse && (
        <section className="ai-assistant__section" aria-label="Response">
          <h3 className="ai-assistant__section-title">Response</h3>
          <div className="ai-assistant__response">
            <RichEditor readOnly value={answer.response_html} />
          </div>
        </section>
      )}
      {answer !== null && !hasResponse && (
        <p role="status" className="ai-assistant__notice">
          {NO_RESPONSE_MESSAGE}
        </p>
      )}
      <form className="ai-assistant__field" onSubmit={generate} noValidate aria-busy={loading}>
        <label className="ai-assistant__label" htmlFor={`${headingId}-task`}>
          Task
        </label>
        <input
          ref={input}
          id={`${headingId}-task`}
          className="ai-assistant__input"
          value={task}
          placeholder={prompt.trim() ? 'Tell AI what action to perform on this content...' : 'Ask AI anything...'}
          aria-invalid={taskError ? true : undefined}
          aria-describedby={taskError ? taskErrorId : undefined}
          onChange={(event) => {
            setTask(event.target.value);
            if (taskError) setTaskError(null);
          }}
        />
        {taskError && (
          <p id={taskErrorId} role="alert" className="ai-assistant__error">
            {taskError}
          </p>
        )}
        {requestError && (
          <p role="alert" className="ai-assistant__error">
            {requestError}
          </p>
        )}
        <div className="ai-assistant__actions">
          {hasResponse && (
            <button
              type="button"
              className="ai-assistant__button"
              onClick={() => {
                onUseResponse(answer.response_html);
                onClose();
              }}
            >
              Use this response
            </button>
          )}
          <button type="button" className="ai-assistant__button" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="ai-assistant__button ai-assistant__button--primary" disabled={loading}>
            {loading ? 'Generating response...' : hasResponse ? 'Generate again' : 'Generate response'}
          </button>
        </div>
      </form>
    </Popover.Content>
  );
}
