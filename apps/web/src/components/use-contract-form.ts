import { useMemo } from 'react';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import { contractResolver, type SchemaSource } from '../lib/schema-source.ts';

/**
 * A form checked by its contract's schema: it holds what the schema takes (its input) and submits
 * what the schema gives (its output), both read from the schema itself. The schema may be given as a
 * loader (lazySchema), loaded on the form's first check.
 */
export function useContractForm<I extends FieldValues, O>(
  schema: SchemaSource<O, I>,
  options: Omit<UseFormProps<I, unknown, O>, 'resolver'>,
) {
  const resolver = useMemo(() => contractResolver(schema), [schema]);
  return useForm<I, unknown, O>({ ...options, resolver });
}
