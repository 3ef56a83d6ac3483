import { Card } from 'react-bootstrap';
import { formatMoney } from '@ordem-certa/contracts';
import { CopyField } from './copy-field.tsx';
import { isoToBr } from './date-text.ts';

/** A PIX payment as the public pages get it: the copia e cola code, its QR as a PNG data URL, the amount. */
export interface PixPayment {
  code: string;
  qr: string;
  amount: number;
}

/** An instalment payable by its own PIX code (a charge with a due date at the company's PSP). */
export interface PixInstallment extends PixPayment {
  number: number;
  count: number;
  dueDate: string;
}

/** Pay by PIX: the QR code for another phone, the copia e cola for this one; a heading of its own (the deposit). */
export function PixCard({ pix, title = 'Pagar com PIX' }: { pix: PixPayment; title?: string }) {
  return (
    <Card className="mb-3" data-testid="pix-card">
      <Card.Body>
        <h2 className="h5">{title}</h2>
        <PixCode pix={pix} id="pix-code" label="PIX copia e cola" qrLabel="QR Code do PIX" />
      </Card.Body>
    </Card>
  );
}

function PixCode({ pix, id, label, qrLabel }: { pix: PixPayment; id: string; label: string; qrLabel: string }) {
  return (
    <div className="d-flex flex-wrap gap-3 align-items-center">
      <img src={pix.qr} width={160} height={160} alt={qrLabel} className="border rounded bg-white" />
      <div className="flex-grow-1" style={{ minWidth: 0 }}>
        <div className="fw-semibold mb-1">Valor: {formatMoney(pix.amount)}</div>
        <CopyField id={id} label={label} value={pix.code} />
      </div>
    </div>
  );
}

/**
 * The instalments payable one by one, each by its own code and due date; after it the bank adds the
 * fine and interest the charge carries.
 */
export function PixInstallmentsCard({ installments }: { installments: PixInstallment[] }) {
  return (
    <Card className="mb-3" data-testid="pix-installments">
      <Card.Body>
        <h2 className="h5">Pagar as parcelas com PIX</h2>
        <p className="small text-body-secondary">
          Cada parcela tem o seu código. Pago após o vencimento, o banco acrescenta a multa e os juros.
        </p>
        {installments.map((x) => (
          <section key={x.number} className="mb-3" aria-label={`Parcela ${x.number}/${x.count}`}>
            <h3 className="h6">
              Parcela {x.number}/{x.count} · vence em {isoToBr(x.dueDate)}
            </h3>
            <PixCode
              pix={x}
              id={`pix-installment-${x.number}`}
              label={`PIX copia e cola da parcela ${x.number}/${x.count}`}
              qrLabel={`QR Code do PIX da parcela ${x.number}/${x.count}`}
            />
          </section>
        ))}
      </Card.Body>
    </Card>
  );
}
