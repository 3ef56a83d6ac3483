import { Link } from 'react-router';
import { ListGroup } from 'react-bootstrap';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useReports } from '../api/get-reports.ts';

/** /reports: the server's reports by title. */
export function ReportsPage() {
  const reports = useReports();
  return (
    <>
      <PageHeader title="Relatórios" />
      <QueryState isPending={reports.isPending} error={reports.error}>
        <ListGroup className="report-list">
          {reports.data?.data.map((r) => (
            <ListGroup.Item key={r.name} action as={Link} to={`/reports/${r.name}`}>
              <div className="fw-semibold">{r.title}</div>
              <div className="small text-body-secondary">{r.description}</div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </QueryState>
    </>
  );
}
