/** Uploaded images (logo, signature image): PNG or JPEG, told by their content. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const imageContentTypes = ['image/png', 'image/jpeg'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];

export const fileMessages = {
  notAnImage: 'Envie uma imagem PNG ou JPEG',
  missingFile: 'Selecione um arquivo',
  oneFile: 'Envie um arquivo por vez',
  tooLarge: `O arquivo deve ter no máximo ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
} as const;

/** PNG and JPEG by their magic bytes; undefined for anything else, whatever its name or declared type. */
export function sniffImageType(bytes: Uint8Array): ImageContentType | undefined {
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}
