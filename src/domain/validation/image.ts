import type { ProblemCode } from './problem.ts';

/** Uploads are photos of documents and QR codes: common raster formats only, no SVG (scriptable). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** 5 MB: a phone photo of an ID card fits; a video renamed to .jpg does not. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export function isImageType(value: string): value is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(value);
}

/**
 * The format the first bytes say a file is, whatever its name or declared type claims: a server
 * must not trust the client's MIME type. Needs at least the first 12 bytes.
 */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  // RIFF....WEBP
  if (starts(0x52, 0x49, 0x46, 0x46) && [0x57, 0x45, 0x42, 0x50].every((b, i) => head[8 + i] === b)) {
    return 'image/webp';
  }
  return null;
}

/** imageType for anything but an allowed raster image, imageSize for an empty or too large one. */
export function imageProblem(declaredType: string, size: number): ProblemCode | null {
  if (!isImageType(declaredType)) return 'imageType';
  return size > 0 && size <= IMAGE_MAX_BYTES ? null : 'imageSize';
}
