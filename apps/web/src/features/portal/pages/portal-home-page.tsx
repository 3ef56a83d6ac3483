import type { PortalEstimate, PortalOrder } from '@ordem-certa/contracts';
import { ListSection } from '../components/list-section.tsx';
import { OrderCard } from '../components/order-card.tsx';
import { EstimateCard } from '../components/estimate-card.tsx';
import { usePortalList } from '../api/portal-list.ts';
import { estimatesQuery } from '../api/get-estimates.ts';
import { ordersQuery } from '../api/get-orders.ts';
import { usePortalMe } from '../api/portal-me.ts';

/** /portal: the estimates to answer and past ones, the open orders and the past ones. */
export function PortalHomePage() {
  const me = usePortalMe();
  // The estimates' section exists only while the organization has the feature (me tells).
  const showEstimates = me.data?.sections.estimates === true;
  const estimates = usePortalList<PortalEstimate>(estimatesQuery(), showEstimates);
  const open = usePortalList<PortalOrder>(ordersQuery(true));
  const past = usePortalList<PortalOrder>(ordersQuery(false));
  return (
    <>
      <ListSection title="Ordens de serviço em aberto" query={open} empty="Nenhuma ordem em aberto.">
        {(o) => <OrderCard key={o.id} order={o} />}
      </ListSection>
      {showEstimates && (
        <ListSection title="Orçamentos" query={estimates} empty="Nenhum orçamento.">
          {(e) => <EstimateCard key={e.id} estimate={e} customerName={me.data?.customer.name ?? ''} />}
        </ListSection>
      )}
      <ListSection title="Ordens de serviço anteriores" query={past} empty="Nenhuma ordem concluída ainda.">
        {(o) => <OrderCard key={o.id} order={o} />}
      </ListSection>
    </>
  );
}
