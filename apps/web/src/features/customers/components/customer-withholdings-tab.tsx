import { Alert, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { WithholdingsForm } from '../../../components/nfse/withholdings-form.tsx';
import { useCustomerWithholdings, useSaveCustomerWithholdings } from '../api/customer-withholdings.ts';

/**
 * 'Retenções (NFS-e)': what the customer (a company, a public body) withholds from the services it
 * takes. Its orders' NFS-e carry it unless an order says otherwise, and their receivable expects the
 * value less it.
 */
export function CustomerWithholdingsTab({ customerId, readOnly }: { customerId: number; readOnly?: boolean }) {
  const query = useCustomerWithholdings(customerId);
  const save = useSaveCustomerWithholdings(customerId);
  if (query.isPending) return <Spinner animation="border" size="sm" role="status" aria-label="Carregando" />;
  if (query.isError) return <Alert variant="danger">Não foi possível carregar as retenções.</Alert>;
  return (
    <div className="card-list p-3">
      <p className="small text-body-secondary">
        Empresas e órgãos públicos costumam reter impostos do que pagam pelo serviço. O que estiver aqui vai para a
        NFS-e das ordens deste cliente, e a ordem passa a esperar o valor líquido.
      </p>
      <WithholdingsForm
        idPrefix="customer-withholdings"
        disabled={readOnly}
        value={query.data.withholdings}
        onSave={async (body) => {
          await save.mutateAsync(body);
          toast.success('Retenções do cliente salvas');
        }}
      />
    </div>
  );
}
