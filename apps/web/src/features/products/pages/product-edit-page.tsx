import type { ProductBody } from '@ordem-certa/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { RegisterEditPage, useRecordId, useSaveAndReturn } from '../../../components/register-edit-page.tsx';
import { useCreateProduct } from '../api/create-product.ts';
import { useProduct } from '../api/get-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { ProductForm } from '../components/product-form.tsx';
import { StockSection } from '../components/stock-section.tsx';

export function ProductNewPage() {
  const create = useCreateProduct();
  const onSubmit = useSaveAndReturn(create.mutateAsync, 'Produto cadastrado com sucesso', '/products');
  return (
    <>
      <PageHeader title="Novo Produto" />
      <ProductForm isNew onSubmit={onSubmit} />
    </>
  );
}

export function ProductEditPage() {
  const id = useRecordId();
  const update = useUpdateProduct(id);
  const onSubmit = useSaveAndReturn(update.mutateAsync, 'Produto alterado com sucesso', '/products');
  return (
    <RegisterEditPage id={id} record={useProduct(id)} what="o produto" title={`Editar Produto ${id}`}>
      {(product) => (
        <>
          <ProductForm
            key={product.id}
            defaultValues={{
              name: product.name,
              code: product.code ?? '',
              sku: undefined,
              price: product.price ?? 0,
              unit: product.unit as ProductBody['unit'],
              warrantyDays: product.warrantyDays,
              cost: product.cost,
              minStock: product.minStock,
            }}
            onSubmit={onSubmit}
          />
          <StockSection product={product} />
        </>
      )}
    </RegisterEditPage>
  );
}
