import { Badge, OverlayTrigger, Tooltip } from 'react-bootstrap';
import { invoiceMessages, type InvoiceDetail } from '@ordem-certa/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { lazySchema } from '../../../lib/schema-source.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { lineNames, type AddLineKind, type AddLineModalProps } from '../../../components/lines/add-line-modal.tsx';
import { equipmentColumns, nameColumn, priceColumns, quantityColumn } from '../../../components/lines/line-columns.tsx';
import {
  EquipmentLinesSection,
  LinesSection,
  pricedSections,
  type EquipmentRegistering,
} from '../../../components/lines/lines-section.tsx';
import type { LineColumn } from '../../../components/lines/lines-table.tsx';
import type { Removal } from '../../../components/use-removal.ts';
import { useAddLine, type AddLineBody } from '../api/add-line.ts';
import { useEditLine } from '../api/edit-line.ts';
import { invoiceKey } from '../api/invoice-keys.ts';
import { useRemoveLine } from '../api/remove-line.ts';
import { searchLineOptions, type LineKind } from '../api/search-line-options.ts';
import { toastRemoveFailed } from './notify.ts';

type WorkerLine = InvoiceDetail['invoiceWorkers'][number];

/** Each kind as the order adds it: services with a quantity of whole units and a description. */
const kinds: { [K in LineKind]: AddLineKind<AddLineBody<K>> } = {
  services: { name: 'services', schema: lazySchema('addServiceBody'), descriptionRows: 3 },
  products: { name: 'products', schema: lazySchema('addProductBody') },
  equipments: { name: 'equipments', schema: lazySchema('addEquipmentBody') },
  workers: { name: 'workers', schema: lazySchema('addWorkerBody') },
};

/** What a removal says when it works and when it fails, per kind. */
const removeTexts: Record<LineKind, { removed: string; failed: string }> = {
  services: { removed: 'Serviço removido da Ordem de Serviço', failed: invoiceMessages.removeFailed('serviço') },
  products: { removed: 'Produto removido da Ordem de Serviço', failed: invoiceMessages.removeFailed('produto') },
  equipments: {
    removed: 'Equipamento removido da Ordem de Serviço',
    failed: invoiceMessages.removeFailed('equipamento'),
  },
  workers: { removed: 'Colaborador removido da Ordem de Serviço', failed: invoiceMessages.removeFailed('colaborador') },
};

/** The add modal of a kind: the order's picker, its list pushing the fields down, and POST. */
function useAdding<K extends LineKind>(
  invoiceId: number,
  kind: K,
): Omit<AddLineModalProps<AddLineBody<K>>, 'show' | 'onHide'> {
  const orgPath = useOrgPath();
  const add = useAddLine(invoiceId, kind);
  return {
    kind: kinds[kind],
    draftKey: ['invoice', invoiceId, 'line', kind],
    optionsKey: [...invoiceKey(orgPath, invoiceId), 'options', kind],
    loadOptions: (q) => searchLineOptions(orgPath, invoiceId, kind, q),
    onAdd: add.mutateAsync,
    inline: true,
    placeholder: 'Digite para pesquisar',
  };
}

/** Removal after 'Remover {name}?'; a failure shows the kind's fixed text. */
function useLineRemoval(invoiceId: number, kind: LineKind): Removal<{ id: number; name: string }> {
  const remove = useRemoveLine(invoiceId, kind);
  return {
    question: (line) => ({ title: `Remover ${line.name}?`, confirmLabel: 'Remover' }),
    run: (line) => remove.mutateAsync(line.id),
    removed: removeTexts[kind].removed,
    failed: (err) => toastRemoveFailed(err, removeTexts[kind].failed),
  };
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

const workerPaidColumn: LineColumn<WorkerLine> = {
  header: 'Pagamento',
  label: 'Pagamento',
  cell: (l) => <WorkerPaid paidAt={l.paidAt} />,
};

interface SectionProps {
  invoice: InvoiceDetail;
  /** Add and remove buttons (none on Canceled or Completed orders, and per role). */
  editable: boolean;
}

/**
 * Services (name and description) or products: quantity; price and total for admins, who also edit
 * a line in place.
 */
function PricedSection({
  invoice,
  editable,
  showPrices,
  kind,
}: SectionProps & { showPrices: boolean; kind: 'services' | 'products' }) {
  const save = useEditLine(invoice.id, kind);
  const lines: Array<InvoiceDetail['invoiceServices'][number] | InvoiceDetail['invoiceProducts'][number]> =
    kind === 'services' ? invoice.invoiceServices : invoice.invoiceProducts;
  return (
    <LinesSection
      add={useAdding(invoice.id, kind)}
      lines={lines}
      columns={[nameColumn(lineNames[kind].label), quantityColumn(), ...(showPrices ? priceColumns('Preço') : [])]}
      editable={editable}
      removal={useLineRemoval(invoice.id, kind)}
      onSave={showPrices ? (lineId, body) => save.mutateAsync({ lineId, body }) : undefined}
    />
  );
}

export const { ServicesSection, ProductsSection } = pricedSections<SectionProps & { showPrices: boolean }>(
  PricedSection,
);

/** The customer's equipment worked on; open to collaborators too. */
export function EquipmentsSection({ invoice, editable, canRegister }: SectionProps & EquipmentRegistering) {
  return (
    <EquipmentLinesSection
      add={useAdding(invoice.id, 'equipments')}
      customerId={invoice.customerId}
      canRegister={canRegister}
      lines={invoice.invoiceEquipments}
      columns={[nameColumn(lineNames.equipments.label), ...equipmentColumns()]}
      editable={editable}
      removal={useLineRemoval(invoice.id, 'equipments')}
    />
  );
}

/** Workers (admin): who works on the order and whether the payroll paid them. */
export function WorkersSection({
  invoice,
  editable,
  canRegister,
}: SectionProps & {
  /** Who may manage users registers a new collaborator in place, from the picker. */
  canRegister: boolean;
}) {
  const orgPath = useOrgPath();
  const add = useAdding(invoice.id, 'workers');
  return (
    <LinesSection
      add={canRegister ? { ...add, registerAt: { what: 'colaborador', path: `/admin${orgPath}/users` } } : add}
      lines={invoice.invoiceWorkers}
      columns={[nameColumn(lineNames.workers.label), workerPaidColumn]}
      editable={editable}
      removal={useLineRemoval(invoice.id, 'workers')}
    />
  );
}
