import { Badge, Table } from 'react-bootstrap';
import type { UseQueryResult } from '@tanstack/react-query';
import { emailStatusLabels, type SentEmail } from '@ordem-certa/contracts';
import { formatDateTime } from '../../lib/format.ts';
import { ConnectionNotice, useNoConnection } from '../connection-notice.tsx';

const statusVariant = { queued: 'warning', sent: 'success', written: 'info', failed: 'danger' } as const;

/** A record's 'E-mails enviados': when, subject, recipients, and whether it went out. */
export function SentEmails({ query }: { query: UseQueryResult<{ data: SentEmail[] }> }) {
  const emails = query.data?.data ?? [];
  const offline = useNoConnection(query);
  if (offline) return <ConnectionNotice compact />;
  if (query.isPending) return <p className="text-body-secondary">Carregando...</p>;
  if (!emails.length) return <p className="text-body-secondary mb-0">Nenhum e-mail enviado.</p>;
  return (
    <Table responsive className="bg-white align-middle mb-0" aria-label="E-mails enviados">
      <thead>
        <tr>
          <th>Data</th>
          <th>Assunto</th>
          <th className="d-none d-md-table-cell">Destinatários</th>
          <th>Situação</th>
        </tr>
      </thead>
      <tbody>
        {emails.map((m) => (
          <tr key={m.id}>
            <td className="text-nowrap small">{formatDateTime(m.createdAt)}</td>
            <td>
              {m.subject}
              <div className="small text-body-secondary d-md-none text-break">{m.to.join(', ')}</div>
            </td>
            <td className="small d-none d-md-table-cell">{m.to.join(', ')}</td>
            <td>
              <Badge
                bg={statusVariant[m.status]}
                text={m.status === 'queued' ? 'dark' : undefined}
                title={m.error ?? undefined}
              >
                {emailStatusLabels[m.status]}
              </Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
