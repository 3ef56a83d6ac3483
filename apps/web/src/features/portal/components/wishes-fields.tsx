import { Form } from 'react-bootstrap';
import { Controller, type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { preferredPeriodLabels, preferredPeriods, weekdayLabels } from '@ordem-certa/contracts';
import { TextField } from '../../../components/text-field.tsx';

/** The days of the week and the periods the customer prefers for the visit, as toggles. */
export function WishesFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  return (
    <>
      <Controller
        control={control}
        name={'preferredDays' as Path<T>}
        render={({ field }) => {
          const days = (field.value ?? []) as number[];
          return (
            <fieldset className="mb-3">
              <legend className="form-label fs-6">Dias preferidos</legend>
              <div className="d-flex flex-wrap gap-3">
                {weekdayLabels.map((label, day) => (
                  <Form.Check
                    key={label}
                    id={`day-${day}`}
                    label={label}
                    checked={days.includes(day)}
                    onChange={(e) => field.onChange(e.target.checked ? [...days, day] : days.filter((d) => d !== day))}
                  />
                ))}
              </div>
            </fieldset>
          );
        }}
      />
      <Controller
        control={control}
        name={'preferredPeriods' as Path<T>}
        render={({ field }) => {
          const periods = (field.value ?? []) as string[];
          return (
            <fieldset className="mb-3">
              <legend className="form-label fs-6">Horário preferido</legend>
              <div className="d-flex gap-3">
                {preferredPeriods.map((p) => (
                  <Form.Check
                    key={p}
                    id={`period-${p}`}
                    label={preferredPeriodLabels[p]}
                    checked={periods.includes(p)}
                    onChange={(e) =>
                      field.onChange(e.target.checked ? [...periods, p] : periods.filter((x) => x !== p))
                    }
                  />
                ))}
              </div>
            </fieldset>
          );
        }}
      />
    </>
  );
}

/**
 * What a service request asks, in the portal's form and the public one alike: the problem, the days and
 * periods preferred, and a note on the time. `idPrefix` keeps the fields' ids apart per form.
 */
export function RequestDetailsFields<T extends FieldValues>({
  form,
  idPrefix,
}: {
  form: UseFormReturn<T>;
  idPrefix: string;
}) {
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <>
      <TextField
        id={`${idPrefix}-problem`}
        label="O que está acontecendo?"
        as="textarea"
        rows={3}
        error={errors.problem?.message}
        {...form.register('problem' as Path<T>)}
      />
      <WishesFields control={form.control} />
      <TextField
        id={`${idPrefix}-note`}
        label="Observação sobre horário (opcional)"
        error={errors.preferredNote?.message}
        {...form.register('preferredNote' as Path<T>)}
      />
    </>
  );
}
