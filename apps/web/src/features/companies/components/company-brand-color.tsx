import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import type { Company } from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { useUpdateCompanyBrandColor } from '../api/update-company-brand-color.ts';

/** The product's blue, what the portal shows without a colour of the company's. */
const DEFAULT_COLOR = '#0d6efd';

/** The colour of the customer's portal ('Área do cliente'), beside the logo it shows. */
export function CompanyBrandColor({ company }: { company: Company }) {
  const save = useUpdateCompanyBrandColor(company.id);
  const [color, setColor] = useState(company.brandColor ?? DEFAULT_COLOR);
  const send = async (brandColor: string | null) => {
    try {
      await save.mutateAsync({ brandColor });
      toast.success('Cor da área do cliente salva');
    } catch (err) {
      toastApiError(err);
    }
  };
  return (
    <Form.Group className="mt-3" controlId="company-brand-color">
      <Form.Label>Cor da área do cliente</Form.Label>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <Form.Control type="color" value={color} onChange={(e) => setColor(e.target.value)} style={{ width: 64 }} />
        <Button size="sm" onClick={() => void send(color)} disabled={save.isPending}>
          Salvar cor
        </Button>
        {company.brandColor && (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => void send(null).then(() => setColor(DEFAULT_COLOR))}
          >
            Usar a cor padrão
          </Button>
        )}
      </div>
      <Form.Text>A área do cliente mostra o logotipo e esta cor no topo e nos botões.</Form.Text>
    </Form.Group>
  );
}
