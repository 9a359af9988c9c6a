import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { useStyles } from '../../ui/styles.js';
import { coverPickerCss } from './cover-picker.css.js';
import { CoverPicker, type CoverPickerProps } from './cover-picker.js';

/** The props of `<CoverPickerPopover>`. */
export interface CoverPickerPopoverProps extends CoverPickerProps {
  /** The trigger button's text. */
  triggerLabel?: string;
}

/** The cover picker behind a "Change cover" button; choosing an image closes it. */
export function CoverPickerPopover({ triggerLabel = 'Change cover', onSelect, ...picker }: CoverPickerPopoverProps) {
  useStyles('cover-picker', coverPickerCss);
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="cover-picker__trigger">{triggerLabel}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="cover-picker__popup" aria-label="Choose a cover image" align="end" sideOffset={6} collisionPadding={8}>
          <CoverPicker
            {...picker}
            onSelect={(url) => {
              onSelect(url);
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
