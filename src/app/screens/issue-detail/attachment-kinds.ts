import { File, FileArchive, FileAudio, FileCode, FileImage, FileSpreadsheet, FileText, FileVideo, type LucideIcon } from 'lucide-react';

/** A file type as an attachment list shows it: an icon, and the kind's name for assistive technology. */
export interface AttachmentKind {
  icon: LucideIcon;
  label: string;
}

const ARCHIVE = /(zip|x-tar|gzip|x-7z|rar|x-bzip2?|x-xz|compressed)/;
const SPREADSHEET = /(csv|spreadsheet|excel|sheet)/;
const CODE = /(json|javascript|ecmascript|typescript|xml|html|x-sh|x-python|yaml|toml|sql)/;
const DOCUMENT = /(pdf|msword|wordprocessing|opendocument\.text|rtf|presentation|powerpoint)/;

/** The kind of a file by its recorded content type (the server's; the type the uploader's browser declared). */
export function attachmentKind(contentType: string): AttachmentKind {
  const [group = '', subtype = ''] = contentType.toLowerCase().split('/');
  if (group === 'image') return { icon: FileImage, label: 'Image' };
  if (group === 'video') return { icon: FileVideo, label: 'Video' };
  if (group === 'audio') return { icon: FileAudio, label: 'Audio' };
  if (ARCHIVE.test(subtype)) return { icon: FileArchive, label: 'Archive' };
  if (SPREADSHEET.test(subtype)) return { icon: FileSpreadsheet, label: 'Spreadsheet' };
  if (CODE.test(subtype)) return { icon: FileCode, label: 'Code' };
  if (group === 'text' || DOCUMENT.test(subtype)) return { icon: FileText, label: 'Document' };
  return { icon: File, label: 'File' };
}

const UNITS = ['KB', 'MB', 'GB'] as const;

/** A size in bytes for people: "512 B", "12.3 KB", "4.2 MB" (powers of 1024, as the upload limit is named). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Number(value.toFixed(1))} ${UNITS[unit]}`;
}
