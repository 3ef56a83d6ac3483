import { z } from 'zod';
import { entityId, listQuery, listResponse, pathId, requiredString } from './common.ts';
import { MAX_CHECKLIST_ITEMS, checklistItemKinds, checklistMessages, type ChecklistValue } from './checklist-labels.ts';

const itemInput = z.object({
  label: requiredString(200),
  kind: z.enum(checklistItemKinds, { error: checklistMessages.kindRequired }),
  required: z.boolean().default(false),
});

/** POST/PUT organizations/{orgId}/checklist-templates: a name and its items, in order. */
export const checklistTemplateBody = z.object({
  name: requiredString(120),
  items: z
    .array(itemInput, { error: checklistMessages.noItems })
    .min(1, checklistMessages.noItems)
    .max(MAX_CHECKLIST_ITEMS, checklistMessages.tooManyItems),
});
export type ChecklistTemplateBody = z.input<typeof checklistTemplateBody>;

export const checklistItem = z.object({
  id: z.number().int(),
  label: z.string(),
  kind: z.enum(checklistItemKinds),
  required: z.boolean(),
});
export type ChecklistItem = z.infer<typeof checklistItem>;

export const checklistTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  items: z.array(checklistItem),
  retired: z.boolean(),
});
export type ChecklistTemplate = z.infer<typeof checklistTemplate>;
/** GET checklist-templates?q&retired: the list (retired ones only when asked). */
export const checklistTemplatesQuery = listQuery.extend({ retired: z.stringbool().optional() });
export const checklistTemplateList = listResponse(checklistTemplate);
export const checklistTemplateParams = z.object({ orgId: pathId(), id: pathId() });

/** POST invoices/{id}/checklists: attach a copy of a template (several per order allowed). */
export const attachChecklistBody = z.object({ template: entityId(checklistMessages.templateRequired) });

export const checklistValue = z.union([
  z.boolean(),
  z.number(),
  z.string().max(2000),
  z.null(),
]) satisfies z.ZodType<ChecklistValue>;

export const orderChecklist = z.object({
  id: z.number().int(),
  name: z.string(),
  items: z.array(checklistItem.extend({ value: checklistValue })),
});
export type OrderChecklist = z.infer<typeof orderChecklist>;
export const orderChecklistsResponse = z.object({ data: z.array(orderChecklist) });
export const orderChecklistParams = z.object({ orgId: pathId(), id: pathId(), checklistId: pathId() });

/** PUT invoices/{id}/checklists/{checklistId}: answers by item; a null clears one. */
export const answerChecklistBody = z.object({
  answers: z.array(z.object({ item: z.number().int(), value: checklistValue })).max(MAX_CHECKLIST_ITEMS),
});
export type AnswerChecklistBody = z.infer<typeof answerChecklistBody>;
