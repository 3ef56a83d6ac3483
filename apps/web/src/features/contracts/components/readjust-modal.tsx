import { Controller } from 'react-hook-form';
import { Form } from 'react-bootstrap';
import { contractMessages as msg, contractReadjustmentBody, type Contract } from '@ordem-certa/contracts';
import { ActionModal, useActionForm } from '../../../components/action-modal.tsx';
import { PercentInput } from '../../../components/percent-input.tsx';
import { formatIsoDate, formatMoney } from '../../../lib/format.ts';
import { useReadjustContract } from '../api/readjust-contract.ts';

/** 'Reajustar': the index's percentage on the anniversary, typed; the new amount from the next period on. */
export function ReadjustModal({ contract, show, onHide }: { contract: Contract; show: boolean; onHide(): void }) {
  const readjust = useReadjustContract(contract.id);
  const form = useActionForm(
    contractReadjustmentBody,
    { percent: undefined as unknown as number },
    { show, onHide, send: (body) => readjust.mutateAsync(body), done: msg.readjusted },
  );
  const {
    control,
    formState: { errors },
  } = form;
  return (
    <ActionModal {...form.modal} title="Reajustar o contrato" formId="readjust-contract-form" label="Reajustar">
      <p>
        Aniversário de {formatIsoDate(contract.nextReadjustmentDate)}: reajuste pelo {contract.readjustmentIndex} do
        valor atual de {formatMoney(contract.amount)}.
      </p>
      <Form.Group controlId="readjust-percent">
        <Form.Label>Percentual do índice no período</Form.Label>
        <Controller
          control={control}
          name="percent"
          render={({ field }) => (
            <PercentInput
              id="readjust-percent"
              value={field.value}
              onChange={(v) => field.onChange(v ?? undefined)}
              onBlur={field.onBlur}
              error={errors.percent?.message}
            />
          )}
        />
      </Form.Group>
    </ActionModal>
  );
}
