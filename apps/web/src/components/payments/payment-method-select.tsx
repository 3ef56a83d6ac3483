import type { ComponentProps } from 'react';
import { Form } from 'react-bootstrap';
import { noPaymentMethodLabel, paymentMethodLabels, paymentMethods } from '@ordem-certa/contracts';

/**
 * The payment methods (PIX, Dinheiro, Cartão de crédito…) as a select for react-hook-form's
 * `register`; `allowEmpty` adds 'Não informado' (value '') first.
 */
export function PaymentMethodSelect({
  error,
  allowEmpty,
  ...rest
}: ComponentProps<typeof Form.Select> & { error?: string; allowEmpty?: boolean }) {
  return (
    <>
      <Form.Select isInvalid={!!error} {...rest}>
        {allowEmpty && <option value="">{noPaymentMethodLabel}</option>}
        {paymentMethods.map((m) => (
          <option key={m} value={m}>
            {paymentMethodLabels[m]}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </>
  );
}
