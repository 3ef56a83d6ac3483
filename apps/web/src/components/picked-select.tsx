import type { Dispatch, SetStateAction } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ControlledField } from './controlled-field.tsx';
import { SearchableSelect, type Option } from './searchable-select.tsx';

interface PickedSelectsOptions<T extends FieldValues, O, P extends Path<T> & string, S> {
  form: UseFormReturn<T, unknown, O>;
  /** The form's name: each select's id is `{prefix}-{field}` and its searches are cached under `{prefix}-form`. */
  prefix: string;
  orgPath: string;
  /** The option each select shows (the name of what the field holds), kept beside the form's ids. */
  picked: S;
  setPicked: Dispatch<SetStateAction<S>>;
  readOnly?: boolean;
  /** The optional fields: cleared, they hold null; the others hold nothing (undefined). */
  optional?: readonly P[];
}

/**
 * The searched selects of a form whose fields hold ids: each shows the option picked, sets the field
 * to its value, and runs `after` (what the pick starts over) once set; the form's message goes under it.
 */
export function pickedSelects<
  T extends FieldValues,
  O,
  P extends Path<T> & string,
  S extends Partial<Record<P, Option | null>>,
>({ form, prefix, orgPath, picked, setPicked, readOnly, optional = [] }: PickedSelectsOptions<T, O, P, S>) {
  return (
    name: P,
    label: string,
    load: (q: string) => Promise<Option[]>,
    placeholder: string,
    after?: (opt: Option | null) => void,
  ) => {
    const error = form.getFieldState(name, form.formState).error;
    return (
      <ControlledField
        control={form.control}
        name={name}
        label={label}
        htmlFor={`${prefix}-${name}`}
        error={error?.message}
        render={(field) => (
          <SearchableSelect
            id={`${prefix}-${name}`}
            queryKey={[`${prefix}-form`, orgPath, name]}
            loadOptions={load}
            value={picked[name] ?? null}
            onChange={(opt) => {
              setPicked((p) => ({ ...p, [name]: opt }));
              field.onChange(opt ? opt.value : optional.includes(name) ? null : undefined);
              after?.(opt);
            }}
            onBlur={field.onBlur}
            placeholder={placeholder}
            isInvalid={!!error}
            disabled={readOnly}
          />
        )}
      />
    );
  };
}
