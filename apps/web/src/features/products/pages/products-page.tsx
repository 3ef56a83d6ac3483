import { Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { can, formatQuantityUnit, unitLabel, type Permission, type Product } from '@ordem-certa/contracts';
import { useViewer } from '../../../lib/auth.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { baseFilterDefaults, usePersistedFilter, type BaseFilter } from '../../../lib/use-persisted-filter.ts';
import { listControls } from '../../../components/paged-table.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { RegisterListPage } from '../../../components/register-list-page.tsx';
import { useProducts } from '../api/get-products.ts';
import { StockBadge } from '../components/stock-badge.tsx';

interface ProductFilter extends BaseFilter {
  /** '' every product; 'low' at or below the minimum (or negative); 'negative' below zero. */
  stock: '' | 'low' | 'negative';
}
const defaults: ProductFilter = { ...baseFilterDefaults, stock: '' };

const columns: Array<Column<Product> & { needs?: Permission }> = [
  { header: '#', cell: (p) => p.id, className: 'col-id' },
  { header: 'Nome', cell: (p) => <Link to={`/products/${p.id}/edit`}>{p.name}</Link> },
  { header: 'Código', cell: (p) => p.code, className: 'text-nowrap d-none d-md-table-cell' },
  { header: 'Unidade', cell: (p) => unitLabel(p.unit), className: 'd-none d-md-table-cell' },
  {
    header: 'Preço',
    cell: (p) => formatMoney(p.price),
    className: 'text-end text-nowrap d-none d-sm-table-cell',
    needs: 'price.see',
  },
  {
    header: 'Custo',
    cell: (p) => formatMoney(p.cost),
    className: 'text-end text-nowrap d-none d-lg-table-cell',
    needs: 'cost.see',
  },
  {
    header: 'Estoque',
    cell: (p) => (
      <span className="d-inline-flex flex-wrap justify-content-end gap-1 align-items-center">
        {formatQuantityUnit(p.stockQuantity, p.unit)}
        <StockBadge status={p.stockStatus} />
      </span>
    ),
    className: 'text-end text-nowrap',
  },
  {
    header: 'Mínimo',
    cell: (p) => (p.minStock === null ? '' : formatQuantityUnit(p.minStock, p.unit)),
    className: 'text-end text-nowrap d-none d-md-table-cell',
  },
];

export function ProductsPage() {
  const [filter, setFilter] = usePersistedFilter('products', defaults);
  const { onPage, search } = listControls(filter, setFilter);
  const viewer = useViewer();
  const list = useProducts({
    q: filter.q,
    skip: filter.skip,
    take: filter.take,
    ...(filter.stock ? { stock: filter.stock } : {}),
  });
  return (
    <RegisterListPage<Product>
      title="Produtos"
      newTo={can(viewer, 'product.manage') ? '/products/new' : undefined}
      actions={
        <Form.Select
          aria-label="Estoque"
          className="w-auto"
          value={filter.stock}
          onChange={(e) => setFilter((f) => ({ ...f, stock: e.target.value as ProductFilter['stock'], skip: 0 }))}
        >
          <option value="">Todo o estoque</option>
          <option value="low">Estoque baixo</option>
          <option value="negative">Negativo</option>
        </Form.Select>
      }
      columns={columns.filter((c) => !c.needs || can(viewer, c.needs))}
      list={list}
      onPage={onPage}
      search={search}
    />
  );
}
