import { useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../api/api-error.js';
import type { Description } from '../../api/types.js';
import { AppEditor } from '../../editor/app-editor.js';
import type { EditorHost } from '../../editor/use-editor-host.js';
import type { RichEditorElement } from '../../../react/index.js';
import { Button } from '../../ui/button.js';
import { FormError } from '../../ui/form-field.js';
import { headingsOf, type HeadingEntry } from './table-of-contents.js';
import { TableOfContents } from './contents-nav.js';

/** Saves a page's content edited from a version; resolves with what was stored. */
export type SavePageBody = (input: { description_html: string; version: number }) => Promise<Description>;

/** The content the server holds when it is newer than the one being edited (a 409's `current`). */
function currentFrom(error: unknown): Description | null {
  if (!isApiError(error, 409)) return null;
  const current = error.body?.current as Partial<Description> | undefined;
  return current && typeof current.description_html === 'string' && typeof current.version === 'number'
    ? { description_html: current.description_html, version: current.version }
    : null;
}

/**
 * A page's body in the editor (blocks can be dragged), saved with the version it was edited from,
 * and its table of contents beside it. When someone else saved first (409), the user's text stays
 * in the editor and the server's is shown under it, to take instead or to overwrite knowingly.
 */
export function PageBody({ html, version: initialVersion, mayEdit, host, onSave }: { html: string; version: number; mayEdit: boolean; host: EditorHost; onSave: SavePageBody }) {
  const editor = useRef<RichEditorElement>(null);
  // The editor's starting value only: the document lives in the element, never mirrored here.
  const [initialHtml] = useState(html);
  const version = useRef(initialVersion);
  const [headings, setHeadings] = useState<HeadingEntry[]>([]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ message: string; current: Description } | null>(null);

  useEffect(() => {
    // The first outline comes from the starting document; later ones from each change.
    const element = editor.current;
    if (element) setHeadings(headingsOf(element.getJSON()));
  }, []);

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
      setStatus('Page saved.');
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
    if (editor.current) setHeadings(headingsOf(editor.current.getJSON()));
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
            onChange={(event) => {
              setHeadings(headingsOf(event.detail.json));
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
            <h3>The current page</h3>
            <div className="app-editor-box">
              <AppEditor readOnly value={conflict.current.description_html} aria-label="The current page" mentionHighlights={host.mentionHighlights} />
            </div>
            <div className="app-editor-actions">
              <Button onClick={takeTheirs}>Use the current page</Button>
              <Button variant="primary" onClick={keepMine} busy={saving}>
                Save mine over it
              </Button>
            </div>
          </div>
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
