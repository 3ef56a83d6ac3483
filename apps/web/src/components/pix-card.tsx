import { Card } from 'react-bootstrap';
import { formatMoney } from '@ordem-certa/contracts';
import { CopyField } from './copy-field.tsx';

/** A PIX payment as the public pages get it: the copia e cola code, its QR as a PNG data URL, the amount. */
export interface PixPayment {
  code: string;
  qr: string;
  amount: number;
}

/** Pay by PIX: the QR code for another phone, the copia e cola for this one. */
export function PixCard({ pix }: { pix: PixPayment }) {
  return (
    <Card className="mb-3" data-testid="pix-card">
      <Card.Body>
        <h2 className="h5">Pagar com PIX</h2>
        <div className="d-flex flex-wrap gap-3 align-items-center">
          <img src={pix.qr} width={160} height={160} alt="QR Code do PIX" className="border rounded bg-white" />
          <div className="flex-grow-1" style={{ minWidth: 0 }}>
            <div className="fw-semibold mb-1">Valor: {formatMoney(pix.amount)}</div>
            <CopyField id="pix-code" label="PIX copia e cola" value={pix.code} />
          </div>
        </div>
      </Card.Body>
    </Card>
  );
}
