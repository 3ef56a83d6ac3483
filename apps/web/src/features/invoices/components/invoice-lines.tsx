import { useState, type ReactNode } from 'react';
import { Badge, Button, OverlayTrigger, Tooltip } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  formatQuantityUnit,
  fromCents,
  invoiceMessages,
  lineTotalCents,
  toCents,
  type InvoiceDetail,
} from '@oficina/contracts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { ActionButton } from '../../../components/action-button.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PencilIcon, TrashIcon } from '../../../components/icons.tsx';
import { EditLineModal, type EditableLine } from '../../../components/lines/edit-line-modal.tsx';
import { useEditLine } from '../api/edit-line.ts';
import { useRemoveLine } from '../api/remove-line.ts';
import type { LineKind } from '../api/search-line-options.ts';
import { AddLineModal } from './add-line-modal.tsx';
import { LinesTable, type LineColumn } from './lines-table.tsx';
import { toastRemoveFailed } from './notify.ts';
import { AddButton, SectionCard } from '../../../components/section-card.tsx';

type ServiceLine = InvoiceDetail['invoiceServices'][number];
type ProductLine = InvoiceDetail['invoiceProducts'][number];
type EquipmentLine = InvoiceDetail['invoiceEquipments'][number];
type WorkerLine = InvoiceDetail['invoiceWorkers'][number];
type Remove = (lineId: number, name: string) => Promise<void>;
type Edit = (line: EditableLine) => void;

/** Texts of each kind: what a removal says when it works and when it fails. */
const texts: Record<LineKind, { removed: string; removeFailed: string }> = {
  services: { removed: 'Serviço removido da Ordem de Serviço', removeFailed: invoiceMessages.removeFailed('serviço') },
  products: { removed: 'Produto removido da Ordem de Serviço', removeFailed: invoiceMessages.removeFailed('produto') },
  equipments: {
    removed: 'Equipamento removido da Ordem de Serviço',
    removeFailed: invoiceMessages.removeFailed('equipamento'),
  },
  workers: {
    removed: 'Colaborador removido da Ordem de Serviço',
    removeFailed: invoiceMessages.removeFailed('colaborador'),
  },
};

/** Remove with the 'Essa ação não poderá ser desfeita' confirmation and the kind's messages. */
function useRemove(invoiceId: number, kind: LineKind): Remove {
  const confirm = useConfirm();
  const remove = useRemoveLine(invoiceId, kind);
  return async (lineId, name) => {
    if (!(await confirm({ title: `Remover ${name}?`, confirmLabel: 'Remover' }))) return;
    try {
      await remove.mutateAsync(lineId);
      toast.success(texts[kind].removed);
    } catch (err) {
      toastRemoveFailed(err, texts[kind].removeFailed);
    }
  };
}

function RemoveButton({ name, onRemove }: { name: string; onRemove(): Promise<void> }) {
  return (
    <ActionButton size="sm" variant="outline-danger" aria-label={`Remover ${name}`} title="Remover" action={onRemove}>
      <TrashIcon />
      <span className="ms-1 d-sm-none">Remover</span>
    </ActionButton>
  );
}

function NameWithDescription({ name, description }: { name: string; description: string | null }) {
  return (
    <>
      {name}
      {description && <div className="small text-body-secondary fw-normal text-pre-line">{description}</div>}
    </>
  );
}

function WorkerPaid({ paidAt }: { paidAt: string | null }) {
  if (!paidAt) {
    return (
      <Badge bg="light" text="dark" className="border">
        Não pago
      </Badge>
    );
  }
  const text = `Pago em ${formatDateTime(paidAt)}`;
  return (
    <OverlayTrigger overlay={<Tooltip>{text}</Tooltip>}>
      <Badge bg="success" tabIndex={0} aria-label={text}>
        Pago
      </Badge>
    </OverlayTrigger>
  );
}

