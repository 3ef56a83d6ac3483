import { Button } from 'react-bootstrap';
import { formatMoney, formatQuantityUnit, fromCents, lineTotalCents, toCents } from '@ordem-certa/contracts';
import { ActionButton } from '../action-button.tsx';
import { PencilIcon, TrashIcon } from '../icons.tsx';
import type { LineColumn } from './lines-table.tsx';

// The columns an order's and an estimate's lines are made of; each kind picks and orders them.

/** Folded away below 576 px, where the line is a card with fewer rows. */
const wideOnly = 'd-none d-sm-table-cell';

/**
 * The line's name, heading its card on a phone, with its description (services, equipment) and its
 * warranty, as the PDF prints them, under it.
 */
export const nameColumn = <T extends { name: string; description?: string | null; warrantyDays?: number | null }>(
  header: string,
): LineColumn<T> => ({
  header,
  className: 'line-main',
  cell: (l) => (
    <>
      {l.name}
      {l.description && <div className="small text-body-secondary fw-normal text-pre-line">{l.description}</div>}
      {!!l.warrantyDays && (
        <div className="small text-body-secondary fw-normal">
          Garantia: {l.warrantyDays} {l.warrantyDays === 1 ? 'dia' : 'dias'}
        </div>
      )}
    </>
  ),
});

/** '#': the estimate line's item number. */
export const itemNumberColumn = <T extends { itemNumber: number }>(): LineColumn<T> => ({
  header: '#',
  label: '#',
  cell: (l) => l.itemNumber,
});

/** The quantity with the product's unit (services have none). */
export const quantityColumn = <T extends { quantity: number; unit?: string }>(): LineColumn<T> => ({
  header: 'Qtd.',
  label: 'Quantidade',
  className: 'text-end text-nowrap',
  cell: (l) => formatQuantityUnit(l.quantity, l.unit),
});

/** 'Agrupado' (estimates): the whole quantity goes to one order line. */
export const groupedColumn = <T extends { isGrouped: boolean }>(): LineColumn<T> => ({
  header: 'Agrupado',
  className: wideOnly,
  cell: (l) => (l.isGrouped ? 'Sim' : 'Não'),
});

/** Quantity × price rounded to the cent on the line, as the server sums the subtotal. */
const lineTotal = (price: number | undefined, quantity: number) =>
  price === undefined ? undefined : fromCents(lineTotalCents(quantity, toCents(price)));

/** The unit price, under the kind's header, and the line's total; `foldPrice` hides the price on a phone. */
export const priceColumns = <T extends { price?: number; quantity: number }>(
  header: string,
  { foldPrice = false }: { foldPrice?: boolean } = {},
): LineColumn<T>[] => [
  {
    header,
    label: header,
    className: `text-end text-nowrap${foldPrice ? ` ${wideOnly}` : ''}`,
    cell: (l) => formatMoney(l.price),
  },
  {
    header: 'Total',
    label: 'Total',
    className: 'text-end text-nowrap',
    cell: (l) => formatMoney(lineTotal(l.price, l.quantity)),
  },
];

/** The equipment's brand, model and serial number after its name; `foldOnPhone` leaves brand and model out there. */
export const equipmentColumns = <T extends { brand: string; model: string; serialNumber: string }>({
  foldOnPhone = false,
}: { foldOnPhone?: boolean } = {}): LineColumn<T>[] => [
  { header: 'Marca', label: 'Marca', className: foldOnPhone ? wideOnly : undefined, cell: (l) => l.brand },
  { header: 'Modelo', label: 'Modelo', className: foldOnPhone ? wideOnly : undefined, cell: (l) => l.model },
  { header: 'N/S', label: 'N/S', className: 'col-serial', cell: (l) => l.serialNumber },
];

/**
 * 'Editar' (when given) and 'Remover', named for the line; on a phone they share the card's width and
 * say their word beside the icon.
 */
export const actionsColumn = <T extends { name: string }>(
  onRemove: (line: T) => Promise<void>,
  onEdit?: (line: T) => void,
): LineColumn<T> => ({
  header: <span className="visually-hidden">Ações</span>,
  className: 'text-end col-actions line-actions text-nowrap',
  cell: (l) => (
    <div className="line-action-buttons d-inline-flex gap-2">
      {onEdit && (
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label={`Editar ${l.name}`}
          title="Editar"
          onClick={() => onEdit(l)}
        >
          <PencilIcon />
          <span className="ms-1 d-sm-none">Editar</span>
        </Button>
      )}
      <ActionButton
        size="sm"
        variant="outline-danger"
        aria-label={`Remover ${l.name}`}
        title="Remover"
        action={() => onRemove(l)}
      >
        <TrashIcon />
        <span className="ms-1 d-sm-none">Remover</span>
      </ActionButton>
    </div>
  ),
});
