import { Link } from 'react-router';
import { unitLabel, type Product } from '@oficina/contracts';
import { formatMoney } from '../../../lib/format.ts';
import { useProducts } from '../api/get-products.ts';
import type { Column } from '../../../components/data-table.tsx';
import { RegisterListPage, useRegisterFilter } from '../../../components/register-list-page.tsx';

const columns: Column<Product>[] = [
  { header: '#', cell: (p) => p.id, className: 'col-id' },
  { header: 'Nome', cell: (p) => <Link to={`/products/${p.id}/edit`}>{p.name}</Link> },
  { header: 'Unidade', cell: (p) => unitLabel(p.unit) },
  { header: 'Preço', cell: (p) => formatMoney(p.price), className: 'text-end text-nowrap' },
];

export function ProductsPage() {
  const { filter, onPage, search } = useRegisterFilter('products');
  return (
    <RegisterListPage
      title="Produtos"
      newTo="/products/new"
      columns={columns}
      list={useProducts(filter)}
      rowKey={(p) => p.id}
      onPage={onPage}
      search={search}
    />
  );
}
