import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { Controller, useWatch } from 'react-hook-form';
import {
  can,
  contractBody,
  contractStatuses,
  contractStatusLabels,
  frequencyLabels,
  maintenanceFrequencies,
  messages,
  type ContractBody,
  type ContractValues,
} from '@ordem-certa/contracts';
import { useOrgPath, useViewer } from '../../../lib/auth.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { DateInput } from '../../../components/date-input.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { pickedSelects } from '../../../components/picked-select.tsx';
import type { Option } from '../../../components/searchable-select.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { searchCompanies } from '../../../components/invoices/api/search-companies.ts';
import { searchCustomers } from '../../../components/invoices/api/search-customers.ts';
import { useCustomerPlans } from '../api/get-customer-plans.ts';

type Picked = 'company' | 'customer';
/** The names shown in the searched selects: the contract's company and customer. */
export type ContractOptions = Partial<Record<Picked, Option | null>> & {
  plans?: Array<{ id: number; label: string }>;
};

interface ContractFormProps {
  defaultValues: ContractBody;
  options?: ContractOptions;
  readOnly?: boolean;
  onSubmit(values: ContractValues): Promise<unknown>;
}

/** A blank contract: monthly, active, no end, no readjustment index yet. */
export const blankContract = (): ContractBody => ({
  company: undefined as unknown as number,
  customer: undefined as unknown as number,
  plans: [],
  amount: undefined as unknown as number,
  periodicity: 'monthly',
  billingDay: 10,
  startDate: '',
  endDate: null,
  readjustmentIndex: '',
  issueNfse: false,
  status: 'ativo',
  notes: '',
  holdVisitsAfterDays: null,
});

/**
 * The contract: whom a company serves and which of the customer's maintenance plans it covers; what
 * each period costs, how often and on which day it is charged, from when until when; the yearly
 * readjustment's index; its situation, the NFS-e of each period and holding the visits when late.
 */
