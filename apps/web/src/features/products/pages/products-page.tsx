import { Link } from 'react-router';
import { unitLabel, type Product } from '@oficina/contracts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { baseFilterDefaults, usePersistedFilter } from '../../../lib/use-persisted-filter.ts';
import { useProducts } from '../api/get-products.ts';

const columns: Column<Product>[] = [
  { header: '#', cell: (p) => p.id, className: 'col-id' },
  { header: 'Nome', cell: (p) => <Link to={`/products/${p.id}/edit`}>{p.name}</Link> },
  { header: 'Unidade', cell: (p) => unitLabel(p.unit) },
  { header: 'Preço', cell: (p) => formatMoney(p.price), className: 'text-end text-nowrap' },
];

export function ProductsPage() {
  const [filter, setFilter] = usePersistedFilter('products', baseFilterDefaults);
  const products = useProducts(filter);
  return (
    <>
      <PageHeader
        title="Produtos"
        actions={
          <Link to="/products/new" className="btn btn-primary">
            Novo
          </Link>
        }
      />
      <div className="card-list">
        <div className="list-toolbar mb-3">
          <SearchBox value={filter.q} onChange={(q) => setFilter((f) => ({ ...f, q, skip: 0 }))} />
        </div>
        <DataTable columns={columns} rows={products.data?.data} rowKey={(p) => p.id} isLoading={products.isPending} />
        <PaginationBar meta={products.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
    </>
  );
}
