import { useMemo, useState } from 'react';
import { Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import {
  can,
  formatQuantityUnit,
  stockMovementBody,
  type Product,
  type StockMovement,
  type StockMovementBody,
} from '@ordem-certa/contracts';
import type { Column } from '../../../components/data-table.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { TextField, useRegisterForm } from '../../../components/register-form.tsx';
import { PagedTable, type Page } from '../../../components/paged-table.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { SummaryList } from '../../../components/summary-list.tsx';
import { useViewer } from '../../../lib/auth.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useAddStockMovement } from '../api/add-stock-movement.ts';
import { useStockMovements } from '../api/get-stock-movements.ts';
import { StockBadge } from './stock-badge.tsx';
import { StockQuantityInput } from './stock-quantity-input.tsx';

const movementAllow = { zero: false, negative: true };
const PAGE = 10;

/** The product's stock: where it stands, the form of a movement and the history, newest first. */
export function StockSection({ product }: { product: Product }) {
  // Each movement saved starts a new, empty form.
  const [round, setRound] = useState(0);
  const viewer = useViewer();
  const seesCost = can(viewer, 'cost.see');
  return (
    <SectionCard title="Estoque" className="mt-4">
      <SummaryList
        className="mb-3"
        rows={[
          [
            'Em estoque',
            <span key="stock" className="d-inline-flex gap-2 align-items-center" data-testid="stock-quantity">
              {formatQuantityUnit(product.stockQuantity, product.unit)}
              <StockBadge status={product.stockStatus} />
            </span>,
          ],
          ['Estoque mínimo', product.minStock === null ? '—' : formatQuantityUnit(product.minStock, product.unit)],
          ...(seesCost ? [['Custo', formatMoney(product.cost)] as [string, string]] : []),
        ]}
      />
      {can(viewer, 'product.manage') && (
        <MovementForm key={round} product={product} onSaved={() => setRound((r) => r + 1)} />
      )}
      <MovementHistory product={product} seesCost={seesCost} />
    </SectionCard>
  );
}

function MovementForm({ product, onSaved }: { product: Product; onSaved(): void }) {
  const add = useAddStockMovement(product.id);
  const form = useRegisterForm(stockMovementBody, { reason: '' }, async (body: StockMovementBody) => {
    await add.mutateAsync(body);
    toast.success('Movimentação registrada');
    onSaved();
  });
  const {
    register,
    control,
    submit,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <Form noValidate onSubmit={submit} aria-labelledby="stock-movement-title" className="mb-4">
      <h3 className="h6" id="stock-movement-title">
        Movimentar estoque
      </h3>
      <Row className="g-2">
        <Col xs={12} md={3}>
          <Form.Group className="mb-2">
            <Form.Label htmlFor="movement-quantity">Quantidade</Form.Label>
            <Controller
              control={control}
              name="quantity"
              render={({ field }) => (
                <StockQuantityInput
                  id="movement-quantity"
                  unit={product.unit}
                  allow={movementAllow}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  onBlur={field.onBlur}
                  error={errors.quantity?.message}
                />
              )}
            />
          </Form.Group>
        </Col>
        <Col xs={12} md={5}>
          <TextField
            id="movement-reason"
            label="Motivo"
            placeholder="Compra NF 1234, inventário, avaria…"
            error={errors.reason?.message}
            {...register('reason')}
          />
        </Col>
        <Col xs={12} md={4}>
          <Form.Group className="mb-2">
            <Form.Label htmlFor="movement-unit-cost">Custo unitário (compras)</Form.Label>
            <Controller
              control={control}
              name="unitCost"
              render={({ field }) => (
                <MoneyInput
                  id="movement-unit-cost"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.unitCost?.message}
                />
              )}
            />
          </Form.Group>
        </Col>
      </Row>
      <Form.Text className="d-block mb-2">
        Entradas positivas (5), saídas com sinal de menos (-2). O custo unitário de uma compra entra na média do custo
        do produto.
      </Form.Text>
      <Button type="submit" variant="outline-primary" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
        Registrar movimentação
      </Button>
    </Form>
  );
}

/** The history's columns; quantities and balances in the product's unit. */
const movementColumns = (unit: string, seesCost: boolean): Column<StockMovement>[] => [
  {
    header: 'Quantidade',
    cell: (m) => (
      <span className={m.quantity < 0 ? 'text-danger' : 'text-success'}>
        {m.quantity > 0 ? '+' : ''}
        {formatQuantityUnit(m.quantity, unit)}
      </span>
    ),
    className: 'text-end text-nowrap',
  },
  {
    header: 'Motivo',
    cell: (m) => (
      <>
        {m.invoiceId ? <Link to={`/invoices/${m.invoiceId}/edit`}>{m.reason}</Link> : m.reason}
        {/* On a phone the date goes under the reason, so the table fits without scrolling sideways. */}
        <div className="small text-body-secondary d-md-none">{formatDateTime(m.createdAt)}</div>
      </>
    ),
  },
  { header: 'Data', cell: (m) => formatDateTime(m.createdAt), className: 'text-nowrap d-none d-md-table-cell' },
  ...(seesCost
    ? [
        {
          header: 'Custo unit.',
          cell: (m: StockMovement) => (m.unitCost === null ? '—' : formatMoney(m.unitCost)),
          className: 'text-end text-nowrap d-none d-md-table-cell',
        },
      ]
    : []),
  {
    header: 'Saldo',
    cell: (m) => formatQuantityUnit(m.balance, unit),
    className: 'text-end text-nowrap d-none d-sm-table-cell',
  },
  { header: 'Por', cell: (m) => m.user ?? '—', className: 'd-none d-md-table-cell' },
];

function MovementHistory({ product, seesCost }: { product: Product; seesCost: boolean }) {
  const [page, setPage] = useState<Page>({ skip: 0, take: PAGE });
  const list = useStockMovements(product.id, page);
  const columns = useMemo(() => movementColumns(product.unit, seesCost), [product.unit, seesCost]);
  return (
    <section aria-labelledby="stock-history-title">
      <h3 className="h6" id="stock-history-title">
        Movimentações
      </h3>
      <PagedTable
        columns={columns}
        list={list}
        rowKey={(m) => m.id}
        onPage={setPage}
        emptyText="Nenhuma movimentação"
      />
    </section>
  );
}