export function ContractForm({ defaultValues, options = {}, readOnly, onSubmit }: ContractFormProps) {
  const orgPath = useOrgPath();
  const viewer = useViewer();
  const [picked, setPicked] = useState<ContractOptions>(options);
  const form = useContractForm(contractBody, { mode: 'onBlur', defaultValues });
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const customerName = picked.customer?.label;
  const plans = useCustomerPlans(customerName, can(viewer, 'maintenancePlan.see'));
  const chosen = useWatch({ control, name: 'plans' }) ?? [];
  // The plans the contract already names stay listed even when the search does not bring them.
  const planList = [
    ...(options.plans ?? []).map((p) => ({ id: p.id, label: p.label })),
    ...(plans.data ?? [])
      .filter((p) => !(options.plans ?? []).some((o) => o.id === p.id))
      .map((p) => ({ id: p.id, label: `Plano nº ${p.id} (${frequencyLabels[p.frequency]})` })),
  ];

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  const select = pickedSelects<ContractBody, ContractValues, Picked, ContractOptions>({
    form,
    prefix: 'contract',
    orgPath,
    picked,
    setPicked,
    readOnly,
  });
  const planError = Array.isArray(errors.plans) ? errors.plans.find((e) => e)?.message : errors.plans?.message;

  return (
    <Form noValidate onSubmit={submit} className="contract-form">
      <fieldset disabled={readOnly} className="card mb-3">
        <legend className="card-header h6 mb-0 bg-white">Cliente e planos</legend>
        <div className="card-body">
          {select('company', 'Empresa', (q) => searchCompanies(orgPath, q), 'Selecione a empresa')}
          {select(
            'customer',
            'Cliente',
            (q) => searchCustomers(orgPath, q),
            'Selecione o cliente',
            () => setValue('plans', []),
          )}
          <Form.Group className="mb-0">
            <Form.Label as="div" id="contract-plans-label">
              Planos de manutenção cobertos
            </Form.Label>
            <Controller
              control={control}
              name="plans"
              render={({ field }) =>
                planList.length === 0 ? (
                  <p className="text-body-secondary small mb-0">
                    {customerName
                      ? 'O cliente não tem planos de manutenção.'
                      : 'Selecione o cliente para ver os planos dele.'}
                  </p>
                ) : (
                  <div role="group" aria-labelledby="contract-plans-label">
                    {planList.map((p) => (
                      <Form.Check
                        key={p.id}
                        id={`contract-plan-${p.id}`}
                        label={p.label}
                        checked={chosen.includes(p.id)}
                        onChange={(e) =>
                          field.onChange(e.target.checked ? [...chosen, p.id] : chosen.filter((x) => x !== p.id))
                        }
                      />
                    ))}
                  </div>
                )
              }
            />
            {planError && <div className="invalid-feedback d-block">{planError}</div>}
          </Form.Group>
        </div>
      </fieldset>

      <fieldset disabled={readOnly} className="card mb-3">
        <legend className="card-header h6 mb-0 bg-white">Cobrança</legend>
        <div className="card-body">
          <div className="row g-3 mb-3">
            <Form.Group className="col-sm-6" controlId="contract-amount">
              <Form.Label>Valor por período</Form.Label>
              <Controller
                control={control}
                name="amount"
                render={({ field }) => (
                  <MoneyInput
                    id="contract-amount"
                    value={field.value}
                    onChange={(v) => field.onChange(v ?? undefined)}
                    onBlur={field.onBlur}
                    error={errors.amount?.message}
                  />
                )}
              />
            </Form.Group>
            <Form.Group className="col-sm-6" controlId="contract-periodicity">
              <Form.Label>Periodicidade</Form.Label>
              <Form.Select isInvalid={!!errors.periodicity} {...register('periodicity')}>
                {maintenanceFrequencies.map((f) => (
                  <option key={f} value={f}>
                    {frequencyLabels[f]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </div>
          <div className="row g-3 mb-3">
            <div className="col-sm-4">
              <TextField
                id="contract-billing-day"
                label="Dia de cobrança"
                groupClassName="mb-0"
                type="number"
                min={1}
                max={31}
                error={errors.billingDay?.message}
                {...register('billingDay', { valueAsNumber: true })}
              />
            </div>
            <Form.Group className="col-sm-4" controlId="contract-start">
              <Form.Label>Início</Form.Label>
              <Controller
                control={control}
                name="startDate"
                render={({ field }) => (
                  <DateInput
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.startDate?.message}
                    disabled={readOnly}
                  />
                )}
              />
            </Form.Group>
            <Form.Group className="col-sm-4" controlId="contract-end">
              <Form.Label>Fim (vazio: sem prazo)</Form.Label>
              <Controller
                control={control}
                name="endDate"
                render={({ field }) => (
                  <DateInput
                    value={field.value ?? ''}
                    onChange={(v) => field.onChange(v || null)}
                    onBlur={field.onBlur}
                    error={errors.endDate?.message}
                    disabled={readOnly}
                  />
                )}
              />
            </Form.Group>
          </div>
          <Form.Text className="d-block mb-3">
            Cada período é cobrado no dia de cobrança (no dia 31, o último dia dos meses mais curtos): a conta a receber
            vence nesse dia e a cobrança vai por e-mail e, quando ligado, pelo WhatsApp.
          </Form.Text>
          <TextField
            id="contract-index"
            label="Índice de reajuste anual"
            placeholder="IPCA, IGP-M…"
            error={errors.readjustmentIndex?.message}
            {...register('readjustmentIndex')}
          />
          <Form.Check
            type="switch"
            id="contract-nfse"
            label="Emitir a NFS-e de cada período"
            {...register('issueNfse')}
          />
        </div>
      </fieldset>

      <fieldset disabled={readOnly} className="card mb-3">
        <legend className="card-header h6 mb-0 bg-white">Situação</legend>
        <div className="card-body">
          <div className="row g-3 mb-3">
            <Form.Group className="col-sm-6" controlId="contract-status">
              <Form.Label>Situação</Form.Label>
              <Form.Select isInvalid={!!errors.status} {...register('status')}>
                {contractStatuses.map((s) => (
                  <option key={s} value={s}>
                    {contractStatusLabels[s]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <div className="col-sm-6">
              <TextField
                id="contract-hold"
                label="Segurar visitas após (dias de atraso)"
                groupClassName="mb-0"
                type="number"
                min={1}
                max={365}
                placeholder="Não segurar"
                error={errors.holdVisitsAfterDays?.message}
                {...register('holdVisitsAfterDays', {
                  setValueAs: (v: string | number | null) => (v === '' || v === null ? null : Number(v)),
                })}
              />
            </div>
          </div>
          <TextField
            id="contract-notes"
            label="Observações"
            as="textarea"
            rows={3}
            error={errors.notes?.message}
            {...register('notes')}
          />
        </div>
      </fieldset>
      {errors.root && <div className="text-danger mb-3">{errors.root.message}</div>}
      {!readOnly && <FormActions cancelTo="/contracts" isSubmitting={isSubmitting} />}
    </Form>
  );
}
