import { Table } from 'react-bootstrap';
import { auditActionLabels, auditEntityLabels, type AuditLogItem } from '@ordem-certa/contracts';
import { AppModal } from '../../../components/app-modal.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { describeChange } from './format-change.ts';

/** The change lines of one audit entry in words: what changed (pt-BR) and how ('R$ 10,00 → R$ 20,00'). */
export function AuditChangesModal({ entry, onHide }: { entry: AuditLogItem | null; onHide(): void }) {
  return (
    <AppModal
      show={!!entry}
      onHide={onHide}
      size="lg"
      title={
        entry
          ? `${auditActionLabels[entry.action] ?? entry.action} — ${auditEntityLabels[entry.entity] ?? entry.entity} ${entry.entityNumber ?? entry.entityId}`
          : ''
      }
    >
      {entry && (
        <>
          <p className="small text-body-secondary">
            {formatDateTime(entry.createdAt)} · {entry.user ?? 'Cliente (link de assinatura)'}
          </p>
          {entry.data.length === 0 ? (
            <p className="mb-0">Nenhuma alteração registrada.</p>
          ) : (
            <div className="table-responsive">
              <Table size="sm" className="mb-0 audit-changes">
                <thead>
                  <tr>
                    <th>Campo</th>
                    <th>Alteração</th>
                  </tr>
                </thead>
                <tbody>
                  {entry.data.map((line, i) => {
                    const { label, text } = describeChange(line);
                    return (
                      <tr key={i}>
                        <td className="text-nowrap">{label}</td>
                        <td>{text}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            </div>
          )}
        </>
      )}
    </AppModal>
  );
}
