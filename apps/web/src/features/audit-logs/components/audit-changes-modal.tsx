import { Table } from 'react-bootstrap';
import { auditActionLabels, auditEntityLabels, auditFieldLabels, type AuditLogItem } from '@oficina/contracts';
import { AppModal } from '../../../components/app-modal.tsx';
import { formatDateTime } from '../../../lib/format.ts';

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A before/after value as a reader wants it: Sim/Não, dates in pt-BR, lists joined, '—' for nothing. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return value.toLocaleString('pt-BR');
  if (typeof value === 'string') return isoDateTime.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value)) return value.length ? value.map(showValue).join(', ') : '—';
  if (typeof value === 'object') {
    const named = (value as { name?: unknown; label?: unknown }).name ?? (value as { label?: unknown }).label;
    return named !== undefined ? showValue(named) : JSON.stringify(value);
  }
  return String(value);
}

/** The change lines of one audit entry: field (pt-BR), before, after. */
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
                    <th>Antes</th>
                    <th>Depois</th>
                  </tr>
                </thead>
                <tbody>
                  {entry.data.map((line, i) => (
                    <tr key={i}>
                      <td className="text-nowrap">{auditFieldLabels[line.field] ?? line.field}</td>
                      <td>{showValue(line.before)}</td>
                      <td>{showValue(line.after)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
        </>
      )}
    </AppModal>
  );
}
