import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by its contract's schema: it holds what the schema takes (its input) and submits
 * what the schema gives (its output), both read from the schema itself.
 */
export function useContractForm<I extends FieldValues, O>(
  schema: z.ZodType<O, I>,
  options: Omit<UseFormProps<I, unknown, O>, 'resolver'>,
) {
  return useForm<I, unknown, O>({ ...options, resolver: zodResolver(schema) });
}
