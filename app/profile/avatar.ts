/** The spec's avatar limit: 5 MB. */
export const AVATAR_MAX_BYTES = 5_242_880;

export const AVATAR_ERRORS = {
  type: "Invalid file type. Please select a JPG, PNG, GIF, or WebP image.",
  size: "File too large. Please select an image less than 5MB.",
  missing: "Please choose an image to upload.",
} as const;

export const AVATAR_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";

/**
 * The browser's early answer for a chosen file, from its declared type and size, so a wrong
 * file is refused before it is sent. The server still checks the bytes themselves.
 */
export function precheckAvatarFile(file: { size: number; type: string }): string | null {
  if (!AVATAR_ACCEPT.split(",").includes(file.type)) return AVATAR_ERRORS.type;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_ERRORS.size;
  return null;
}
