import { useEffect, useRef, useState } from 'react';
import { clock } from '../../../core/index.js';
import { AppEditor } from '../../editor/app-editor.js';
import { LeaveGuard } from '../../editor/leave-guard.js';
import { ConflictPanel, useVersionedSave, type SaveVersioned } from '../../editor/versioned-save.js';
import type { EditorHost } from '../../editor/use-editor-host.js';
import type { Description } from '../../api/types.js';
import type { RichEditorElement } from '../../../react/index.js';
import { FormError } from '../../ui/form-field.js';
import { headingsOf, type HeadingEntry } from './table-of-contents.js';
import { TableOfContents } from './contents-nav.js';

/** Saves a page's content edited from a version; resolves with what was stored. */
export type SavePageBody = SaveVersioned;

/** How long after the last change the table of contents is brought up to date. */
export const OUTLINE_DELAY_MS = 300;

/**
 * A page's body in the editor (blocks can be dragged), saved automatically with the version it
 * was edited from (a moment after typing pauses, on blur, with Ctrl/Cmd+S, and before leaving),
 * and its table of contents beside it. When someone else saved first (409), the user's text stays
 * in the editor and the server's is shown under it, to take instead or to overwrite knowingly.
 */
export function PageBody({
  html,
  version: initialVersion,
  mayEdit,
  host,
  onSave,
  onSaved,
}: {
  html: string;
  version: number;
  mayEdit: boolean;
  host: EditorHost;
  onSave: SavePageBody;
  onSaved?(saved: Description): void;
}) {
  const editor = useRef<RichEditorElement>(null);
  // The editor's starting value only: the document lives in the element, never mirrored here.
  const [initialHtml] = useState(html);
  const [headings, setHeadings] = useState<HeadingEntry[]>([]);
  const { unsaved, saving, status, failure, conflict, saveNow, changed, onKeyDown, takeTheirs, keepMine } = useVersionedSave({
    editor,
    version: initialVersion,
    onSave,
    ...(onSaved ? { onSaved } : {}),
    onReplaced: () => {
      if (editor.current) setHeadings(headingsOf(editor.current.getJSON()));
    },
  });

  // The outline is read from the document a moment after typing pauses, not on every
  // keystroke: reading the change event's JSON serialises the whole page.
  const outlineTimer = useRef<unknown>(null);
  const refreshOutlineSoon = () => {
    if (outlineTimer.current !== null) clock.clearTimeout(outlineTimer.current);
    outlineTimer.current = clock.setTimeout(() => {
      outlineTimer.current = null;
      if (editor.current) setHeadings(headingsOf(editor.current.getJSON()));
    }, OUTLINE_DELAY_MS);
  };
  useEffect(() => () => {
    if (outlineTimer.current !== null) clock.clearTimeout(outlineTimer.current);
  }, []);

  useEffect(() => {
    // The first outline comes from the starting document; later ones after each pause in typing.
    const element = editor.current;
    if (element) setHeadings(headingsOf(element.getJSON()));
  }, []);

  return (
    <div className="app-page">
      <div>
        <div className="app-editor-box" onKeyDown={mayEdit ? onKeyDown : undefined}>
          <AppEditor
            ref={editor}
            value={initialHtml}
            readOnly={!mayEdit}
            dragDrop
            aria-label="Page content"
            {...(mayEdit ? {} : { placeholder: '' })}
            onChange={() => {
              refreshOutlineSoon();
              changed();
            }}
            onEditorBlur={() => void saveNow()}
            {...host}
          />
        </div>
        {conflict ? (
          <ConflictPanel conflict={conflict} what="page" saving={saving} mentionHighlights={host.mentionHighlights} onTakeTheirs={takeTheirs} onKeepMine={keepMine} />
        ) : null}
        {mayEdit ? (
          <p className="app-editor-status" role="status">
            {status}
          </p>
        ) : null}
        <FormError message={failure} />
        {mayEdit ? <LeaveGuard unsaved={unsaved} save={saveNow} what="page" /> : null}
      </div>
      <TableOfContents headings={headings} onJump={(entry) => editor.current?.scrollToHeading(entry.level, entry.sequence)} />
    </div>
  );
}
