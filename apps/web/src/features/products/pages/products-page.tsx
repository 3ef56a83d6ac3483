import { Link } from 'react-router';
import { unitLabel, type Product } from '@oficina/contracts';
import { formatMoney } from '../../../lib/format.ts';
import { useProducts } from '../api/get-products.ts';
import { registerListPage } from '../../../components/register-list-page.tsx';

export const ProductsPage = registerListPage<Product>({
  title: 'Produtos',
  path: '/products',
  useList: useProducts,
  searchable: true,
  columns: [
    { header: '#', cell: (p) => p.id, className: 'col-id' },
    { header: 'Nome', cell: (p) => <Link to={`/products/${p.id}/edit`}>{p.name}</Link> },
    { header: 'Código', cell: (p) => p.code, className: 'text-nowrap' },
    { header: 'Unidade', cell: (p) => unitLabel(p.unit) },
    { header: 'Preço', cell: (p) => formatMoney(p.price), className: 'text-end text-nowrap' },
  ],
});
