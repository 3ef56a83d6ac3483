import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import {
  formatAddress,
  frequencyLabels,
  maintenanceFrequencies,
  maintenancePlanBody,
  MAX_LEAD_DAYS,
  messages,
  type MaintenancePlanBody,
  type MaintenancePlanValues,
} from '@ordem-certa/contracts';
import { useAuth, useOrgPath } from '../../../lib/auth.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { DateInput } from '../../../components/date-input.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { pickedSelects } from '../../../components/picked-select.tsx';
import { SearchableSelect, type Option } from '../../../components/searchable-select.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { searchCompanies } from '../../../components/invoices/api/search-companies.ts';
import { searchCustomers } from '../../../components/invoices/api/search-customers.ts';
import { searchNatures } from '../../../components/invoices/api/search-natures.ts';
import { searchWorkers } from '../../../components/invoices/api/search-workers.ts';
import { useCustomerAddresses } from '../api/get-customer-parts.ts';
import { EquipmentPicker } from './equipment-picker.tsx';
import { SiteFields } from './pmoc-fields.tsx';
import { TasksFields } from './tasks-fields.tsx';
import { searchServices, searchTemplates } from '../api/search-plan-options.ts';

type Picked = 'company' | 'customer' | 'transactionNature' | 'checklistTemplate' | 'worker';
/** The options shown in the searched selects: the names of what the plan already names. */
export type PlanOptions = Partial<Record<Picked, Option | null>> & { services?: Array<Option | null> };

interface PlanFormProps {
  defaultValues: MaintenancePlanBody;
  options?: PlanOptions;
  /** An ended plan is shown, not edited. */
  readOnly?: boolean;
  onSubmit(values: MaintenancePlanValues): Promise<unknown>;
}

/** A blank plan: monthly, orders made 15 days ahead. */
export const blankPlan = (): MaintenancePlanBody => ({
  company: undefined as unknown as number,
  customer: undefined as unknown as number,
  transactionNature: undefined as unknown as number,
  address: null,
  equipments: [],
  frequency: 'monthly',
  startDate: '',
  checklistTemplate: null,
  worker: null,
  leadDays: 15,
  services: [],
  engineerName: '',
  engineerRegistration: '',
  artNumber: '',
  buildingName: '',
  customerRole: 'owner',
  rooms: [],
  tasks: [],
  recommendations: '',
});

/**
 * The plan: whom it serves (company, customer and the building), which equipment, how often from
 * when, and what each visit's order carries (checklist, technician, services); then the responsible
 * engineer and the ART, printed on the PMOC report.
 */
