import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useStyles } from '../../ui/styles.js';
import { imageUploadCss } from './image-upload.css.js';
import { IMAGE_ACCEPT, effectiveMaxSize, formatMegabytes } from './image-rules.js';
import { useImageUpload, type ImageUploadOptions } from './use-image-upload.js';

/** The props of `<ImageUploader>`. */
export interface ImageUploaderProps extends ImageUploadOptions {
  /** Shows a Cancel button that calls this (disabled while uploading). */
  onCancel?: () => void;
  /** Told when an upload starts and ends, so a dialog can refuse to close meanwhile. */
  onBusyChange?: (busy: boolean) => void;
}

/** Choosing one image (drop zone or file chooser, both keyboard reachable), its preview, the upload with progress, and its errors. */
export function ImageUploader({ onCancel, onBusyChange, ...options }: ImageUploaderProps) {
  useStyles('image-upload', imageUploadCss);
  const { state, error, preview, choose, start } = useImageUpload(options);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const uploading = state.status === 'uploading';
  useEffect(() => {
    onBusyChange?.(uploading);
  }, [uploading, onBusyChange]);

  const openChooser = () => {
    if (!uploading) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    openChooser();
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!uploading) setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  const file = state.status === 'none' ? null : state.file;
  const limit = formatMegabytes(effectiveMaxSize(options.maxSize));
  return (
    <div className="image-upload">
      <div
        role="button"
        tabIndex={0}
        className="image-upload__zone"
        data-dragging={dragging || undefined}
        aria-disabled={uploading || undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onClick={openChooser}
        onKeyDown={onKeyDown}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {preview && file ? (
          <img className="image-upload__preview" src={preview} alt={`Preview of ${file.name}`} />
        ) : options.oldUrl ? (
          <img className="image-upload__preview" src={options.oldUrl} alt="Current image" />
        ) : null}
        <span className="image-upload__prompt">{file ? file.name : 'Drag & drop an image here, or choose a file'}</span>
      </div>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        onChange={(event) => {
          choose(event.currentTarget.files ?? []);
          // Choosing the same file again after an error must fire change again.
          event.currentTarget.value = '';
        }}
      />
      <p id={hintId} className="image-upload__hint">
        One PNG, JPG, JPEG, SVG or WebP image, up to {limit} MB.
      </p>
      {error && (
        <p id={errorId} role="alert" className="image-upload__error">
          {error}
        </p>
      )}
      {state.status === 'uploading' && (
        <div className="image-upload__progress">
          <progress max={100} value={state.progress} aria-label="Upload progress" />
          <span aria-hidden="true">{state.progress}%</span>
        </div>
      )}
      {state.status === 'done' && (
        <p role="status" className="image-upload__done">
          Image uploaded.
        </p>
      )}
      <div className="image-upload__actions">
        {onCancel && (
          <button type="button" className="image-upload__button" onClick={onCancel} disabled={uploading}>
            Cancel
          </button>
        )}
        <button type="button" className="image-upload__button image-upload__button--primary" onClick={start} disabled={state.status !== 'chosen'}>
          {uploading ? 'Uploading...' : 'Upload'}
        </button>
      </div>
    </div>
  );
}
