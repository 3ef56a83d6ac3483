import { Form } from 'react-bootstrap';
import {
  pixAutomaticoBody,
  pixAutomaticoMessages as msg,
  receiverAccountTypeLabels,
  receiverAccountTypes,
  retryPolicies,
  retryPolicyLabels,
  type PixAutomaticoBody,
} from '@ordem-certa/contracts';
import { ActionModal, useActionForm } from '../../../components/action-modal.tsx';
import { useRequestPixAutomatico } from '../api/pix-automatico.ts';

const blank: PixAutomaticoBody = {
  payerIspb: '',
  payerBranch: '',
  payerAccount: '',
  receiverBranch: '',
  receiverAccount: '',
  receiverAccountType: 'CORRENTE',
  retryPolicy: 'PERMITE_3R_7D',
};

/**
 * 'Pedir autorização': the customer's bank account the request goes to (the bank by its ISPB), the
 * company's account that receives the debits, and whether a failed debit is tried again.
 */
export function PixAutomaticoModal({
  contractId,
  show,
  onHide,
}: {
  contractId: number;
  show: boolean;
  onHide(): void;
}) {
  const request = useRequestPixAutomatico(contractId);
  const form = useActionForm(pixAutomaticoBody, blank, {
    show,
    onHide,
    send: (body) => request.mutateAsync(body),
    done: msg.requested,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const text = (name: keyof PixAutomaticoBody, label: string, o: { help?: string; inputMode?: 'numeric' } = {}) => (
    <Form.Group className="mb-3" controlId={`pix-automatico-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control inputMode={o.inputMode ?? 'numeric'} isInvalid={!!errors[name]} {...register(name)} />
      {o.help && <Form.Text>{o.help}</Form.Text>}
      <Form.Control.Feedback type="invalid">{errors[name]?.message}</Form.Control.Feedback>
    </Form.Group>
  );
  return (
    <ActionModal
      {...form.modal}
      title="Pedir autorização do Pix Automático"
      formId="pix-automatico-form"
      label="Pedir autorização"
    >
      <p>O cliente recebe o pedido no aplicativo do banco dele e autoriza uma vez o débito de cada período.</p>
      <fieldset>
        <legend className="fs-6 fw-semibold mb-2">Conta do cliente</legend>
        {text('payerIspb', 'ISPB do banco', { help: 'Os 8 dígitos que identificam o banco no Pix.' })}
        <div className="row g-2">
          <div className="col-4">{text('payerBranch', 'Agência')}</div>
          <div className="col-8">{text('payerAccount', 'Conta')}</div>
        </div>
      </fieldset>
      <fieldset>
        <legend className="fs-6 fw-semibold mb-2">Conta da empresa que recebe</legend>
        <div className="row g-2">
          <div className="col-4">{text('receiverBranch', 'Agência')}</div>
          <div className="col-8">{text('receiverAccount', 'Conta')}</div>
        </div>
        <Form.Group className="mb-3" controlId="pix-automatico-receiverAccountType">
          <Form.Label>Tipo da conta</Form.Label>
          <Form.Select isInvalid={!!errors.receiverAccountType} {...register('receiverAccountType')}>
            {receiverAccountTypes.map((t) => (
              <option key={t} value={t}>
                {receiverAccountTypeLabels[t]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </fieldset>
      <Form.Group controlId="pix-automatico-retryPolicy">
        <Form.Label>Se o débito falhar</Form.Label>
        <Form.Select {...register('retryPolicy')}>
          {retryPolicies.map((p) => (
            <option key={p} value={p}>
              {retryPolicyLabels[p]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </ActionModal>
  );
}
