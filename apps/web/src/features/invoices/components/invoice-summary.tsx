import { SummaryList } from '../../../components/summary-list.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatIdentifier, type InvoiceDetail } from '@ordem-certa/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { SectionCard } from '../../../components/section-card.tsx';

/** Company, customer, nature and the order's dates. */
export function InvoiceSummary({ invoice, linksCustomer }: { invoice: InvoiceDetail; linksCustomer: boolean }) {
  const rows: Array<[string, ReactNode]> = [
    [
      'Empresa',
      <>
        {invoice.companyName}
        <div className="small text-body-secondary">
          {formatIdentifier(invoice.companyIdentifier, invoice.companyType)}
        </div>
      </>,
    ],
    [
      'Cliente',
      <>
        {/* The customer's screen, for who sees customers. */}
        {linksCustomer ? (
          <Link to={`/customers/${invoice.customerId}/edit`}>{invoice.customerName}</Link>
        ) : (
          invoice.customerName
        )}
        <div className="small text-body-secondary">
          {formatIdentifier(invoice.customerIdentifier, invoice.customerType)}
        </div>
      </>,
    ],
    ['Natureza da Operação', invoice.transactionNatureName],
    ['Criada em', formatDateTime(invoice.createdAt)],
  ];
  if (invoice.startedAt) rows.push(['Iniciada em', formatDateTime(invoice.startedAt)]);
  if (invoice.finishedAt) rows.push(['Concluída em', formatDateTime(invoice.finishedAt)]);
  return (
    <SectionCard title="Dados">
      <SummaryList rows={rows} />
    </SectionCard>
  );
}
