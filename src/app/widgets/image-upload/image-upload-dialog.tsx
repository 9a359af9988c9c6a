import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useState } from 'react';
import { useReturnFocus } from '../../ui/return-focus.js';
import { useStyles } from '../../ui/styles.js';
import { imageUploadCss } from './image-upload.css.js';
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
  useStyles('image-upload', imageUploadCss);
  const returnFocus = useReturnFocus();
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
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="image-upload__overlay" />
        <Dialog.Content className="image-upload__dialog" {...returnFocus}>
          <Dialog.Title className="image-upload__title">{title}</Dialog.Title>
          <Dialog.Description className="image-upload__description">{description}</Dialog.Description>
          <ImageUploader {...options} onUploaded={uploaded} onBusyChange={setBusy} onCancel={() => change(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
