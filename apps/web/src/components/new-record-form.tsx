import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form } from 'react-bootstrap';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { can, createInvoiceBody, messages, type CreateInvoiceBody } from '@ordem-certa/contracts';
import { useAuth, useOrgPath } from '../lib/auth.tsx';
import { QuickCustomerModal } from './quick-create/quick-customer-modal.tsx';
import { applyServerErrors } from '../lib/form-errors.ts';
import { ControlledField } from './controlled-field.tsx';
import { FormActions } from './form-actions.tsx';
import { PageHeader } from './page-header.tsx';
import { SearchableSelect, type Option } from './searchable-select.tsx';
import { searchCustomers } from './invoices/api/search-customers.ts';
import { searchCompanies } from './invoices/api/search-companies.ts';
import { searchNatures } from './invoices/api/search-natures.ts';

/** Company, customer and transaction nature: what a new service order and a new estimate ask for. */
export type PartiesBody = CreateInvoiceBody;
type Field = keyof PartiesBody;
type Values = Record<Field, number | undefined>;

interface NewRecordFormProps {
  title: string;
  /** Prefix of the field ids and of the select caches. */
  idPrefix: string;
  /** The operation's own schema (same fields and messages). */
  schema: typeof createInvoiceBody;
  /** Preselected customer (?customerId=). */
  customer: Option | null;
  create(body: PartiesBody): Promise<{ id: number }>;
  createdMessage: string;
  editPath(id: number): string;
  cancelTo: string;
}

/** The 'new' form of orders and estimates: three server-searched selects, then the edit screen. */
export function NewRecordForm(props: NewRecordFormProps) {
  const orgPath = useOrgPath();
  const { viewer } = useAuth();
  const navigate = useNavigate();
  // undefined: not chosen yet (the only company or nature shows then); null: cleared.
  const [selected, setSelected] = useState<Record<Field, Option | null | undefined>>({
    company: undefined,
    customer: props.customer,
    transactionNature: undefined,
  });
  const [creatingCustomer, setCreatingCustomer] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, PartiesBody>({
    // The selects hold numbers or nothing; the schema turns nothing into its 'Selecione ...' message.
    resolver: zodResolver(props.schema) as Resolver<Values, unknown, PartiesBody>,
    mode: 'onBlur',
    defaultValues: { company: undefined, customer: props.customer?.value, transactionNature: undefined },
  });

  // An organization with one company or one nature (a new shop has one of each): it is already chosen.
  const onlyKey = (name: Field) => [props.idPrefix, orgPath, name, 'only'];
  const companies = useQuery({
    queryKey: onlyKey('company'),
    queryFn: () => searchCompanies(orgPath, ''),
    staleTime: 30_000,
  }).data;
  const natures = useQuery({
    queryKey: onlyKey('transactionNature'),
    queryFn: () => searchNatures(orgPath, ''),
    staleTime: 30_000,
  }).data;
  const only: Record<Field, Option | undefined> = {
    company: companies?.length === 1 ? companies[0] : undefined,
    customer: undefined,
    transactionNature: natures?.length === 1 ? natures[0] : undefined,
  };
  const shown = (name: Field) => (selected[name] === undefined ? (only[name] ?? null) : selected[name]);
  const onlyCompany = only.company?.value;
  const onlyNature = only.transactionNature?.value;
  useEffect(() => {
    if (onlyCompany !== undefined && getValues('company') === undefined) setValue('company', onlyCompany);
    if (onlyNature !== undefined && getValues('transactionNature') === undefined)
      setValue('transactionNature', onlyNature);
  }, [onlyCompany, onlyNature, getValues, setValue]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const created = await props.create(body);
      toast.success(props.createdMessage);
      navigate(props.editPath(created.id), { replace: true });
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  const select = (
    name: Field,
    label: string,
    load: (q: string) => Promise<Option[]>,
    placeholder: string,
    extra?: ReactNode,
  ) => (
    <ControlledField
      control={control}
      name={name}
      label={label}
      htmlFor={`${props.idPrefix}-${name}`}
      error={errors[name]?.message}
      render={(field) => (
        <SearchableSelect
          id={`${props.idPrefix}-${name}`}
          queryKey={[props.idPrefix, orgPath, name]}
          loadOptions={load}
          value={shown(name)}
          onChange={(opt) => {
            setSelected((s) => ({ ...s, [name]: opt }));
            field.onChange(opt?.value);
          }}
          onBlur={field.onBlur}
          placeholder={placeholder}
          isInvalid={!!errors[name]}
        />
      )}
    >
      {extra}
    </ControlledField>
  );
  // A customer not registered yet is registered here, in place, and picked.
  const addCustomer = can(viewer, 'customer.create') && (
    <Button variant="link" size="sm" className="px-0" onClick={() => setCreatingCustomer(true)}>
      + Cadastrar cliente
    </Button>
  );

  return (
    <>
      <PageHeader title={props.title} />
      <Form noValidate onSubmit={onSubmit} className="form-narrow">
        {select('company', 'Empresa', (q) => searchCompanies(orgPath, q), 'Selecione a empresa')}
        {select('customer', 'Cliente', (q) => searchCustomers(orgPath, q), 'Selecione o cliente', addCustomer)}
        {select('transactionNature', 'Natureza da Operação', (q) => searchNatures(orgPath, q), 'Selecione a natureza')}
        {errors.root && <div className="text-danger mb-3">{errors.root.message}</div>}
        <FormActions cancelTo={props.cancelTo} isSubmitting={isSubmitting} />
      </Form>
      <QuickCustomerModal
        show={creatingCustomer}
        onHide={() => setCreatingCustomer(false)}
        onCreated={(option) => {
          setCreatingCustomer(false);
          setSelected((s) => ({ ...s, customer: option }));
          setValue('customer', option.value, { shouldValidate: true });
        }}
      />
    </>
  );
}
