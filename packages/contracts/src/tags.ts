import { z } from 'zod';
import { listQuery, requiredString } from './common.ts';
import { DEFAULT_TAG_COLOR, tagColors, tagMessages } from './tag-colors.ts';

/**
 * POST tags and PUT tags/{id}: name ('Título') required, color one of the presets or 'Sem cor'. The name
 * is stored in Unicode NFC, so 'ã' typed as one character or as 'a' plus a combining tilde is one name.
 */
export const tagBody = z.object({
  name: requiredString(60).normalize('NFC'),
  color: z.enum(tagColors, { error: tagMessages.invalidColor }).default(DEFAULT_TAG_COLOR),
});
export type TagBody = z.input<typeof tagBody>;

export const tagResponse = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type Tag = z.infer<typeof tagResponse>;

export const tagListQuery = listQuery;
