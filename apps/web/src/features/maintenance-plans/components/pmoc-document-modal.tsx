import { Form } from 'react-bootstrap';
import { pmocDocumentQuery } from '@ordem-certa/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { ActionModal, useActionForm } from '../../../components/action-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { downloadPmocDocument } from '../api/download-pmoc-document.ts';

/** 'Documento PMOC': the year, then the PDF downloaded. */
export function PmocDocumentModal({
  planId,
  show,
  year,
  onHide,
}: {
  planId: number;
  show: boolean;
  year: number;
  onHide(): void;
}) {
  const orgPath = useOrgPath();
  const {
    register,
    formState: { errors },
    modal,
  } = useActionForm(
    pmocDocumentQuery,
    { year },
    {
      show,
      onHide,
      send: (body) => downloadPmocDocument(orgPath, planId, body.year),
      done: (fileName) => `${fileName} baixado`,
    },
  );
  return (
    <ActionModal {...modal} title="Documento PMOC" formId="pmoc-document-form" label="Baixar PDF">
      <TextField
        id="pmoc-year"
        label="Ano"
        type="number"
        inputMode="numeric"
        min={2000}
        max={2100}
        error={errors.year?.message}
        {...register('year')}
      />
      <Form.Text className="d-block">
        A edificação e o cliente, o responsável técnico, os ambientes, o inventário dos equipamentos, as tarefas por
        componente, o cronograma dos doze meses (previstas e realizadas), os registros de execução com as assinaturas,
        as recomendações e o relatório de qualidade do ar do ano, anexado ao final.
      </Form.Text>
    </ActionModal>
  );
}
