import { Col, Row } from 'react-bootstrap';
import { can } from '@ordem-certa/contracts';
import { useAuth, useMe } from '../../../lib/auth.tsx';
import { InvoiceCard } from '../components/invoice-card.tsx';
import { TodayVisits } from '../components/today-visits.tsx';
import { FirstStepsCard } from '../components/first-steps-card.tsx';

/**
 * Home: the three service-order cards for who sees every order; 'Bem-vindo' and the day's visits (no
 * prices) for everyone else.
 */
export function HomePage() {
  const { user, viewer } = useAuth();
  const me = useMe();
  if (!can(viewer, 'invoice.seeAll')) {
    return (
      <div className="py-4">
        <h1 className="h3">Bem-vindo</h1>
        <p className="text-body-secondary mb-0">
          {user?.name} · {me.data?.organization.name}
        </p>
        <TodayVisits />
      </div>
    );
  }
  return (
    <>
      <h1 className="visually-hidden">Início</h1>
      {can(viewer, 'organization.manage') && <FirstStepsCard />}
      <Row className="g-3">
        <Col md={6} xl={4}>
          <InvoiceCard card="wip" title="Serviços não concluídos" />
        </Col>
        <Col md={6} xl={4}>
          <InvoiceCard card="completed" title="Serviços realizados / Aguardando pagamento" />
        </Col>
        <Col md={6} xl={4}>
          <InvoiceCard card="blocked" title="Serviços bloqueados" />
        </Col>
      </Row>
    </>
  );
}
