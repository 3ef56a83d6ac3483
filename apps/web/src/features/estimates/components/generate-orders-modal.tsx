import { useRef, useState } from 'react';
import { Alert, Badge, Button, Form, ListGroup, Spinner } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import {
  estimateMessages,
  formatQuantity,
  formatQuantityUnit,
  type EstimateDetail,
  type EstimateInvoicesResponse,
  type GenerateInvoiceBody,
  type RemainingLine,
} from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { InvoiceStatusBadge } from '../../../components/invoices/invoice-status-badge.tsx';
import { useEstimateInvoices, useGenerateInvoice } from '../api/invoices.ts';

/** '1,75 kg' for a product of such a unit, '2 un.' for a service or a unit product. */
const amount = (quantity: number, unit: string | null) =>
  unit && unit !== 'un' ? formatQuantityUnit(quantity, unit) : `${formatQuantity(quantity)} un.`;

const NEW = 'new' as const;
type Target = number | typeof NEW | null;
type Remaining = EstimateInvoicesResponse['remaining'];
type Section = 'services' | 'products';

/**
 * What goes to an order: every remaining item is ticked (all its remaining units) unless the user
 * unticked it or changed its units. `units` and `equipments` hold only those changes, so items that
 * come back (an order canceled meanwhile) or remain after an add are ticked again by themselves.
 */
function picked(remaining: Remaining | undefined, units: Record<string, number>, equipments: Record<number, boolean>) {
  const lines = (section: Section) =>
    (remaining?.[section] ?? [])
      .map((l) => ({ id: l.id, quantity: Math.min(l.remaining, units[`${section}:${l.id}`] ?? l.remaining) }))
      .filter((p) => p.quantity > 0);
  return {
    equipments: (remaining?.equipments ?? []).filter((e) => equipments[e.id] ?? true).map((e) => e.id),
    services: lines('services'),
    products: lines('products'),
  };
}

/**
 * 'Gerar Ordens de Serviço': 'Gerar OS com todos os itens' puts everything still to assign on a new
 * order and opens it. Or, item by item: (1) the estimate's orders, canceled or completed ones disabled;
 * (2) pick one or 'Nova +'; (3) every remaining item comes ticked: untick or change the units, and add
 * them after a confirmation; (4) equipment already on an order is not offered; (5) canceled orders do
 * not count; (6) non-grouped lines go one unit per order line, as many units as chosen, grouped lines
 * whole. The user's choices made while an add is under way are kept when it finishes.
 */
