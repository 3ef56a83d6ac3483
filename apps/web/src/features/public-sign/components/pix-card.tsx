import { useState } from 'react';
import { Button, Card, Form, InputGroup } from 'react-bootstrap';
import { formatMoney, type PublicInvoice } from '@oficina/contracts';

/** Pay what is still due by PIX: the QR code for another phone, the copia e cola for this one. */
export function PixCard({ pix }: { pix: NonNullable<PublicInvoice['pix']> }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(pix.code).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Card className="mb-3" data-testid="pix-card">
      <Card.Body>
        <h2 className="h5">Pagar com PIX</h2>
        <div className="d-flex flex-wrap gap-3 align-items-center">
          <img src={pix.qr} width={160} height={160} alt="QR Code do PIX" className="border rounded bg-white" />
          <div className="flex-grow-1" style={{ minWidth: 0 }}>
            <div className="fw-semibold mb-1">Valor: {formatMoney(pix.amount)}</div>
            <Form.Label htmlFor="pix-code" className="small text-body-secondary mb-1">
              PIX copia e cola
            </Form.Label>
            <InputGroup>
              <Form.Control id="pix-code" readOnly value={pix.code} onFocus={(e) => e.currentTarget.select()} />
              <Button variant="outline-primary" onClick={copy}>
                {copied ? 'Copiado' : 'Copiar'}
              </Button>
            </InputGroup>
          </div>
        </div>
      </Card.Body>
    </Card>
  );
}