/** Quantity × price rounded to the cent on the line, as the server sums the subtotal. */
const lineTotal = (price: number | undefined, quantity: number) =>
  price === undefined ? undefined : fromCents(lineTotalCents(quantity, toCents(price)));

const quantityColumn = <T extends { quantity: number; unit?: string }>(): LineColumn<T> => ({
  header: 'Qtd.',
  label: 'Quantidade',
  className: 'text-end text-nowrap',
  cell: (l) => formatQuantityUnit(l.quantity, l.unit),
});

/** Price and line total, for admins only. */
const priceColumns = <T extends { price?: number; quantity: number }>(): LineColumn<T>[] => [
  { header: 'Preço', label: 'Preço', className: 'text-end text-nowrap', cell: (l) => formatMoney(l.price) },
  {
    header: 'Total',
    label: 'Total',
    className: 'text-end text-nowrap',
    cell: (l) => formatMoney(lineTotal(l.price, l.quantity)),
  },
];

function EditButton({ name, onClick }: { name: string; onClick(): void }) {
  return (
    <Button size="sm" variant="outline-secondary" aria-label={`Editar ${name}`} title="Editar" onClick={onClick}>
      <PencilIcon />
      <span className="ms-1 d-sm-none">Editar</span>
    </Button>
  );
}

const removeColumn = <T extends { id: number; name: string }>(
  onRemove: Remove | null,
  onEdit?: ((line: T) => void) | null,
): LineColumn<T>[] =>
  onRemove
    ? [
        {
          header: <span className="visually-hidden">Ações</span>,
          className: 'text-end col-actions line-actions text-nowrap',
          cell: (l) => (
            <div className="line-action-buttons d-inline-flex gap-2">
              {onEdit && <EditButton name={l.name} onClick={() => onEdit(l)} />}
              <RemoveButton name={l.name} onRemove={() => onRemove(l.id, l.name)} />
            </div>
          ),
        },
      ]
    : [];

const serviceColumns = (
  showPrices: boolean,
  onRemove: Remove | null,
  onEdit: Edit | null,
): LineColumn<ServiceLine>[] => [
  {
    header: 'Serviço',
    className: 'line-main',
    cell: (l) => <NameWithDescription name={l.name} description={l.description} />,
  },
  quantityColumn(),
  ...(showPrices ? priceColumns<ServiceLine>() : []),
  ...removeColumn<ServiceLine>(onRemove, onEdit),
];

const productColumns = (
  showPrices: boolean,
  onRemove: Remove | null,
  onEdit: Edit | null,
): LineColumn<ProductLine>[] => [
  { header: 'Produto', className: 'line-main', cell: (l) => l.name },
  quantityColumn(),
  ...(showPrices ? priceColumns<ProductLine>() : []),
  ...removeColumn<ProductLine>(onRemove, onEdit),
];

const equipmentColumns = (onRemove: Remove | null): LineColumn<EquipmentLine>[] => [
  {
    header: 'Equipamento',
    className: 'line-main',
    cell: (l) => <NameWithDescription name={l.name} description={l.description} />,
  },
  { header: 'Marca', label: 'Marca', cell: (l) => l.brand },
  { header: 'Modelo', label: 'Modelo', cell: (l) => l.model },
  { header: 'N/S', label: 'N/S', className: 'col-serial', cell: (l) => l.serialNumber },
  ...removeColumn<EquipmentLine>(onRemove),
];

const workerColumns = (onRemove: Remove | null): LineColumn<WorkerLine>[] => [
  { header: 'Colaborador', className: 'line-main', cell: (l) => l.name },
  { header: 'Pagamento', label: 'Pagamento', cell: (l) => <WorkerPaid paidAt={l.paidAt} /> },
  ...removeColumn<WorkerLine>(onRemove),
];

interface SectionProps {
  invoice: InvoiceDetail;
  /** Add and remove buttons (none on Canceled or Completed orders, and per role). */
  editable: boolean;
}