export function GenerateOrdersModal({
  estimate,
  show,
  onHide,
}: {
  estimate: EstimateDetail;
  show: boolean;
  onHide(): void;
}) {
  const query = useEstimateInvoices(estimate.id);
  const generate = useGenerateInvoice(estimate.id);
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [target, setTarget] = useState<Target>(null);
  // Every choice of order the user makes; an add that finishes selects its order only if none came since.
  const choices = useRef(0);
  const choose = (t: Target) => {
    choices.current += 1;
    setTarget(t);
  };
  const [equipments, setEquipments] = useState<Record<number, boolean>>({});
  const [units, setUnits] = useState<Record<string, number>>({});
  const reset = () => {
    setTarget(null);
    setEquipments({});
    setUnits({});
  };
  const orders = query.data?.data ?? [];
  const remaining = query.data?.remaining;
  const nothingLeft =
    remaining && !remaining.equipments.length && !remaining.services.length && !remaining.products.length;

  // One generation at a time: a double click sends one request (the second would find nothing left and
  // show an error beside the first's success). The flag is set before the button can re-render disabled.
  const busy = useRef(false);
  const once = async (run: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await run();
    } finally {
      busy.current = false;
    }
  };

  /** Everything still to assign on a new order, which then opens here, in this tab. */
  const generateAll = () =>
    once(async () => {
      if (!remaining || nothingLeft) return;
      const body: GenerateInvoiceBody = { invoice: null, ...picked(remaining, {}, {}) };
      try {
        const order = await generate.mutateAsync(body);
        toast.success(`${estimateMessages.generated} nº ${order.number}`);
        onHide();
        navigate(`/invoices/${order.id}/edit`);
      } catch (err) {
        toastApiError(err, estimateMessages.statusFailed);
      }
    });

  const submit = () =>
    once(async () => {
      if (target === null) {
        toast.info(estimateMessages.selectInvoice);
        return;
      }
      const body: GenerateInvoiceBody = {
        invoice: target === NEW ? null : target,
        ...picked(remaining, units, equipments),
      };
      if (!body.equipments!.length && !body.services!.length && !body.products!.length) {
        toast.info(estimateMessages.nothingSelected);
        return;
      }
      if (!(await confirm({ text: estimateMessages.generateConfirm, confirmLabel: 'Adicionar', variant: 'primary' })))
        return;
      const choice = choices.current;
      const sentUnits = units;
      const sentEquipments = equipments;
      try {
        const order = await generate.mutateAsync(body);
        toast.success(`${estimateMessages.generated} nº ${order.number}`);
        // The refreshed list arrives before the add is done: what the user chose since stays.
        if (choices.current === choice) setTarget(order.id);
        const keep = <K extends string | number, V>(now: Record<K, V>, sent: Record<K, V>) =>
          Object.fromEntries(Object.entries(now).filter(([k, v]) => sent[k as K] !== v)) as Record<K, V>;
        setUnits((now) => keep(now, sentUnits));
        setEquipments((now) => keep(now, sentEquipments));
      } catch (err) {
        toastApiError(err, estimateMessages.statusFailed);
      }
    });

  const lineRow = (section: Section, l: RemainingLine) => {
    const key = `${section}:${l.id}`;
    const chosen = Math.min(l.remaining, units[key] ?? l.remaining);
    return (
      <ListGroup.Item key={key} className="d-flex flex-wrap align-items-center gap-2">
        <Form.Check
          id={`generate-${key}`}
          className="flex-grow-1"
          checked={chosen > 0}
          onChange={(e) => setUnits((u) => ({ ...u, [key]: e.target.checked ? l.remaining : 0 }))}
          label={
            <>
              {l.itemNumber}. {l.name}{' '}
              <span className="small text-body-secondary">
                {l.isGrouped
                  ? `agrupado · ${amount(l.quantity, l.unit)}`
                  : `restam ${formatQuantity(l.remaining)} de ${amount(l.quantity, l.unit)}`}
              </span>
            </>
          }
        />
        {!l.isGrouped && chosen > 0 && (
          <Form.Control
            type="number"
            size="sm"
            min={1}
            max={l.remaining}
            style={{ width: '5.5rem' }}
            aria-label={`Unidades de ${l.name}`}
            value={chosen}
            onChange={(e) =>
              setUnits((u) => ({ ...u, [key]: Math.max(1, Math.min(l.remaining, Number(e.target.value) || 1)) }))
            }
          />
        )}
      </ListGroup.Item>
    );
  };

  return (
    <AppModal
      show={show}
      onHide={onHide}
      onExited={reset}
      size="lg"
      title="Gerar Ordens de Serviço"
      footer={
        <>
          <Button variant="outline-secondary" onClick={onHide}>
            Fechar
          </Button>
          <Button
            variant="outline-primary"
            onClick={() => void submit()}
            disabled={generate.isPending || !!nothingLeft || query.isPending}
          >
            Adicionar à OS
          </Button>
        </>
      }
    >
      {query.isPending ? (
        <Spinner aria-label="Carregando" />
      ) : (
        <>
          {!nothingLeft && (
            <div className="d-grid mb-3">
              <Button size="lg" onClick={() => void generateAll()} disabled={generate.isPending}>
                {generate.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
                Gerar OS com todos os itens
              </Button>
              <div className="small text-body-secondary mt-1">
                Uma nova ordem de serviço com tudo o que ainda não está em outra, aberta em seguida. Para dividir os
                itens entre ordens, escolha abaixo.
              </div>
            </div>
          )}
          <h3 className="h6">1. Ordem de serviço</h3>
          <ListGroup className="mb-3" role="radiogroup" aria-label="Ordem de serviço">
            {orders.map((o) => (
              <ListGroup.Item key={o.id} className="d-flex align-items-center gap-2" disabled={o.isClosed}>
                <Form.Check
                  type="radio"
                  name="generate-target"
                  id={`generate-target-${o.id}`}
                  disabled={o.isClosed}
                  checked={target === o.id}
                  onChange={() => choose(o.id)}
                  label={
                    <>
                      OS nº {o.number} · {formatDate(o.createdAt)}
                    </>
                  }
                />
                <InvoiceStatusBadge state={o.statusState} label={o.statusLabel} />
                <Link to={`/invoices/${o.id}/edit`} className="ms-auto small">
                  Abrir
                </Link>
              </ListGroup.Item>
            ))}
            <ListGroup.Item>
              <Form.Check
                type="radio"
                name="generate-target"
                id="generate-target-new"
                checked={target === NEW}
                onChange={() => choose(NEW)}
                label={<strong>Nova +</strong>}
              />
            </ListGroup.Item>
          </ListGroup>

          <h3 className="h6 mb-0">2. Itens</h3>
          <p className="small text-body-secondary mb-2">Todos vêm marcados: desmarque o que não vai nesta OS.</p>
          {nothingLeft && <Alert variant="success">Todos os itens do orçamento já estão em ordens de serviço.</Alert>}
          {!!remaining?.equipments.length && (
            <>
              <div className="small fw-semibold mb-1">Equipamentos</div>
              <ListGroup className="mb-3">
                {remaining.equipments.map((e) => (
                  <ListGroup.Item key={e.id}>
                    <Form.Check
                      id={`generate-equipments:${e.id}`}
                      checked={equipments[e.id] ?? true}
                      onChange={(ev) => setEquipments((m) => ({ ...m, [e.id]: ev.target.checked }))}
                      label={
                        <>
                          {e.name}{' '}
                          <span className="small text-body-secondary">
                            {e.brand} {e.model} · N/S {e.serialNumber}
                          </span>
                        </>
                      }
                    />
                  </ListGroup.Item>
                ))}
              </ListGroup>
            </>
          )}
          {!!remaining?.services.length && (
            <>
              <div className="small fw-semibold mb-1">Serviços</div>
              <ListGroup className="mb-3">{remaining.services.map((l) => lineRow('services', l))}</ListGroup>
            </>
          )}
          {!!remaining?.products.length && (
            <>
              <div className="small fw-semibold mb-1">Produtos</div>
              <ListGroup className="mb-3">{remaining.products.map((l) => lineRow('products', l))}</ListGroup>
            </>
          )}
          <p className="small text-body-secondary mb-0">
            <Badge bg="light" text="dark">
              Dica
            </Badge>{' '}
            Itens não agrupados viram uma linha por unidade na OS; itens agrupados vão inteiros. Ordens canceladas
            devolvem seus itens.
          </p>
        </>
      )}
    </AppModal>
  );
}
