import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's schema, or a function that loads it. The technician's order screen passes loaders (see
 * lazySchema): zod and the contracts' schemas then arrive when a field is first checked, instead of
 * before the screen can be drawn on a slow phone. Other screens pass the schema itself.
 */
export type SchemaSource<O, I = unknown> = z.ZodType<O, I> | (() => Promise<z.ZodType<O, I>>);

export const loadSchema = <O, I>(source: SchemaSource<O, I>): Promise<z.ZodType<O, I>> =>
  typeof source === 'function' ? source() : Promise.resolve(source);

type FormSchemas = typeof import('./form-schemas.ts');

/** Loads one of the schemas of form-schemas.ts, a module the bundler keeps apart with zod. */
export const lazySchema =
  <K extends keyof FormSchemas>(name: K) =>
  (): Promise<FormSchemas[K]> =>
    import('./form-schemas.ts').then((m) => m[name]);

/**
 * The form resolver of a contract schema: zod's own resolver, loaded with the schema on the first check.
 * A load that fails (no network, the file not yet on the phone) is tried again on the next check.
 */
export function contractResolver<I extends FieldValues, O>(source: SchemaSource<O, I>): Resolver<I, unknown, O> {
  let ready: Promise<Resolver<I, unknown, O>> | undefined;
  const load = () => {
    const loading = Promise.all([loadSchema(source), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<I, unknown, O>,
    );
    loading.catch(() => {
      if (ready === loading) ready = undefined;
    });
    return loading;
  };
  return async (values, context, options) => (await (ready ??= load()))(values, context, options);
}
