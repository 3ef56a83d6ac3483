import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import type { ProductBody } from '@oficina/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useCreateProduct } from '../api/create-product.ts';
import { useProduct } from '../api/get-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { ProductForm } from '../components/product-form.tsx';

export function ProductNewPage() {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const onSubmit = async (values: ProductBody) => {
    await create.mutateAsync(values);
    toast.success('Produto cadastrado com sucesso');
    navigate('/products');
  };
  return (
    <>
      <PageHeader title="Novo Produto" />
      <ProductForm onSubmit={onSubmit} />
    </>
  );
}

export function ProductEditPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const product = useProduct(id);
  const update = useUpdateProduct(id);
  const onSubmit = async (values: ProductBody) => {
    await update.mutateAsync(values);
    toast.success('Produto alterado com sucesso');
    navigate('/products');
  };
  return (
    <>
      <PageHeader title={`Editar Produto ${id}`} />
      <QueryState isPending={product.isPending} error={product.error}>
        {product.data && (
          <ProductForm
            key={product.data.id}
            defaultValues={{
              name: product.data.name,
              price: product.data.price,
              unit: product.data.unit as ProductBody['unit'],
            }}
            onSubmit={onSubmit}
          />
        )}
      </QueryState>
    </>
  );
}
