import { ATTACHMENT_MEDIA_TYPES, type AttachmentMediaType } from '@quill/core';

const SIGNATURES: { type: AttachmentMediaType; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/tiff', bytes: [0x49, 0x49, 0x2a, 0x00] }, // II*\0, little-endian
  { type: 'image/tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] }, // MM\0*, big-endian
];

/**
 * What an attachment file is, by its first bytes (never its name): PDF, PNG, JPEG or TIFF; null
 * for anything else. The type decides the Content-Type it is served with.
 */
export function attachmentType(bytes: Uint8Array): AttachmentMediaType | null {
  const found = SIGNATURES.find((s) => s.bytes.every((b, i) => bytes[i] === b));
  return found?.type ?? null;
}

/**
 * The name an attachment is saved under: the name given, with the type's extension added when it
 * has none of that type (`Lab results` → `Lab results.pdf`; `scan.tiff` stays).
 */
export function attachmentFileName(name: string, type: AttachmentMediaType): string {
  const ext = ATTACHMENT_MEDIA_TYPES[type];
  const same: Record<string, string[]> = { jpg: ['jpg', 'jpeg'], tif: ['tif', 'tiff'] };
  const current = /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase();
  return current && (same[ext] ?? [ext]).includes(current) ? name : `${name}.${ext}`;
}
