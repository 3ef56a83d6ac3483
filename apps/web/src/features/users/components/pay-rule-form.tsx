import { useState } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { Button, Form, Spinner } from 'react-bootstrap';
import {
  createPayRuleBody,
  messages,
  parseMoneyText,
  payRuleKindLabels,
  payRuleKinds,
  type CreatePayRule,
  type CreatePayRuleBody,
} from '@ordem-certa/contracts';
import { DateInput } from '../../../components/date-input.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { ParsedNumberInput } from '../../../components/parsed-number-input.tsx';
import { SearchableSelect, type Option } from '../../../components/searchable-select.tsx';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { searchServices } from '../api/search-services.ts';

const percentFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const formatPercent = (v: number | null | undefined) =>
  v === null || v === undefined || Number.isNaN(v) ? '' : percentFormat.format(v);

const kindHelp: Record<CreatePayRule['kind'], string> = {
  fixed: 'O valor é pago a cada colaborador da OS concluída, inteiro.',
  percentage:
    'Sobre os serviços e os produtos da OS depois do desconto (dividido entre serviços e produtos na proporção de cada um). Com mais de um colaborador na OS, a base é dividida igualmente entre eles e cada um recebe o seu percentual da sua parte.',
  per_service:
    'Valor por unidade de cada serviço listado; serviços fora da lista não rendem nada. Com mais de um colaborador na OS, o total é dividido igualmente entre eles.',
};

interface PayRuleFormProps {
  /** Today in the organization (the default start). */
  today: string;
  onSubmit(values: CreatePayRule): Promise<unknown>;
}

