// Tag colours and the text colour each needs, without zod (the schemas are in tags.ts): the order screen
// shows its tags without loading the validation library.

/** The ten tag colour presets, stored as hex without '#', with their pt-BR names. */
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
/** WCAG relative luminance of a hex colour (without '#'). */
function luminance(hex: string): number {
  const n = Number.parseInt(hex, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const DARK_TEXT = '111111';
/** WCAG contrast ratio of two hex colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
/** Readable text on a tag's colour: whichever of white and dark navy contrasts more with it (WCAG). */
export function tagTextColor(hex: string): string {
  return contrastRatio(hex, 'ffffff') >= contrastRatio(hex, DARK_TEXT) ? '#ffffff' : `#${DARK_TEXT}`;
}
