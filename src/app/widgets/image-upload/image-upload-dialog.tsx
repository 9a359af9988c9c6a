import { useCallback, useState } from 'react';
import { AppDialog } from '../../ui/dialog.js';
import { ImageUploader } from './image-uploader.js';
import type { ImageUploadOptions } from './use-image-upload.js';

/** The props of `<ImageUploadDialog>`. */
export interface ImageUploadDialogProps extends ImageUploadOptions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title, e.g. "Upload workspace logo" or "Upload avatar". */
  title: string;
  description?: string;
}

/** A dialog that uploads one image (a workspace logo, a user avatar), deletes the replaced one, and closes when done. */
export function ImageUploadDialog({ open, onOpenChange, title, description = 'Choose one image to upload.', onUploaded, ...options }: ImageUploadDialogProps) {
  const [busy, setBusy] = useState(false);
  // Closing mid-upload would leave an uploaded file nobody uses, so the dialog stays open until it ends.
  const change = (next: boolean) => {
    if (next || !busy) onOpenChange(next);
  };
  const uploaded = useCallback(
    (url: string) => {
      setBusy(false);
      onUploaded(url);
      onOpenChange(false);
    },
    [onUploaded, onOpenChange],
  );
  return (
    <AppDialog open={open} onOpenChange={change} title={title} description={description} size="small">
      <ImageUploader {...options} onUploaded={uploaded} onBusyChange={setBusy} onCancel={() => change(false)} />
    </AppDialog>
  );
}
