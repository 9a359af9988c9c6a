import { useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../api/api-error.js';
import type { Description } from '../../api/types.js';
import { AppEditor } from '../../editor/app-editor.js';
import type { EditorHost } from '../../editor/use-editor-host.js';
import type { RichEditorElement } from '../../../react/index.js';
import { Button } from '../../ui/button.js';
import { FormError } from '../../ui/form-field.js';
import { AiAssistant, type AiErrorToast, type AskAi } from '../../widgets/ai-assistant/index.js';

/** Saves a description edited from a version; resolves with what was stored. */
export type SaveDescription = (input: { description_html: string; version: number }) => Promise<Description>;

/** A description the server holds that is newer than the one being edited. */
function currentFrom(error: unknown): Description | null {
  if (!isApiError(error, 409)) return null;
  const current = error.body?.current as Partial<Description> | undefined;
  return current && typeof current.description_html === 'string' && typeof current.version === 'number'
    ? { description_html: current.description_html, version: current.version }
    : null;
}

/**
 * An issue's description in the editor, saved with the version it was edited from. When someone
 * else saved first (409), the user's text stays in the editor and the server's current text is
 * shown beside it, to take instead or to overwrite knowingly.
 */
export function IssueDescription({
  html,
  version: initialVersion,
  mayEdit,
  host,
  onSave,
  onSaved,
  ask,
  notify,
}: {
  html: string;
  version: number;
  mayEdit: boolean;
  host: EditorHost;
  onSave: SaveDescription;
  onSaved?(saved: Description): void;
  /** Asks the AI assistant (members only); left out, no assistant is offered. */
  ask?: AskAi;
  /** Shows the assistant's failures as toasts. */
  notify?(toast: AiErrorToast): void;
}) {
  const editor = useRef<RichEditorElement>(null);
  // The editor's starting value only: the document lives in the element, never mirrored here.
  const [initialHtml] = useState(html);
  const version = useRef(initialVersion);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ message: string; current: Description } | null>(null);
  const [aiOpen, setAiOpen] = useState(false);
  const [aiPrompt, setAiPrompt] = useState('');

  const openAi = (open: boolean) => {
    // The prompt is what the description holds as the popup opens.
    if (open) setAiPrompt(descriptionText(editor.current));
    setAiOpen(open);
  };
  const useAiResponse = (responseHtml: string) => {
    editor.current?.insertHTML(responseHtml);
    setDirty(true);
    void save();
  };

  const save = async () => {
    const element = editor.current;
    if (!element || saving) return;
    setSaving(true);
    setFailure(null);
    setStatus('');
    try {
      const saved = await onSave({ description_html: element.getHTML(), version: version.current });
      version.current = saved.version;
      setDirty(false);
      setConflict(null);
      setStatus('Description saved.');
      onSaved?.(saved);
    } catch (error) {
      const current = currentFrom(error);
      if (current) setConflict({ message: errorMessage(error), current });
      else setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const takeTheirs = () => {
    if (!conflict) return;
    editor.current?.setValue(conflict.current.description_html);
    version.current = conflict.current.version;
    setConflict(null);
    setDirty(false);
    setStatus('Their version is in the editor.');
  };

  const keepMine = () => {
    if (!conflict) return;
    // Saving again from their version overwrites it with the user's text, as they chose.
    version.current = conflict.current.version;
    setConflict(null);
    void save();
  };

  return (
    <>
      {mayEdit && ask ? (
        <div className="app-editor-toolbar">
          <AiAssistant ask={ask} prompt={aiPrompt} open={aiOpen} onOpenChange={openAi} onUseResponse={useAiResponse} {...(notify ? { notify } : {})} />
        </div>
      ) : null}
      <div className="app-editor-box">
        <AppEditor
          ref={editor}
          value={initialHtml}
          readOnly={!mayEdit}
          aria-label="Description"
          {...(mayEdit ? {} : { placeholder: '' })}
          onChange={() => {
            setDirty(true);
            setStatus('');
          }}
          uploadFile={host.uploadFile}
          deleteFile={host.deleteFile}
          restoreFile={host.restoreFile}
          mentionSuggestions={host.mentionSuggestions}
          mentionHighlights={host.mentionHighlights}
          onMentionClick={host.onMentionClick}
        />
      </div>
      {conflict ? (
        <div className="app-conflict" role="alert">
          <p>{conflict.message}</p>
          <h3>The current description</h3>
          <div className="app-editor-box">
            <AppEditor readOnly value={conflict.current.description_html} aria-label="The current description" mentionHighlights={host.mentionHighlights} />
          </div>
          <div className="app-editor-actions">
            <Button onClick={takeTheirs}>Use the current description</Button>
            <Button variant="primary" onClick={keepMine} busy={saving}>
              Save mine over it
            </Button>
          </div>
        </div>
      ) : null}
      {mayEdit ? (
        <div className="app-editor-actions">
          <Button variant="primary" disabled={!dirty || !!conflict} busy={saving} onClick={() => void save()}>
            Save description
          </Button>
          <span className="app-editor-status" role="status">
            {status}
          </span>
        </div>
      ) : null}
      <FormError message={failure} />
    </>
  );
}

/**
 * The description as the assistant's context: its markdown, through the element's public
 * API (the app uses the editor as any host page would, never its internals).
 */
function descriptionText(element: RichEditorElement | null): string {
  return element?.getMarkdown() ?? '';
}
