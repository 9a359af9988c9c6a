import { useCallback, useEffect, useRef, useState } from 'react';
import { attachmentSizeMessage, EMPTY_ATTACHMENT_MESSAGE } from '../../../api-shapes/attachment-rules.js';
import type { Attachment } from '../../api/types.js';
import { uploadErrorText } from '../../widgets/image-upload/image-rules.js';

/** Sends one file; `onProgress` takes how much was sent, from 0 to 1. */
export type SendAttachment = (file: File, options: { onProgress: (fraction: number) => void; signal: AbortSignal }) => Promise<Attachment>;

/** A file on its way: its name and how much was sent (0 to 100). */
export interface UploadInFlight {
  id: number;
  name: string;
  progress: number;
  /** Stops sending it; nothing is kept and nothing is reported. */
  cancel(): void;
}

/** A file that was not taken, and why, in the words the server uses. */
export interface UploadProblem {
  id: number;
  name: string;
  message: string;
}

/** What the uploads need from the section. */
export interface AttachmentUploadOptions {
  send: SendAttachment;
  /** The server's upload limit in bytes. */
  limit: number;
  /** After each file is stored (refresh the list and the activity). */
  onUploaded(attachment: Attachment): Promise<unknown> | void;
}

/**
 * The uploads of an attachments section: each chosen or dropped file is checked as the server
 * would (empty, over the limit: the same sentence without sending it), then sent with its
 * progress; refused and failed files are listed with the reason (the server's text, or the
 * spec's "Something went wrong. Please try again."). Leaving the page stops what is still going.
 */
export function useAttachmentUploads({ send, limit, onUploaded }: AttachmentUploadOptions) {
  const [uploads, setUploads] = useState<UploadInFlight[]>([]);
  const [problems, setProblems] = useState<UploadProblem[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const counter = useRef(0);
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) controller.abort();
    };
  }, []);

  const upload = useCallback(
    async (file: File, id: number) => {
      const controller = new AbortController();
      controllers.current.add(controller);
      const progress = (fraction: number) =>
        setUploads((now) => now.map((entry) => (entry.id === id ? { ...entry, progress: Math.round(Math.min(1, Math.max(0, fraction)) * 100) } : entry)));
      setUploads((now) => [...now, { id, name: file.name, progress: 0, cancel: () => controller.abort() }]);
      try {
        const attachment = await send(file, { onProgress: progress, signal: controller.signal });
        await onUploaded(attachment);
        setDone(`${attachment.name} uploaded.`);
      } catch (error) {
        if (!controller.signal.aborted) setProblems((now) => [...now, { id, name: file.name, message: uploadErrorText(error) }]);
      } finally {
        controllers.current.delete(controller);
        setUploads((now) => now.filter((entry) => entry.id !== id));
      }
    },
    [send, onUploaded],
  );

  /** Starts uploading `files` (from the file chooser or a drop); the problems of an earlier batch go. */
  const add = useCallback(
    (files: ArrayLike<File>) => {
      const refused: UploadProblem[] = [];
      for (const file of Array.from(files)) {
        const id = ++counter.current;
        const message = file.size === 0 ? EMPTY_ATTACHMENT_MESSAGE : file.size > limit ? attachmentSizeMessage(limit) : null;
        if (message) refused.push({ id, name: file.name, message });
        else void upload(file, id);
      }
      setProblems(refused);
      setDone(null);
    },
    [limit, upload],
  );

  return { uploads, problems, done, add };
}
