import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { can, type PixUnidentified } from '@ordem-certa/contracts';
import { useViewer } from '../../../lib/auth.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import type { Column } from '../../../components/data-table.tsx';
import { TableOrCards } from '../../../components/table-or-cards.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useListFilter } from '../../../components/paged-table.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { AttachPixModal } from '../components/attach-pix-modal.tsx';
import { useUnidentifiedPix } from '../api/unidentified-pix.ts';

function columns(onAttach: ((row: PixUnidentified) => void) | null): Column<PixUnidentified>[] {
  return [
    { header: 'Recebido em', cell: (r) => formatDateTime(r.paidAt), className: 'text-nowrap' },
    { header: 'Valor', cell: (r) => formatMoney(r.amount), className: 'text-end text-nowrap' },
    { header: 'Mensagem do pagador', cell: (r) => r.payerInfo ?? '—', className: 'text-break' },
    { header: 'Empresa', cell: (r) => r.company.name },
    {
      header: 'Identificação',
      cell: (r) => (
        <span className="small text-body-secondary text-break">
          {r.endToEndId}
          {r.txid ? ` · txid ${r.txid}` : ''}
        </span>
      ),
    },
    {
      header: <span className="visually-hidden">Ações</span>,
      cell: (r) =>
        onAttach && (
          <Button
            size="sm"
            variant="outline-primary"
            aria-label={`Associar o Pix de ${formatMoney(r.amount)} a uma ordem`}
            onClick={() => onAttach(r)}
          >
            Associar
          </Button>
        ),
      className: 'text-end',
    },
  ];
}

/**
 * /pix/unidentified (finance): the Pix the company's PSP received whose charge is not one of ours (paid
 * to the key directly), newest first, searched by the payer's message, the ids or the company; each
 * one associated with the order it paid, which records it as that order's Pix payment.
 */
export function UnidentifiedPixPage() {
  const { filter, onPage, search } = useListFilter('pix-unidentified');
  const list = useUnidentifiedPix({ q: filter.q || undefined, skip: filter.skip, take: filter.take });
  const viewer = useViewer();
  const [attaching, setAttaching] = useState<PixUnidentified | null>(null);
  const mayAttach = can(viewer, 'payment.record');
  const cols = columns(mayAttach ? setAttaching : null);
  const empty = 'Nenhum Pix não identificado';
  return (
    <>
      <PageHeader title="Pix não identificados" />
      <p className="text-body-secondary">
        Pix recebidos na chave da empresa sem uma cobrança feita por aqui. Associe cada um à ordem que ele pagou: o
        pagamento é registrado nela.
      </p>
      <div className="card-list">
        <div className="mb-2">
          <SearchBox
            value={search.value}
            onChange={search.onChange}
            placeholder="Mensagem do pagador, empresa ou identificação"
          />
        </div>
        {/* On a phone each Pix is a card: six columns do not fit 375 px. */}
        <TableOrCards
          columns={cols}
          rows={list.data?.data}
          rowKey={(r) => r.id}
          isLoading={list.isPending}
          emptyText={empty}
          label="Pix não identificados"
          renderCard={(r) => (
            <>
              <div className="money-line">
                <span>{formatDateTime(r.paidAt)}</span>
                <strong>{formatMoney(r.amount)}</strong>
              </div>
              {r.payerInfo && <div className="small text-break">“{r.payerInfo}”</div>}
              <div className="small text-body-secondary">{r.company.name}</div>
              <div className="money-line mt-1">
                <span className="small text-body-secondary text-break">{r.endToEndId}</span>
                {cols.at(-1)!.cell(r)}
              </div>
            </>
          )}
        />
        <PaginationBar meta={list.data?.meta} onChange={onPage} />
      </div>
      <AttachPixModal pix={attaching} onHide={() => setAttaching(null)} />
    </>
  );
}
