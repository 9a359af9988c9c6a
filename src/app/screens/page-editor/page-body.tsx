import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { clock } from '../../../core/index.js';
import { sharedDocumentName } from '../../api/collab.js';
import { CollaborativeBody } from '../../editor/collaborative-body.js';
import type { EditorHost } from '../../editor/use-editor-host.js';
import type { RichEditorElement } from '../../../react/index.js';
import { headingsOf, type HeadingEntry } from './table-of-contents.js';
import { TableOfContents } from './contents-nav.js';

/** Router state of the navigation to a page just made: its body takes focus, to be written at once. */
export const NEW_PAGE = { newPage: true } as const;

/** Whether the navigation that led here was to a page just made (NEW_PAGE). */
export function useNewPage(): boolean {
  return (useLocation().state as Partial<typeof NEW_PAGE> | null)?.newPage === true;
}

/** How long after the last change the table of contents is brought up to date. */
export const OUTLINE_DELAY_MS = 300;

/**
 * A page's body, edited together (blocks can be dragged): one shared document that the server
 * stores as it changes (see CollaborativeBody), and its table of contents beside it, following
 * everyone's changes.
 */
export function PageBody({ slug, pageId, mayEdit, host }: { slug: string; pageId: string; mayEdit: boolean; host: EditorHost }) {
  const justMade = useNewPage();
  const editor = useRef<RichEditorElement>(null);
  const [headings, setHeadings] = useState<HeadingEntry[]>([]);

  // The outline is read from the document a moment after changes pause (the user's or another's),
  // not on every keystroke: it walks every block of the page.
  const outlineTimer = useRef<unknown>(null);
  const readOutline = () => {
    const doc = editor.current?.editorView?.state.doc;
    if (doc) setHeadings(headingsOf(doc));
  };
  const refreshOutlineSoon = () => {
    if (outlineTimer.current !== null) clock.clearTimeout(outlineTimer.current);
    outlineTimer.current = clock.setTimeout(() => {
      outlineTimer.current = null;
      readOutline();
    }, OUTLINE_DELAY_MS);
  };
  useEffect(
    () => () => {
      if (outlineTimer.current !== null) clock.clearTimeout(outlineTimer.current);
    },
    [],
  );

  return (
    <div className="app-page">
      <CollaborativeBody
        slug={slug}
        document={sharedDocumentName.page(pageId)}
        label="Page content"
        mayEdit={mayEdit}
        host={host}
        editorRef={editor}
        dragDrop
        onChange={refreshOutlineSoon}
        onSynced={readOutline}
        autoFocus={justMade && mayEdit}
      />
      <TableOfContents headings={headings} onJump={(entry) => editor.current?.scrollToHeading(entry.level, entry.sequence)} />
    </div>
  );
}
