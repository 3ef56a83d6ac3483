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
  // No company until one is picked: the contract then asks for it.
  const values = { company: undefined, startDate: '', endDate: '' };
  const form = useActionForm(generatePayrollBody, values, {
    show,
    onHide: close,
    send: (body) => generate.mutateAsync(body),
    done: payrollMessages.generated,
    afterwards: (created) => navigate(`/payrolls/${created.id}`),
    failed: payrollMessages.generateFailed,
  });
  const { control, formState } = form;
  const { errors } = formState;
  // The form's own message is a warning box (say, no finished order in the period), not red text.
  return (
    <ActionModal {...form.modal} rootError={undefined} title="Gerar folha" formId="generate-payroll-form" label="Gerar">
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
        <DateField form={form} name="startDate" label="Início" id="payroll-start" className="col-sm-6" />
        <DateField form={form} name="endDate" label="Fim" id="payroll-end" className="col-sm-6" />
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
