import { useEffect, useState } from 'react';
import { Form } from 'react-bootstrap';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { generatePayrollBody, payrollMessages } from '@ordem-certa/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import { ControlledField } from '../../../components/controlled-field.tsx';
import { DateInput } from '../../../components/date-input.tsx';
import { ModalFormFooter } from '../../../components/modal-form-footer.tsx';
import { SearchableSelect, type Option } from '../../../components/searchable-select.tsx';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { searchCompanies } from '../../../components/invoices/api/search-companies.ts';
import { useGeneratePayroll } from '../api/generate-payroll.ts';

/** 'Gerar folha': company and period (dates inclusive); the server decides the lines and their values. */
export function GeneratePayrollModal({ show, onHide }: { show: boolean; onHide(): void }) {
  const orgPath = useOrgPath();
  const navigate = useNavigate();
  const generate = useGeneratePayroll();
  const [company, setCompany] = useState<Option | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useContractForm(generatePayrollBody, {
    mode: 'onBlur',
    // No company until one is picked: the contract then asks for it.
    defaultValues: { company: undefined, startDate: '', endDate: '' },
  });

  useEffect(() => {
    if (show) reset({ company: undefined, startDate: '', endDate: '' });
  }, [show, reset]);
  const close = () => {
    setCompany(null);
    onHide();
  };

  const dateField = (name: 'startDate' | 'endDate', label: string, id: string) => (
    <Form.Group className="col-sm-6" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DateInput
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors[name]?.message}
          />
        )}
      />
    </Form.Group>
  );

  const onSubmit = handleSubmit(async (body) => {
    try {
      const created = await generate.mutateAsync(body);
      toast.success(payrollMessages.generated);
      close();
      navigate(`/payrolls/${created.id}`);
    } catch (err) {
      applyServerErrors(err, setError, payrollMessages.generateFailed);
    }
  });

  return (
    <AppModal
      show={show}
      onHide={close}
      title="Gerar folha"
      footer={
        <ModalFormFooter formId="generate-payroll-form" onCancel={close} isSubmitting={isSubmitting} label="Gerar" />
      }
    >
      <Form id="generate-payroll-form" noValidate onSubmit={onSubmit}>
        <ControlledField
          control={control}
          name="company"
          label="Empresa"
          htmlFor="payroll-company"
          error={errors.company?.message}
          render={(field) => (
            <SearchableSelect
              id="payroll-company"
              queryKey={['payroll-company', orgPath]}
              loadOptions={(q) => searchCompanies(orgPath, q)}
              value={company}
              onChange={(opt) => {
                setCompany(opt);
                field.onChange(opt?.value);
              }}
              onBlur={field.onBlur}
              placeholder="Selecione a empresa"
              isInvalid={!!errors.company}
            />
          )}
        />
        <div className="row g-3">
          {dateField('startDate', 'Início', 'payroll-start')}
          {dateField('endDate', 'Fim', 'payroll-end')}
        </div>
        <Form.Text className="d-block mt-3">
          Entram as ordens de serviço concluídas da empresa no período que ainda não estão em outra folha: uma linha por
          colaborador, com o valor dele por OS (metade quando a OS paga só 50%) mais a parte dele do bônus.
        </Form.Text>
        {errors.root && (
          <div className="alert alert-warning mt-3 mb-0" role="alert">
            {errors.root.message}
          </div>
        )}
      </Form>
    </AppModal>
  );
}