export function PlanForm({ defaultValues, options = {}, readOnly, onSubmit }: PlanFormProps) {
  const orgPath = useOrgPath();
  const { user } = useAuth();
  const [picked, setPicked] = useState<PlanOptions>(options);
  const form = useContractForm(maintenancePlanBody, { mode: 'onBlur', defaultValues });
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const services = useFieldArray({ control, name: 'services' });
  const customerId = useWatch({ control, name: 'customer' });
  const addresses = useCustomerAddresses(customerId);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  const select = pickedSelects<MaintenancePlanBody, MaintenancePlanValues, Picked, PlanOptions>({
    form,
    prefix: 'plan',
    orgPath,
    picked,
    setPicked,
    readOnly,
    optional: ['checklistTemplate', 'worker'],
  });

  const addressList = addresses.data?.data ?? [];

  return (
    <Form noValidate onSubmit={submit} className="plan-form">
      <fieldset disabled={readOnly} className="card mb-3">
        <legend className="card-header h6 mb-0 bg-white">Cliente e equipamentos</legend>
        <div className="card-body">
          {select('company', 'Empresa', (q) => searchCompanies(orgPath, q), 'Selecione a empresa')}
          {select(
            'customer',
            'Cliente',
            (q) => searchCustomers(orgPath, q),
            'Selecione o cliente',
            () => {
              // Equipment and the building are the customer's: another customer starts them over.
              setValue('equipments', []);
              setValue('address', null);
            },
          )}
          {select(
            'transactionNature',
            'Natureza da Operação',
            (q) => searchNatures(orgPath, q),
            'Selecione a natureza',
          )}

          <Form.Group className="mb-3" controlId="plan-address">
            <Form.Label>Edificação (endereço)</Form.Label>
            <Controller
              control={control}
              name="address"
              render={({ field }) => (
                <Form.Select
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value ? Number(e.target.value) : null)}
                  onBlur={field.onBlur}
                  isInvalid={!!errors.address}
                  disabled={readOnly || customerId === undefined}
                >
                  <option value="">
                    {addressList.length === 1 ? 'O endereço do cliente' : 'Sem endereço definido'}
                  </option>
                  {addressList.map((a) => (
                    <option key={a.id} value={a.id}>
                      {formatAddress(a)}
                    </option>
                  ))}
                </Form.Select>
              )}
            />
            <Form.Control.Feedback type="invalid">{errors.address?.message}</Form.Control.Feedback>
          </Form.Group>

          <Form.Group className="mb-3">
            <Form.Label as="div" id="plan-equipments-label">
              Equipamentos
            </Form.Label>
            <Controller
              control={control}
              name="equipments"
              render={({ field }) =>
                customerId === undefined ? (
                  <p className="text-body-secondary small mb-0">Selecione o cliente para ver os equipamentos dele.</p>
                ) : (
                  <EquipmentPicker
                    customerId={customerId}
                    value={field.value}
                    onChange={field.onChange}
                    labelledBy="plan-equipments-label"
                  />
                )
              }
            />
            {errors.equipments && (
              <div className="invalid-feedback d-block">
                {errors.equipments.message ??
                  (Array.isArray(errors.equipments) ? errors.equipments.find((e) => e)?.message : undefined)}
              </div>
            )}
          </Form.Group>
        </div>
      </fieldset>

      <fieldset disabled={readOnly} className="card mb-3">
        <legend className="card-header h6 mb-0 bg-white">Programação</legend>
        <div className="card-body">
          <div className="row g-3 mb-3">
            <Form.Group className="col-sm-6" controlId="plan-frequency">
              <Form.Label>Periodicidade</Form.Label>
              <Form.Select isInvalid={!!errors.frequency} {...register('frequency')}>
                {maintenanceFrequencies.map((f) => (
                  <option key={f} value={f}>
                    {frequencyLabels[f]}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.frequency?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-sm-6" controlId="plan-start">
              <Form.Label>Primeira manutenção</Form.Label>
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
          </div>
          <TextField
            id="plan-lead-days"
            label="Gerar a ordem de serviço com quantos dias de antecedência"
            type="number"
            min={0}
            max={MAX_LEAD_DAYS}
            className="plan-lead-days"
            error={errors.leadDays?.message}
            {...register('leadDays', { valueAsNumber: true })}
          >
            <Form.Text>
              Cada manutenção vira uma ordem de serviço agendada para as 08:00 do dia, criada esse número de dias antes.
            </Form.Text>
          </TextField>
          {select('checklistTemplate', 'Checklist', (q) => searchTemplates(orgPath, q), 'Nenhum checklist')}
          {select(
            'worker',
            'Técnico',
            (q) => searchWorkers(user?.organizationId ?? 0, q),
            'Nenhum técnico (definir em cada ordem)',
          )}

          <div className="mb-3">
            <div className="form-label" id="plan-services-label">
              Serviços de cada visita
            </div>
            <ul className="list-unstyled d-grid gap-2 mb-2" aria-labelledby="plan-services-label">
              {services.fields.map((line, k) => (
                <li key={line.id} className="plan-service-line d-flex flex-wrap gap-2 align-items-start">
                  <div className="flex-grow-1">
                    <Controller
                      control={control}
                      name={`services.${k}.service`}
                      render={({ field }) => (
                        <SearchableSelect
                          aria-label={`Serviço ${k + 1}`}
                          queryKey={['plan-form', orgPath, 'services']}
                          loadOptions={(q) => searchServices(orgPath, q)}
                          value={picked.services?.[k] ?? null}
                          onChange={(opt) => {
                            setPicked((p) => {
                              const next = [...(p.services ?? [])];
                              next[k] = opt;
                              return { ...p, services: next };
                            });
                            field.onChange(opt?.value);
                          }}
                          onBlur={field.onBlur}
                          placeholder="Selecione o serviço"
                          isInvalid={!!errors.services?.[k]?.service}
                          disabled={readOnly}
                        />
                      )}
                    />
                    {errors.services?.[k]?.service && (
                      <div className="invalid-feedback d-block">{errors.services[k].service.message}</div>
                    )}
                  </div>
                  <div className="plan-service-quantity">
                    <Form.Control
                      type="number"
                      min={1}
                      aria-label={`Quantidade do serviço ${k + 1}`}
                      isInvalid={!!errors.services?.[k]?.quantity}
                      {...register(`services.${k}.quantity`, { valueAsNumber: true })}
                    />
                    <Form.Control.Feedback type="invalid">
                      {errors.services?.[k]?.quantity?.message}
                    </Form.Control.Feedback>
                  </div>
                  <Button
                    variant="outline-danger"
                    aria-label={`Remover o serviço ${k + 1}`}
                    onClick={() => {
                      services.remove(k);
                      setPicked((p) => ({ ...p, services: (p.services ?? []).filter((_, n) => n !== k) }));
                    }}
                  >
                    Remover
                  </Button>
                </li>
              ))}
            </ul>
            {!readOnly && (
              <Button
                variant="outline-primary"
                size="sm"
                onClick={() => services.append({ service: undefined as unknown as number, quantity: 1 })}
              >
                Adicionar serviço
              </Button>
            )}
          </div>
        </div>
      </fieldset>

      <SiteFields form={form} readOnly={readOnly} />
      <TasksFields form={form} readOnly={readOnly} />

      <fieldset disabled={readOnly} className="card mb-3">
        <legend className="card-header h6 mb-0 bg-white">Responsável técnico (impresso nos documentos PMOC)</legend>
        <div className="card-body">
          <TextField
            id="plan-engineer-name"
            label="Nome do engenheiro responsável"
            error={errors.engineerName?.message}
            {...register('engineerName')}
          />
          <div className="row g-3">
            <div className="col-sm-6">
              <TextField
                id="plan-engineer-registration"
                label="Registro (CREA/CFT)"
                error={errors.engineerRegistration?.message}
                {...register('engineerRegistration')}
              />
            </div>
            <div className="col-sm-6">
              <TextField
                id="plan-art"
                label="Nº da ART/TRT"
                error={errors.artNumber?.message}
                {...register('artNumber')}
              />
            </div>
          </div>
        </div>
      </fieldset>
      {errors.root && <div className="text-danger mb-3">{errors.root.message}</div>}
      {!readOnly && <FormActions cancelTo="/maintenance-plans" isSubmitting={isSubmitting} />}
    </Form>
  );
}