/** Services: service, quantity, description; price and total for admins. */
export function ServicesSection({ invoice, editable, showPrices }: SectionProps & { showPrices: boolean }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<EditableLine | null>(null);
  const remove = useRemove(invoice.id, 'services');
  const save = useEditLine(invoice.id, 'services');
  return (
    <SectionCard
      title="Serviços"
      action={editable && <AddButton label="Adicionar serviço" onClick={() => setAdding(true)} />}
    >
      <LinesTable
        caption="Serviços"
        columns={serviceColumns(showPrices, editable ? remove : null, editable && showPrices ? setEditing : null)}
        rows={invoice.invoiceServices}
        rowKey={(l) => l.id}
      />
      {editable && (
        <AddLineModal invoiceId={invoice.id} kind="services" show={adding} onHide={() => setAdding(false)} />
      )}
      {editable && showPrices && (
        <EditLineModal
          kind="services"
          line={editing}
          onHide={() => setEditing(null)}
          onSave={(lineId, body) => save.mutateAsync({ lineId, body })}
        />
      )}
    </SectionCard>
  );
}

export function ProductsSection({ invoice, editable, showPrices }: SectionProps & { showPrices: boolean }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<EditableLine | null>(null);
  const remove = useRemove(invoice.id, 'products');
  const save = useEditLine(invoice.id, 'products');
  return (
    <SectionCard
      title="Produtos"
      action={editable && <AddButton label="Adicionar produto" onClick={() => setAdding(true)} />}
    >
      <LinesTable
        caption="Produtos"
        columns={productColumns(showPrices, editable ? remove : null, editable && showPrices ? setEditing : null)}
        rows={invoice.invoiceProducts}
        rowKey={(l) => l.id}
      />
      {editable && (
        <AddLineModal invoiceId={invoice.id} kind="products" show={adding} onHide={() => setAdding(false)} />
      )}
      {editable && showPrices && (
        <EditLineModal
          kind="products"
          line={editing}
          onHide={() => setEditing(null)}
          onSave={(lineId, body) => save.mutateAsync({ lineId, body })}
        />
      )}
    </SectionCard>
  );
}

/** The customer's equipment worked on; open to collaborators too. */
export function EquipmentsSection({
  invoice,
  editable,
  canRegister,
}: SectionProps & {
  /** Admins get a link to register a new equipment for the customer. */
  canRegister: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const remove = useRemove(invoice.id, 'equipments');
  const registerLink: ReactNode = canRegister && (
    <div className="form-text">
      Não está na lista?{' '}
      <a href={`/customers/${invoice.customerId}/edit?tab=equipamentos`} target="_blank" rel="noopener noreferrer">
        Cadastrar equipamento do cliente
      </a>
    </div>
  );
  return (
    <SectionCard
      title="Equipamentos"
      action={editable && <AddButton label="Adicionar equipamento" onClick={() => setAdding(true)} />}
    >
      <LinesTable
        caption="Equipamentos"
        columns={equipmentColumns(editable ? remove : null)}
        rows={invoice.invoiceEquipments}
        rowKey={(l) => l.id}
      />
      {editable && (
        <AddLineModal
          invoiceId={invoice.id}
          kind="equipments"
          show={adding}
          onHide={() => setAdding(false)}
          extra={registerLink}
        />
      )}
    </SectionCard>
  );
}

/** Workers (admin): who works on the order and whether the payroll paid them. */
export function WorkersSection({ invoice, editable }: SectionProps) {
  const [adding, setAdding] = useState(false);
  const remove = useRemove(invoice.id, 'workers');
  return (
    <SectionCard
      title="Colaboradores"
      action={editable && <AddButton label="Adicionar colaborador" onClick={() => setAdding(true)} />}
    >
      <LinesTable
        caption="Colaboradores"
        columns={workerColumns(editable ? remove : null)}
        rows={invoice.invoiceWorkers}
        rowKey={(l) => l.id}
      />
      {editable && <AddLineModal invoiceId={invoice.id} kind="workers" show={adding} onHide={() => setAdding(false)} />}
    </SectionCard>
  );
}
