import { z } from 'zod';
import { listQuery, requiredString } from './common.ts';

/** The ten tag colour presets of spec 2 §9, stored as hex without '#', with their pt-BR names. */
export const tagColorPresets = [
  { value: '61bd4f', label: 'Verde' },
  { value: 'f2d600', label: 'Amarelo' },
  { value: 'ff9f1a', label: 'Laranja' },
  { value: 'eb5a46', label: 'Vermelho' },
  { value: 'c377e0', label: 'Roxo' },
  { value: '0079bf', label: 'Azul' },
  { value: '00c2e0', label: 'Ciano' },
  { value: '51e898', label: 'Verde-claro' },
  { value: 'ff78cb', label: 'Rosa' },
  { value: '344563', label: 'Azul-escuro' },
] as const;
/** 'Sem cor' is the default grey. */
export const DEFAULT_TAG_COLOR = 'b3bac5';
export const tagColors: [string, ...string[]] = [DEFAULT_TAG_COLOR, ...tagColorPresets.map((c) => c.value)];

export const tagMessages = {
  invalidColor: 'Escolha uma das cores disponíveis',
  nameTaken: 'Já existe uma etiqueta com este título',
} as const;

/** POST tags and PUT tags/{id}: name ('Título') required, color one of the presets or 'Sem cor'. */
export const tagBody = z.object({
  name: requiredString(60),
  color: z.enum(tagColors, { error: tagMessages.invalidColor }).default(DEFAULT_TAG_COLOR),
});
export type TagBody = z.input<typeof tagBody>;

export const tagResponse = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type Tag = z.infer<typeof tagResponse>;

export const tagListQuery = listQuery;

/** Readable text on a tag's colour: dark on light presets, white on dark ones. */
export function tagTextColor(hex: string): string {
  const n = Number.parseInt(hex, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  // Perceived luminance (ITU-R BT.601).
  return (r * 299 + g * 587 + b * 114) / 1000 > 150 ? '#172b4d' : '#ffffff';
}