/** 'Nova regra': the kind, from when it is in force, and the kind's own fields. */
export function PayRuleForm({ today, onSubmit }: PayRuleFormProps) {
  const orgPath = useOrgPath();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useContractForm(createPayRuleBody, {
    mode: 'onBlur',
    defaultValues: {
      kind: 'percentage',
      validFrom: today,
      fixedAmount: undefined,
      servicesPercent: undefined,
      productsPercent: undefined,
      services: [],
      kmRate: undefined,
    } satisfies CreatePayRuleBody,
  });
  const kind = useWatch({ control, name: 'kind' });
  const rates = useFieldArray({ control, name: 'services' });
  const [picked, setPicked] = useState<Array<Option | null>>([]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      reset();
      setPicked([]);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  const percentField = (name: 'servicesPercent' | 'productsPercent', label: string) => (
    <Form.Group className="col-sm-6 mb-3" controlId={`pay-rule-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <ParsedNumberInput
            id={`pay-rule-${name}`}
            value={field.value}
            onChange={(v) => field.onChange(v ?? undefined)}
            onBlur={field.onBlur}
            parse={parseMoneyText}
            format={formatPercent}
            suffix="%"
            inputMode="decimal"
            error={errors[name]?.message}
          />
        )}
      />
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={submit} aria-label="Nova regra de pagamento">
      <fieldset className="mb-3">
        <legend className="form-label fs-6">Tipo de regra</legend>
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <>
              {payRuleKinds.map((k) => (
                <Form.Check
                  key={k}
                  type="radio"
                  id={`pay-rule-kind-${k}`}
                  name="pay-rule-kind"
                  label={payRuleKindLabels[k]}
                  checked={field.value === k}
                  onChange={() => field.onChange(k)}
                />
              ))}
            </>
          )}
        />
        {errors.kind && <div className="invalid-feedback d-block">{errors.kind.message}</div>}
        <Form.Text>{kindHelp[kind ?? 'fixed']}</Form.Text>
      </fieldset>

      <Form.Group className="mb-3 pay-rule-narrow" controlId="pay-rule-valid-from">
        <Form.Label>Vale a partir de</Form.Label>
        <Controller
          control={control}
          name="validFrom"
          render={({ field }) => (
            <DateInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.validFrom?.message}
            />
          )}
        />
        <Form.Text>Vale para as ordens de serviço concluídas a partir deste dia.</Form.Text>
      </Form.Group>

      {kind === 'fixed' && (
        <Form.Group className="mb-3 pay-rule-narrow">
          <Form.Label htmlFor="pay-rule-fixed">Valor fixo por OS</Form.Label>
          <Controller
            control={control}
            name="fixedAmount"
            render={({ field }) => (
              <MoneyInput
                id="pay-rule-fixed"
                value={field.value}
                onChange={(v) => field.onChange(v ?? undefined)}
                onBlur={field.onBlur}
                error={errors.fixedAmount?.message}
              />
            )}
          />
        </Form.Group>
      )}

      <Form.Group className="mb-3 pay-rule-narrow">
        <Form.Label htmlFor="pay-rule-km">Valor por km rodado (opcional)</Form.Label>
        <Controller
          control={control}
          name="kmRate"
          render={({ field }) => (
            <MoneyInput
              id="pay-rule-km"
              value={field.value}
              onChange={(v) => field.onChange(v ?? undefined)}
              onBlur={field.onBlur}
              error={errors.kmRate?.message}
            />
          )}
        />
        <Form.Text>
          Somado ao valor da regra: os km de "A caminho" até "Cheguei" registrados pelo técnico na OS.
        </Form.Text>
      </Form.Group>

      {kind === 'percentage' && (
        <div className="row pay-rule-narrow">
          {percentField('servicesPercent', 'Percentual dos serviços')}
          {percentField('productsPercent', 'Percentual dos produtos')}
        </div>
      )}

      {kind === 'per_service' && (
        <div className="mb-3">
          <div className="form-label" id="pay-rule-services-label">
            Valor por serviço
          </div>
          <ul className="list-unstyled d-grid gap-2 mb-2" aria-labelledby="pay-rule-services-label">
            {rates.fields.map((line, k) => (
              <li key={line.id} className="d-flex flex-wrap gap-2 align-items-start">
                <div className="flex-grow-1 pay-rule-service">
                  <Controller
                    control={control}
                    name={`services.${k}.service`}
                    render={({ field }) => (
                      <SearchableSelect
                        aria-label={`Serviço ${k + 1}`}
                        queryKey={['pay-rule-form', orgPath, 'services']}
                        loadOptions={(q) => searchServices(orgPath, q)}
                        value={picked[k] ?? null}
                        onChange={(opt) => {
                          setPicked((p) => {
                            const next = [...p];
                            next[k] = opt;
                            return next;
                          });
                          field.onChange(opt?.value);
                        }}
                        onBlur={field.onBlur}
                        placeholder="Selecione o serviço"
                        isInvalid={!!errors.services?.[k]?.service}
                      />
                    )}
                  />
                  {errors.services?.[k]?.service && (
                    <div className="invalid-feedback d-block">{errors.services[k].service.message}</div>
                  )}
                </div>
                <div className="pay-rule-rate">
                  <Controller
                    control={control}
                    name={`services.${k}.rate`}
                    render={({ field }) => (
                      <MoneyInput
                        aria-label={`Valor por unidade do serviço ${k + 1}`}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={errors.services?.[k]?.rate?.message}
                      />
                    )}
                  />
                </div>
                <Button
                  variant="outline-danger"
                  aria-label={`Remover o serviço ${k + 1}`}
                  onClick={() => {
                    rates.remove(k);
                    setPicked((p) => p.filter((_, n) => n !== k));
                  }}
                >
                  Remover
                </Button>
              </li>
            ))}
          </ul>
          {errors.services?.message && <div className="invalid-feedback d-block mb-2">{errors.services.message}</div>}
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() =>
              rates.append({ service: undefined as unknown as number, rate: undefined as unknown as number })
            }
          >
            Adicionar serviço
          </Button>
        </div>
      )}
      {errors.root && <div className="text-danger small">{errors.root.message}</div>}
      {/* Not 'Salvar': the tab's other form (the initial rule) has that button. */}
      <div className="mt-4">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
          Adicionar regra
        </Button>
      </div>
    </Form>
  );
}
