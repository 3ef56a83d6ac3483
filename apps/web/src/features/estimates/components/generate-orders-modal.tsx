import { useState } from 'react';
import { Alert, Badge, Button, Form, ListGroup, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { estimateMessages, type EstimateDetail, type RemainingLine } from '@oficina/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { InvoiceStatusBadge } from '../../../components/invoices/invoice-status-badge.tsx';
import { useEstimateInvoices, useGenerateInvoice } from '../api/invoices.ts';

const NEW = 'new' as const;

/**
 * 'Gerar Ordens de Serviço': (1) the estimate's orders, canceled or completed ones disabled; (2) pick
 * one or 'Nova +'; (3) tick equipment, services and products and add them after a confirmation;
 * (4) equipment already on an order is not offered; (5) canceled orders do not count; (6) non-grouped
 * lines go one unit per order line, as many units as chosen, grouped lines whole.
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
  const [target, setTarget] = useState<number | typeof NEW | null>(null);
  const [equipments, setEquipments] = useState<number[]>([]);
  const [units, setUnits] = useState<Record<string, number>>({});
  const reset = () => {
    setTarget(null);
    setEquipments([]);
    setUnits({});
  };
  const orders = query.data?.data ?? [];
  const remaining = query.data?.remaining;
  const nothingLeft =
    remaining && !remaining.equipments.length && !remaining.services.length && !remaining.products.length;

  const submit = async () => {
    if (target === null) {
      toast.info(estimateMessages.selectInvoice);
      return;
    }
    const picks = (section: 'services' | 'products') =>
      Object.entries(units)
        .filter(([key, n]) => key.startsWith(`${section}:`) && n > 0)
        .map(([key, quantity]) => ({ id: Number(key.split(':')[1]), quantity }));
    const body = {
      invoice: target === NEW ? null : target,
      equipments,
      services: picks('services'),
      products: picks('products'),
    };
    if (!body.equipments.length && !body.services.length && !body.products.length) {
      toast.info(estimateMessages.nothingSelected);
      return;
    }
    if (!(await confirm({ text: estimateMessages.generateConfirm, confirmLabel: 'Adicionar', variant: 'primary' })))
      return;
    try {
      const order = await generate.mutateAsync(body);
      toast.success(`${estimateMessages.generated} nº ${order.number}`);
      reset();
      setTarget(order.id);
    } catch (err) {
      toastApiError(err, estimateMessages.statusFailed);
    }
  };

  const lineRow = (section: 'services' | 'products', l: RemainingLine) => {
    const key = `${section}:${l.id}`;
    const chosen = units[key] ?? 0;
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
                {l.isGrouped ? `agrupado · ${l.quantity} un.` : `restam ${l.remaining} de ${l.quantity} un.`}
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
          <Button onClick={() => void submit()} disabled={generate.isPending || !!nothingLeft}>
            {generate.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
            Adicionar à OS
          </Button>
        </>
      }
    >
      {query.isPending ? (
        <Spinner aria-label="Carregando" />
      ) : (
        <>
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
                  onChange={() => setTarget(o.id)}
                  label={
                    <>
                      OS nº {o.number} · {formatDate(o.createdAt)}
                    </>
                  }
                />
                <InvoiceStatusBadge state={o.statusState} label={o.statusLabel} />
                <Link to={`/invoices/${o.id}/edit`} className="ms-auto small" target="_blank" rel="noopener noreferrer">
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
                onChange={() => setTarget(NEW)}
                label={<strong>Nova +</strong>}
              />
            </ListGroup.Item>
          </ListGroup>

          <h3 className="h6">2. Itens</h3>
          {nothingLeft && <Alert variant="success">Todos os itens do orçamento já estão em ordens de serviço.</Alert>}
          {!!remaining?.equipments.length && (
            <>
              <div className="small fw-semibold mb-1">Equipamentos</div>
              <ListGroup className="mb-3">
                {remaining.equipments.map((e) => (
                  <ListGroup.Item key={e.id}>
                    <Form.Check
                      id={`generate-equipments:${e.id}`}
                      checked={equipments.includes(e.id)}
                      onChange={(ev) =>
                        setEquipments((list) => (ev.target.checked ? [...list, e.id] : list.filter((x) => x !== e.id)))
                      }
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
