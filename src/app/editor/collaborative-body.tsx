import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { RichEditorElement } from '../../react/index.js';
import { useWorkspaceMembers } from '../layout/workspace-data.js';
import { useSignedInUser } from '../session/session.js';
import { pickersCss } from '../ui/pickers/pickers.css.js';
import { useStyles } from '../ui/styles.js';
import { AppEditor } from './app-editor.js';
import { collabCss } from './collab.css.js';
import { collabStatus } from './collab-status.js';
import { PresenceList } from './presence-list.js';
import type { EditorHost } from './use-editor-host.js';
import { useCollaborativeDocument } from './use-collaborative-document.js';

/**
 * A rich text everyone with access edits together (an issue's description, a page): the shared
 * document `document` on the API server, with the others present as avatars and their carets in
 * the text, and one status line in words ("Connecting…", "Saving…", "Saved", "Offline: 3 changes
 * waiting", "Read-only"). Every change is stored by the server as it is made: there is no save
 * button, no version to conflict with, and nothing to lose by leaving. Members edit; viewers and
 * guests (and everyone on an archived page) read, and are present all the same.
 */
export function CollaborativeBody({
  slug,
  document,
  label,
  mayEdit,
  host,
  editorRef,
  dragDrop,
  tools,
  onChange,
  onSynced,
  autoFocus = false,
}: {
  slug: string;
  /** The shared document's name (`sharedDocumentName`). */
  document: string;
  /** The editor's accessible name. */
  label: string;
  mayEdit: boolean;
  host: EditorHost;
  editorRef?: RefObject<RichEditorElement | null>;
  dragDrop?: boolean;
  /** Actions beside the status line (the AI assistant). */
  tools?: ReactNode;
  /** After each change of the document, the user's or another's. */
  onChange?(): void;
  /** Once the document has arrived from the server and is in the editor (each time the screen opens it). */
  onSynced?(): void;
  /** The editor takes focus as it appears (a page just made, to be written at once); what is typed before the document arrives is kept. */
  autoFocus?: boolean;
}) {
  useStyles('app-pickers', pickersCss);
  useStyles('app-collab', collabCss);
  const user = useSignedInUser();
  const members = useWorkspaceMembers(slug);
  const { collaboration, state, present, edited } = useCollaborativeDocument(document, user);
  const status = collabStatus(state, { edited, mayEdit });
  const connecting = state.status === 'connecting';
  const synced = state.status === 'synced';
  // The element builds its view around the document as it syncs, before React draws this.
  useEffect(() => {
    if (synced) onSynced?.();
  }, [synced]);
  const own = useRef<RichEditorElement | null>(null);
  const editor = editorRef ?? own;
  const provider = collaboration?.provider;
  useEffect(() => {
    const element = editor.current;
    if (!autoFocus || !element) return;
    let live = true;
    void element.updateComplete.then(() => live && element.focus());
    return () => {
      live = false;
    };
  }, [autoFocus, provider]);

  return (
    <div className="app-collab">
      <div className="app-collab-bar">
        <PresenceList people={present} members={members.data} />
        <p className="app-editor-status" role="status" data-tone={status.tone} data-status={state.status}>
          {status.text}
        </p>
        {tools ? <div className="app-collab-tools">{tools}</div> : null}
      </div>
      <div className="app-editor-box" aria-busy={connecting}>
        {collaboration ? (
          <AppEditor
            ref={editor}
            collaboration={collaboration}
            readOnly={!mayEdit}
            aria-label={label}
            {...(mayEdit ? {} : { placeholder: '' })}
            {...(dragDrop ? { dragDrop } : {})}
            {...(onChange ? { onChange } : {})}
            {...host}
          />
        ) : null}
      </div>
    </div>
  );
}
