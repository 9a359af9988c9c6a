import { useEffect, useRef, useState } from 'react';
import { AppEditor } from '../../editor/app-editor.js';
import { ConflictPanel, useVersionedSave, type SaveVersioned } from '../../editor/versioned-save.js';
import type { EditorHost } from '../../editor/use-editor-host.js';
import type { RichEditorElement } from '../../../react/index.js';
import { Button } from '../../ui/button.js';
import { FormError } from '../../ui/form-field.js';
import { headingsOf, type HeadingEntry } from './table-of-contents.js';
import { TableOfContents } from './contents-nav.js';

/** Saves a page's content edited from a version; resolves with what was stored. */
export type SavePageBody = SaveVersioned;

/** How long after the last change the table of contents is brought up to date. */
const OUTLINE_DELAY_MS = 300;

/**
 * A page's body in the editor (blocks can be dragged), saved with the version it was edited from,
 * and its table of contents beside it. When someone else saved first (409), the user's text stays
 * in the editor and the server's is shown under it, to take instead or to overwrite knowingly.
 */
export function PageBody({ html, version: initialVersion, mayEdit, host, onSave }: { html: string; version: number; mayEdit: boolean; host: EditorHost; onSave: SavePageBody }) {
  const editor = useRef<RichEditorElement>(null);
  // The editor's starting value only: the document lives in the element, never mirrored here.
  const [initialHtml] = useState(html);
  const [headings, setHeadings] = useState<HeadingEntry[]>([]);
  const { dirty, saving, status, failure, conflict, save, takeTheirs, keepMine, changed } = useVersionedSave({
    editor,
    version: initialVersion,
    onSave,
    savedMessage: 'Page saved.',
    onReplaced: () => {
      if (editor.current) setHeadings(headingsOf(editor.current.getJSON()));
    },
  });

  // The outline is read from the document a moment after typing pauses, not on every
  // keystroke: reading the change event's JSON serialises the whole page.
  const outlineTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshOutlineSoon = () => {
    if (outlineTimer.current) clearTimeout(outlineTimer.current);
    outlineTimer.current = setTimeout(() => {
      outlineTimer.current = null;
      if (editor.current) setHeadings(headingsOf(editor.current.getJSON()));
    }, OUTLINE_DELAY_MS);
  };
  useEffect(() => () => {
    if (outlineTimer.current) clearTimeout(outlineTimer.current);
  }, []);

  useEffect(() => {
    // The first outline comes from the starting document; later ones after each pause in typing.
    const element = editor.current;
    if (element) setHeadings(headingsOf(element.getJSON()));
  }, []);

  return (
    <div className="app-page">
      <div>
        <div className="app-editor-box">
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
            {...host}
          />
        </div>
        {conflict ? (
          <ConflictPanel conflict={conflict} what="page" saving={saving} mentionHighlights={host.mentionHighlights} onTakeTheirs={takeTheirs} onKeepMine={keepMine} />
        ) : null}
        {mayEdit ? (
          <div className="app-editor-actions">
            <Button variant="primary" disabled={!dirty || !!conflict} busy={saving} onClick={() => void save()}>
              Save page
            </Button>
            <span className="app-editor-status" role="status">
              {status}
            </span>
          </div>
        ) : null}
        <FormError message={failure} />
      </div>
      <TableOfContents headings={headings} onJump={(entry) => editor.current?.scrollToHeading(entry.level, entry.sequence)} />
    </div>
  );
}
