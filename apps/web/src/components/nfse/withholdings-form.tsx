import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button, Col, Form, Row } from 'react-bootstrap';
import {
  federalWithholdingLabels,
  federalWithholdings,
  messages,
  type NfseWithholdingsBody,
  type NfseWithholdingsBodyInput,
} from '@ordem-certa/contracts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { PercentInput } from '../percent-input.tsx';
import { contractResolver, lazySchema } from '../../lib/schema-source.ts';

// Loaded on the first check: the order screen, where this form also lives, paints without zod.
const resolver = contractResolver<NfseWithholdingsBodyInput, NfseWithholdingsBody>(lazySchema('nfseWithholdingsBody'));

type Rates = NonNullable<NfseWithholdingsBody['withholdings']>;

/** The retentions of Lei 10.833/2003 art. 30: PIS 0,65 %, COFINS 3 %, CSLL 1 % (4,65 % together). */
const LEI_10833 = { pis: 0.65, cofins: 3, csll: 1 };

/**
 * What a taker withholds from a service: the ISS (at the service's rate) and the federal taxes by
 * rate, each empty when not withheld. Shared by the customer's defaults and the order's own; the
 * server's 422 lands on the field it names ('withholdings.pis').
 */
export function WithholdingsForm({
  value,
  onSave,
  submitLabel = 'Salvar retenções',
  extra,
  idPrefix,
  disabled,
}: {
  value: Partial<Rates> | null;
  onSave(body: NfseWithholdingsBody): Promise<unknown>;
  submitLabel?: string;
  /** Buttons beside 'Salvar' (an order's 'Usar as do cliente'). */
  extra?: ReactNode;
  idPrefix: string;
  disabled?: boolean;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<NfseWithholdingsBodyInput, unknown, NfseWithholdingsBody>({
    resolver,
    values: {
      withholdings: {
        iss: value?.iss ?? false,
        ...Object.fromEntries(federalWithholdings.map((k) => [k, value?.[k] ?? null])),
      },
    },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  const fieldErrors = errors.withholdings as Partial<Record<keyof Rates, { message?: string }>> | undefined;
  return (
    <Form noValidate onSubmit={submit} aria-label="Retenções na NFS-e">
      <Form.Check
        type="switch"
        id={`${idPrefix}-iss`}
        className="mb-3"
        label="O tomador retém o ISS (ISS retido na fonte)"
        disabled={disabled}
        {...register('withholdings.iss')}
      />
      <Row className="g-2">
        {federalWithholdings.map((k) => (
          <Form.Group key={k} as={Col} xs={6} sm={4} lg={2}>
            <Form.Label className="small mb-1" htmlFor={`${idPrefix}-${k}`}>
              {federalWithholdingLabels[k]} (%)
            </Form.Label>
            <Controller
              control={control}
              name={`withholdings.${k}`}
              render={({ field }) => (
                <PercentInput
                  id={`${idPrefix}-${k}`}
                  name={field.name}
                  value={field.value as number | null | undefined}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder="—"
                  disabled={disabled}
                  isInvalid={!!fieldErrors?.[k]}
                  error={fieldErrors?.[k]?.message}
                />
              )}
            />
          </Form.Group>
        ))}
      </Row>
      <Form.Text className="d-block mt-1">
        Deixe vazio o que o tomador não retém. Os valores saem da alíquota sobre o valor do serviço, arredondados ao
        centavo, e o valor líquido a receber desconta as retenções.
      </Form.Text>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button type="submit" size="sm" disabled={disabled || isSubmitting}>
          {submitLabel}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={disabled}
          onClick={() => {
            for (const [k, v] of Object.entries(LEI_10833))
              setValue(`withholdings.${k as 'pis'}`, v, { shouldDirty: true });
          }}
        >
          PIS/COFINS/CSLL 4,65%
        </Button>
        {extra}
      </div>
    </Form>
  );
}
