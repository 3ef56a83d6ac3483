import { Badge } from 'react-bootstrap';
import { EstimateStatus, estimateStatusLabels, type EstimateStatusValue } from '@ordem-certa/contracts';

const variants: Record<number, string> = {
  [EstimateStatus.Draft]: 'secondary',
  [EstimateStatus.Wip]: 'primary',
  [EstimateStatus.Completed]: 'success',
  [EstimateStatus.Canceled]: 'danger',
};

/** The estimate's status in its colour: Rascunho, Em Andamento, Concluído, Cancelado. */
export function EstimateStatusBadge({ status }: { status: number }) {
  return (
    <Badge bg={variants[status] ?? 'secondary'} data-testid="estimate-status-badge">
      {estimateStatusLabels[status as EstimateStatusValue] ?? status}
    </Badge>
  );
}
