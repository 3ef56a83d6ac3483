import { Badge } from 'react-bootstrap';

/** Beside something the phone keeps until the network is back; 'recusado' once the server refused it. */
export function PendingBadge({ refused = false }: { refused?: boolean }) {
  return refused ? (
    <Badge bg="danger" className="pending-badge">
      envio recusado
    </Badge>
  ) : (
    <Badge bg="warning" text="dark" className="pending-badge">
      pendente de envio
    </Badge>
  );
}
