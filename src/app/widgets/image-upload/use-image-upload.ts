import { useCallback, useEffect, useRef, useState } from 'react';
import { checkImageFiles, uploadErrorText } from './image-rules.js';

/** Uploads one image and resolves with its URL; `onProgress` takes a percentage from 0 to 100. */
export type UploadImage = (file: File, onProgress: (percent: number) => void) => Promise<string>;

/** Where an image upload stands: none, then file chosen, then uploading, then done. */
export type ImageUploadState =
  | { status: 'none' }
  | { status: 'chosen'; file: File }
  | { status: 'uploading'; file: File; progress: number }
  | { status: 'done'; file: File; url: string };

/** What the uploader needs from its host. */
export interface ImageUploadOptions {
  upload: UploadImage;
  maxSize?: number | null;
  /** The image being replaced: deleted through `deleteOld` once the new one is uploaded. */
  oldUrl?: string | null;
  deleteOld?: (oldUrl: string) => unknown;
  onUploaded: (url: string) => void;
}

/** The state machine of one image upload: choosing (with the type and size rules), uploading with progress, and the outcome. */
export function useImageUpload({ upload, maxSize, oldUrl, deleteOld, onUploaded }: ImageUploadOptions) {
  const [state, setState] = useState<ImageUploadState>({ status: 'none' });
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // Results that arrive after unmounting, or for a file since replaced, are dropped.
  const attempt = useRef(0);
  useEffect(() => () => void attempt.current++, []);

  const file = state.status === 'none' ? null : state.file;
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = useCallback(
    (files: ArrayLike<File>) => {
      if (state.status === 'uploading') return;
      const problem = checkImageFiles(files, maxSize);
      setError(problem);
      if (!problem) setState({ status: 'chosen', file: files[0] });
    },
    [state.status, maxSize],
  );

  const start = useCallback(async () => {
    if (state.status !== 'chosen') return;
    const chosen = state.file;
    const current = ++attempt.current;
    setError(null);
    setState({ status: 'uploading', file: chosen, progress: 0 });
    const onProgress = (percent: number) => {
      if (current !== attempt.current) return;
      const progress = Math.round(Math.min(100, Math.max(0, percent)));
      setState((now) => (now.status === 'uploading' ? { ...now, progress } : now));
    };
    try {
      const url = await upload(chosen, onProgress);
      if (current !== attempt.current) return;
      setState({ status: 'done', file: chosen, url });
      onUploaded(url);
      if (oldUrl && deleteOld && oldUrl !== url) {
        // The new image is already in place: failing to remove the old file must not undo that.
        Promise.resolve()
          .then(() => deleteOld(oldUrl))
          .catch(() => undefined);
      }
    } catch (failure) {
      if (current !== attempt.current) return;
      setError(uploadErrorText(failure));
      setState({ status: 'chosen', file: chosen });
    }
  }, [state, upload, onUploaded, oldUrl, deleteOld]);

  return { state, error, preview, choose, start };
}
