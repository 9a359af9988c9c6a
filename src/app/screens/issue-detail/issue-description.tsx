import { useRef, useState } from 'react';
import { sharedDocumentName } from '../../api/collab.js';
import { CollaborativeBody } from '../../editor/collaborative-body.js';
import type { EditorHost } from '../../editor/use-editor-host.js';
import type { RichEditorElement } from '../../../react/index.js';
import { AiAssistant, type AiErrorToast, type AskAi } from '../../widgets/ai-assistant/index.js';

/**
 * An issue's description, edited together: everyone on the issue types into one shared document
 * that the server stores as it changes (see CollaborativeBody), with the AI assistant for members.
 */
export function IssueDescription({
  slug,
  issueId,
  mayEdit,
  host,
  ask,
  notify,
}: {
  slug: string;
  issueId: string;
  mayEdit: boolean;
  host: EditorHost;
  /** Asks the AI assistant (members only); left out, no assistant is offered. */
  ask?: AskAi;
  /** Shows the assistant's failures as toasts. */
  notify?(toast: AiErrorToast): void;
}) {
  const editor = useRef<RichEditorElement>(null);
  const [aiOpen, setAiOpen] = useState(false);
  const [aiPrompt, setAiPrompt] = useState({ markdown: '', html: '' });

  const openAi = (open: boolean) => {
    // The prompt is what the description holds as the popup opens: markdown for the assistant,
    // HTML for the user to read.
    if (open) setAiPrompt({ markdown: descriptionText(editor.current), html: editor.current?.getHTML() ?? '' });
    setAiOpen(open);
  };
  // Inserted into the shared document like typing: stored and shown to everyone as any change.
  const useAiResponse = (responseHtml: string) => editor.current?.insertHTML(responseHtml);

  return (
    <CollaborativeBody
      slug={slug}
      document={sharedDocumentName.issueDescription(issueId)}
      label="Description"
      mayEdit={mayEdit}
      host={host}
      editorRef={editor}
      tools={
        mayEdit && ask ? (
          <AiAssistant ask={ask} prompt={aiPrompt.markdown} contentHtml={aiPrompt.html} open={aiOpen} onOpenChange={openAi} onUseResponse={useAiResponse} {...(notify ? { notify } : {})} />
        ) : null
      }
    />
  );
}

/**
 * The description as the assistant's context: its markdown, through the element's public
 * API (the app uses the editor as any host page would, never its internals).
 */
function descriptionText(element: RichEditorElement | null): string {
  return element?.getMarkdown() ?? '';
}
