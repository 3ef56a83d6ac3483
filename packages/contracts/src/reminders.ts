import { z } from 'zod';
import { listQuery, requiredString } from './common.ts';

/** POST reminders and PUT reminders/{id} (description required, two toggles). */
export const reminderBody = z.object({
  description: requiredString(200),
  isRequired: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export type ReminderBody = z.input<typeof reminderBody>;

export const reminderResponse = z.object({
  id: z.number().int(),
  description: z.string(),
  isRequired: z.boolean(),
  isActive: z.boolean(),
});
export type Reminder = z.infer<typeof reminderResponse>;

export const reminderListQuery = listQuery;
