import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { formatMoney, messages, type Product, type ProductBody } from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { useVersionedSave, type ConflictField } from '../../../components/version-conflict.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RegisterEditPage, useRecordId } from '../../../components/register-edit-page.tsx';
import { useCreateProduct } from '../api/create-product.ts';
import { useProduct } from '../api/get-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { ProductForm } from '../components/product-form.tsx';
import { StockSection } from '../components/stock-section.tsx';

/** A new product, once saved, opens as itself: its stock is entered there. */
export function ProductNewPage() {
  const create = useCreateProduct();
  const navigate = useNavigate();
  const onSubmit = async (body: ProductBody) => {
    const made = await create.mutateAsync(body);
    toast.success('Produto cadastrado com sucesso');
    navigate(`/products/${made.id}/edit`);
  };
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
  const record = useProduct(id);
  // 'Recarregar' on the conflict screen, and a save: the form starts again from the product as saved
  // (with its new version), and the screen stays on it.
  const [generation, setGeneration] = useState(0);
  const reload = () => void record.refetch().then(() => setGeneration((g) => g + 1));
  const onSubmit = async (body: ProductBody) => {
    await update.mutateAsync(body);
    toast.success('Produto alterado com sucesso');
    reload();
  };
  return (
    <RegisterEditPage id={id} record={record} what="o produto" title={`Editar Produto ${id}`}>
      {(product) => (
        <>
          <VersionedProductForm
            key={`${product.id}-${generation}`}
            product={product}
            onSubmit={onSubmit}
            onReload={reload}
          />
          <StockSection product={product} />
        </>
      )}
    </RegisterEditPage>
  );
}

const productConflictFields: ConflictField[] = [
  { name: 'name', label: 'Nome' },
  { name: 'code', label: 'Código' },
  { name: 'price', label: 'Preço', format: (v) => formatMoney(Number(v ?? 0)) },
  { name: 'cost', label: 'Custo', format: (v) => formatMoney(Number(v ?? 0)) },
  { name: 'unit', label: 'Unidade' },
  { name: 'warrantyDays', label: 'Garantia (dias)' },
  { name: 'minStock', label: 'Estoque mínimo' },
];

/** The edit form, saved at the version it opened with (the conflict screen when it changed meanwhile). */
function VersionedProductForm({
  product,
  onSubmit,
  onReload,
}: {
  product: Product;
  onSubmit(values: ProductBody): Promise<unknown>;
  onReload(): void;
}) {
  const [defaults] = useState<ProductBody>(() => ({
    name: product.name,
    code: product.code ?? '',
    sku: undefined,
    price: product.price ?? 0,
    unit: product.unit as ProductBody['unit'],
    warrantyDays: product.warrantyDays,
    cost: product.cost,
    minStock: product.minStock,
  }));
  const [version] = useState(product.version);
  const versioned = useVersionedSave({
    fields: productConflictFields,
    write: (body: ProductBody) => onSubmit(body),
    onSaved: () => undefined,
    onReload,
    onError: (err) => toastApiError(err, messages.requestFailed),
  });
  return (
    <>
      <ProductForm
        defaultValues={defaults}
        onSubmit={(values) => versioned.save(values, { ...defaults, code: product.code }, version)}
      />
      {versioned.screen}
    </>
  );
}
