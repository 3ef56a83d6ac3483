import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { generatePayrollBody, payrollMessages } from '@ordem-certa/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { ActionModal, useActionForm } from '../../../components/action-modal.tsx';
import { ControlledField } from '../../../components/controlled-field.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { SearchableSelect, type Option } from '../../../components/searchable-select.tsx';
import { searchCompanies } from '../../../components/invoices/api/search-companies.ts';
import { useGeneratePayroll } from '../api/generate-payroll.ts';

/** 'Gerar folha': company and period (dates inclusive); the server decides the lines and their values. */
export function GeneratePayrollModal({ show, onHide }: { show: boolean; onHide(): void }) {
  const orgPath = useOrgPath();
  const navigate = useNavigate();
  const generate = useGeneratePayroll();
  const [company, setCompany] = useState<Option | null>(null);
  const close = () => {
    setCompany(null);
    onHide();
  };
  const {
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useActionForm({
    schema: generatePayrollBody,
    show,
    // No company until one is picked: the contract then asks for it.
    values: { company: undefined, startDate: '', endDate: '' },
    send: (body) => generate.mutateAsync(body),
    done: payrollMessages.generated,
    onHide: close,
    afterwards: (created) => navigate(`/payrolls/${created.id}`),
    failed: payrollMessages.generateFailed,
  });

  return (
    <ActionModal
      show={show}
      onHide={close}
      title="Gerar folha"
      formId="generate-payroll-form"
      label="Gerar"
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
    >
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
        <DateField
          control={control}
          name="startDate"
          label="Início"
          controlId="payroll-start"
          className="col-sm-6"
          error={errors.startDate?.message}
        />
        <DateField
          control={control}
          name="endDate"
          label="Fim"
          controlId="payroll-end"
          className="col-sm-6"
          error={errors.endDate?.message}
        />
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
    </ActionModal>
  );
}
