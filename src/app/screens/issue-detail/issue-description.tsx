import { useRef, useState } from 'react';
import type { Description } from '../../api/types.js';
import { AppEditor } from '../../editor/app-editor.js';
import { LeaveGuard } from '../../editor/leave-guard.js';
import { ConflictPanel, useVersionedSave, type SaveVersioned } from '../../editor/versioned-save.js';
import type { EditorHost } from '../../editor/use-editor-host.js';
import type { RichEditorElement } from '../../../react/index.js';
import { FormError } from '../../ui/form-field.js';
import { AiAssistant, type AiErrorToast, type AskAi } from '../../widgets/ai-assistant/index.js';

/** Saves a description edited from a version; resolves with what was stored. */
export type SaveDescription = SaveVersioned;

/**
 * An issue's description in the editor, saved automatically with the version it was edited from
 * (a moment after typing pauses, on blur, with Ctrl/Cmd+S, and before leaving). When someone
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
  const { unsaved, saving, status, failure, conflict, saveNow, changed, onKeyDown, takeTheirs, keepMine } = useVersionedSave({
    editor,
    version: initialVersion,
    onSave,
    ...(onSaved ? { onSaved } : {}),
  });
  const [aiOpen, setAiOpen] = useState(false);
  const [aiPrompt, setAiPrompt] = useState({ markdown: '', html: '' });

  const openAi = (open: boolean) => {
    // The prompt is what the description holds as the popup opens: markdown for the assistant,
    // HTML for the user to read.
    if (open) setAiPrompt({ markdown: descriptionText(editor.current), html: editor.current?.getHTML() ?? '' });
    setAiOpen(open);
  };
  const useAiResponse = (responseHtml: string) => {
    editor.current?.insertHTML(responseHtml);
    changed();
    void saveNow();
  };

  return (
    <>
      {mayEdit && ask ? (
        <div className="app-editor-toolbar">
          <AiAssistant ask={ask} prompt={aiPrompt.markdown} contentHtml={aiPrompt.html} open={aiOpen} onOpenChange={openAi} onUseResponse={useAiResponse} {...(notify ? { notify } : {})} />
        </div>
      ) : null}
      <div className="app-editor-box" onKeyDown={mayEdit ? onKeyDown : undefined}>
        <AppEditor
          ref={editor}
          value={initialHtml}
          readOnly={!mayEdit}
          aria-label="Description"
          {...(mayEdit ? {} : { placeholder: '' })}
          onChange={changed}
          onEditorBlur={() => void saveNow()}
          {...host}
        />
      </div>
      {conflict ? (
        <ConflictPanel conflict={conflict} what="description" saving={saving} mentionHighlights={host.mentionHighlights} onTakeTheirs={takeTheirs} onKeepMine={keepMine} />
      ) : null}
      {mayEdit ? (
        <p className="app-editor-status" role="status">
          {status}
        </p>
      ) : null}
      <FormError message={failure} />
      {mayEdit ? <LeaveGuard unsaved={unsaved} save={saveNow} what="description" /> : null}
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
