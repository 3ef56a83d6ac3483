import { Form } from 'react-bootstrap';
import { Controller } from 'react-hook-form';
import { can, DEFAULT_UNIT, PRODUCT_UNITS, productBody, unitNames, type ProductBody } from '@ordem-certa/contracts';
import { useViewer } from '../../../lib/auth.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { MoneyField, TextField, useRegisterForm, WarrantyField } from '../../../components/register-form.tsx';
import { StockQuantityInput } from './stock-quantity-input.tsx';

interface ProductFormProps {
  defaultValues?: ProductBody;
  /** A new product: the stock field is its opening count (afterwards only movements change it). */
  isNew?: boolean;
  onSubmit(values: ProductBody): Promise<unknown>;
}

const counts = { zero: true, negative: false };

export function ProductForm({ defaultValues, isNew, onSubmit }: ProductFormProps) {
  const form = useRegisterForm(productBody, { unit: DEFAULT_UNIT, ...defaultValues }, onSubmit);
  const {
    register,
    control,
    submit,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const unit = watch('unit') ?? DEFAULT_UNIT;
  // Who may not see costs neither sees nor sends one: an edit without it keeps the product's.
  const viewer = useViewer();
  const seesCost = can(viewer, 'cost.see');
  const manages = can(viewer, 'product.manage');
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      {/* Who may only see products reads the form; nothing in it can be changed. */}
      <fieldset disabled={!manages}>
        <TextField id="product-name" label="Nome" error={errors.name?.message} {...register('name')} />
        <TextField
          id="product-code"
          label="Código (SKU)"
          error={errors.code?.message ?? errors.sku?.message}
          {...register('code')}
        >
          <Form.Text>Opcional: o SKU, o código de barras, a referência ou o número no sistema anterior.</Form.Text>
        </TextField>
        <MoneyField control={control} name="price" id="product-price" label="Preço" error={errors.price?.message} />
        {seesCost && (
          <Form.Group className="mb-3">
            <Form.Label htmlFor="product-cost">Custo</Form.Label>
            <Controller
              control={control}
              name="cost"
              render={({ field }) => (
                <MoneyInput
                  id="product-cost"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.cost?.message}
                />
              )}
            />
            <Form.Text>O que uma unidade custa à empresa; as compras com custo atualizam a média.</Form.Text>
          </Form.Group>
        )}
        <Form.Group className="mb-3" controlId="product-unit">
          <Form.Label>Unidade</Form.Label>
          <Form.Select isInvalid={!!errors.unit} aria-describedby="product-unit-help" {...register('unit')}>
            {PRODUCT_UNITS.map((u) => (
              <option key={u} value={u}>
                {unitNames[u]}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.unit?.message}</Form.Control.Feedback>
          <Form.Text id="product-unit-help">
            Quilograma, metro, m², m³, litro e hora aceitam quantidades com até 3 casas decimais (1,5).
          </Form.Text>
        </Form.Group>
        {isNew && (
          <Form.Group className="mb-3">
            <Form.Label htmlFor="product-stock">Estoque inicial</Form.Label>
            <Controller
              control={control}
              name="stockQuantity"
              render={({ field }) => (
                <StockQuantityInput
                  id="product-stock"
                  unit={unit}
                  allow={counts}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  onBlur={field.onBlur}
                  error={errors.stockQuantity?.message}
                />
              )}
            />
            <Form.Text>
              Quantos há na prateleira hoje. Depois, o estoque muda só por movimentações e pelas ordens concluídas.
            </Form.Text>
          </Form.Group>
        )}
        <Form.Group className="mb-3">
          <Form.Label htmlFor="product-min-stock">Estoque mínimo</Form.Label>
          <Controller
            control={control}
            name="minStock"
            render={({ field }) => (
              <StockQuantityInput
                id="product-min-stock"
                unit={unit}
                allow={counts}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.minStock?.message}
              />
            )}
          />
          <Form.Text>Opcional: ao chegar a este número, os administradores recebem um aviso no sino.</Form.Text>
        </Form.Group>
        <WarrantyField form={form} name="warrantyDays" id="product-warranty" />
        {manages && <FormActions cancelTo="/products" isSubmitting={isSubmitting} />}
      </fieldset>
    </Form>
  );
}
