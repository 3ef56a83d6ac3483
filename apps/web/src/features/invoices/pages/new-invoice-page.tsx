import { useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { createInvoiceBody, invoiceMessages, messages, type CreateInvoiceBody } from '@oficina/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSpinner } from '../../../app/layout.tsx';
import { SearchableSelect, type Option } from '../../../components/searchable-select.tsx';
import { searchCustomers } from '../../../components/invoices/api/search-customers.ts';
import { invoiceEditPath } from '../../../components/invoices/invoice-table.tsx';
import { useCreateInvoice } from '../api/create-invoice.ts';
import { useCustomerOption } from '../../../components/invoices/api/get-customer-option.ts';
import { searchCompanies } from '../../../components/invoices/api/search-companies.ts';
import { searchNatures } from '../../../components/invoices/api/search-natures.ts';

type Field = keyof CreateInvoiceBody;
type Values = Record<Field, number | undefined>;

/** /invoices/new (admin) 'Nova Ordem de Serviço': company, customer (?customerId= preselects it), nature. */
export function NewInvoicePage() {
  const [search] = useSearchParams();
  const raw = Number(search.get('customerId'));
  const customerId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const preselected = useCustomerOption(customerId);
  // An unknown or foreign customerId just leaves the customer empty.
  if (customerId !== null && preselected.isPending) return <PageSpinner />;
  return <NewInvoiceForm customer={preselected.data ?? null} />;
}

function NewInvoiceForm({ customer }: { customer: Option | null }) {
  const orgPath = useOrgPath();
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const [selected, setSelected] = useState<Record<Field, Option | null>>({
    company: null,
    customer,
    transactionNature: null,
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, CreateInvoiceBody>({
    // The selects hold numbers or nothing; the schema turns nothing into its 'Selecione ...' message.
    resolver: zodResolver(createInvoiceBody) as Resolver<Values, unknown, CreateInvoiceBody>,
    mode: 'onBlur',
    defaultValues: { company: undefined, customer: customer?.value, transactionNature: undefined },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      toast.success(invoiceMessages.created);
      navigate(invoiceEditPath(created.id), { replace: true });
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });

  const select = (name: Field, label: string, load: (q: string) => Promise<Option[]>, placeholder: string) => (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={`new-invoice-${name}`}>{label}</Form.Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <SearchableSelect
            id={`new-invoice-${name}`}
            queryKey={['new-invoice', orgPath, name]}
            loadOptions={load}
            value={selected[name]}
            onChange={(opt) => {
              setSelected((s) => ({ ...s, [name]: opt }));
              field.onChange(opt?.value);
            }}
            onBlur={field.onBlur}
            placeholder={placeholder}
            isInvalid={!!errors[name]}
          />
        )}
      />
      {errors[name] && <div className="invalid-feedback d-block">{errors[name]?.message}</div>}
    </Form.Group>
  );

  return (
    <>
      <PageHeader title="Nova Ordem de Serviço" />
      <Form noValidate onSubmit={onSubmit} className="form-narrow">
        {select('company', 'Empresa', (q) => searchCompanies(orgPath, q), 'Selecione a empresa')}
        {select('customer', 'Cliente', (q) => searchCustomers(orgPath, q), 'Selecione o cliente')}
        {select('transactionNature', 'Natureza da Operação', (q) => searchNatures(orgPath, q), 'Selecione a natureza')}
        {errors.root && <div className="text-danger mb-3">{errors.root.message}</div>}
        <div className="d-flex gap-2 mt-4">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
            Salvar
          </Button>
          <Link to="/invoices" className="btn btn-outline-secondary">
            Cancelar
          </Link>
        </div>
      </Form>
    </>
  );
}
