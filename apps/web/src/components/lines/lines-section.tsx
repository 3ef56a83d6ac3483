import { useState, type ComponentType } from 'react';
import { useOrgPath } from '../../lib/auth.tsx';
import { AddButton, SectionCard } from '../section-card.tsx';
import { useRemoval, type Removal } from '../use-removal.ts';
import { AddLineModal, lineNames, type AddLineModalProps } from './add-line-modal.tsx';
import { EditLineModal, type EditableLine, type EditLineValues } from './edit-line-modal.tsx';
import { actionsColumn } from './line-columns.tsx';
import { LinesTable, type LineColumn } from './lines-table.tsx';

interface LinesSectionProps<L extends EditableLine, B> {
  /** The add modal of this kind of line, with the record's picker and call. */
  add: Omit<AddLineModalProps<B>, 'show' | 'onHide'>;
  lines: L[];
  /** What a line shows; 'Editar' and 'Remover' come after while the section is editable. */
  columns: LineColumn<NoInfer<L>>[];
  /** Add and remove (and edit, when `onSave` is given). */
  editable: boolean;
  removal: Removal<NoInfer<L>>;
  /** Services and products: saves a line edited in place; without it there is no 'Editar'. */
  onSave?: (lineId: number, body: EditLineValues) => Promise<unknown>;
}

/**
 * The services, products, equipment or workers of an order or an estimate: a titled table of the
 * lines (cards on a phone), '+ Adicionar' with the kind's modal, and per line 'Editar' (services and
 * products) and 'Remover' as the record's kind asks and reports them.
 */
export function LinesSection<L extends EditableLine, B>(props: LinesSectionProps<L, B>) {
  const { add, lines, columns, editable, removal, onSave } = props;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<L | null>(null);
  const remove = useRemoval(removal);
  const { heading, title } = lineNames[add.kind.name];
  const editKind = add.kind.name === 'services' || add.kind.name === 'products' ? add.kind.name : null;
  const save = editable && editKind ? onSave : undefined;
  return (
    <SectionCard title={heading} action={editable && <AddButton label={title} onClick={() => setAdding(true)} />}>
      <LinesTable
        caption={heading}
        columns={editable ? [...columns, actionsColumn(remove, save && setEditing)] : columns}
        rows={lines}
        rowKey={(l) => l.id}
      />
      {editable && <AddLineModal {...add} show={adding} onHide={() => setAdding(false)} />}
      {save && editKind && (
        <EditLineModal kind={editKind} line={editing} onHide={() => setEditing(null)} onSave={save} />
      )}
    </SectionCard>
  );
}

/**
 * The customer's equipment on an order or an estimate; who may register equipment (`canRegister`)
 * makes a new one of the customer's in place, from the picker.
 */
export function EquipmentLinesSection<L extends EditableLine, B>(
  props: Omit<LinesSectionProps<L, B>, 'onSave'> & { customerId: number; canRegister: boolean },
) {
  const { customerId, canRegister, add, ...section } = props;
  const orgPath = useOrgPath();
  const registerAt = { what: 'equipamento', path: `${orgPath}/customers/${customerId}/equipments` } as const;
  return <LinesSection {...section} add={canRegister ? { ...add, registerAt } : add} />;
}

/** Who may register equipment (`canRegister`) on a record's equipment section. */
export interface EquipmentRegistering {
  /** Who may register equipment makes a new one of the customer's in place, from the picker. */
  canRegister: boolean;
}

/** The services section and the products section of a record, both drawn by its one priced section. */
export function pricedSections<P extends object>(Priced: ComponentType<P & { kind: 'services' | 'products' }>) {
  return {
    ServicesSection: (p: P) => <Priced {...p} kind="services" />,
    ProductsSection: (p: P) => <Priced {...p} kind="products" />,
  };
}
