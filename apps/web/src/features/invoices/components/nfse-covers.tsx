import { formatMoney } from '../../../lib/format.ts';
import { useOrderWithholdings } from '../api/order-withholdings.ts';

/**
 * What the order's NFS-e covers: the services and the materials, or the services alone (the company's
 * 'Materiais incluídos no valor do serviço'), with the note's value less the discount. Once issued, what
 * the note declared.
 */
export function NfseCovers({ invoiceId }: { invoiceId: number }) {
  const covers = useOrderWithholdings(invoiceId).data?.covers;
  if (!covers) return null;
  return (
    <p className="small mb-2" data-testid="nfse-covers">
      {covers.materials ? 'A NFS-e cobre os serviços e os materiais: ' : 'A NFS-e cobre só os serviços: '}
      <strong>{formatMoney(covers.amount)}</strong>
      {!covers.materials && covers.materialsLeftOut > 0 && (
        <span className="text-body-secondary">
          {' '}
          · os materiais ({formatMoney(covers.materialsLeftOut)}) ficam fora da nota
        </span>
      )}
    </p>
  );
}
