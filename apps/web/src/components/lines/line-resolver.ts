import type { FieldErrors, Resolver } from 'react-hook-form';
import { loadSchema, type SchemaSource } from '../../lib/schema-source.ts';
import type { LineFormValues } from './line-fields.tsx';

const fieldNames: readonly (keyof LineFormValues)[] = [
  'service',
  'product',
  'equipment',
  'worker',
  'quantity',
  'isGrouped',
  'price',
  'description',
];

/**
 * Checks a line form with the kind's body schema (loaded on the first check when given as a loader): the schema's output is what is sent; its first
 * message per field goes under that field, one about no field under the form.
 */
export function lineResolver<B>(source: SchemaSource<B>): Resolver<LineFormValues, unknown, B> {
  return async (values) => {
    const schema = await loadSchema(source);
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<LineFormValues> = {};
    for (const issue of result.error.issues) {
      const name = fieldNames.find((n) => n === issue.path[0]);
      const error = { type: issue.code, message: issue.message };
      if (!name) errors.root ??= error;
      else errors[name] ??= error;
    }
    return { values: {}, errors };
  };
}
