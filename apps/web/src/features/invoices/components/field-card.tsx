import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Badge, Button, Form, ListGroup } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  AUTO_LEAVE_METERS,
  formatDistance,
  formatDuration,
  haversineMeters,
  nextStamps,
  positionNotice,
  stampDone,
  stampLabels,
  type FieldStamp,
  type Position,
  type StampKind,
} from '@ordem-certa/contracts';
import { newIdempotencyKey } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { formatTime } from '../../../lib/format.ts';
import { OutboxFullError, QUEUED_MESSAGE, sendOrQueue, usePendingFor } from '../../../lib/offline/outbox-runtime.ts';
import type { OutboxItem } from '../../../lib/offline/outbox.ts';
import { ActionButton } from '../../../components/action-button.tsx';
import { AppModal } from '../../../components/app-modal.tsx';
import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { addStamp, stampsPath, useStamps } from '../api/stamps.ts';
import { FieldMap } from './field-map.tsx';
import { toastStateChangeFailed } from './notify.ts';

// The technician's day on an order: 'A caminho', 'Cheguei', 'Iniciar', 'Pausar', 'Retomar', 'Saí', each a
// stamp with the phone's time (and its position on the way, at the arrival and at the departure), sent
// now or kept in the outbox. The phone's position is asked only when one of those is pressed, and
// watched only between the arrival and 'Saí' while this screen is open, to stamp 'Saí' by itself once
// the phone is 500 m away. The office sees the same stamps as a timeline.

const buttonVariant: Record<StampKind, string> = {
  travel: 'outline-primary',
  arrive: 'primary',
  start: 'success',
  pause: 'outline-warning',
  resume: 'success',
  leave: 'outline-secondary',
};

/** A stamp shown on the screen: the server's, or one still on the phone. */
interface ShownStamp {
  key: string;
  kind: StampKind;
  deviceAt: Date;
  pending: boolean;
  refused?: boolean;
  stamp?: FieldStamp;
  reason?: string | null;
  position?: Position;
}

const fromPending = (i: OutboxItem): ShownStamp => ({
  key: i.key,
  kind: i.show.stamp!.kind as StampKind,
  deviceAt: new Date(i.show.stamp!.deviceAt),
  pending: true,
  refused: !!i.problem,
  reason: i.show.stamp!.reason ?? null,
  position:
    i.show.stamp!.latitude !== undefined
      ? { latitude: i.show.stamp!.latitude, longitude: i.show.stamp!.longitude! }
      : undefined,
});

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new Error('unavailable'));
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: true,
      timeout: 20_000,
      // A stamp's position is where the phone is now, never one kept from before.
      maximumAge: 0,
    });
  });
}

/** A position less precise than this is not taken as the phone having left. */
const LEAVE_ACCURACY_METERS = 250;

const NO_POSITION =
  'Não foi possível obter a localização do aparelho. Permita o acesso à localização no navegador e tente novamente.';

export function FieldCard({
  invoiceId,
  number,
  completed,
  canStamp,
}: {
  invoiceId: number;
  number: number;
  completed: boolean;
  canStamp: boolean;
}) {
  const orgPath = useOrgPath();
  const query = useStamps(invoiceId);
  const pending = usePendingFor(invoiceId).filter((i) => i.kind === 'stamp' && i.show.stamp);
  const [pausing, setPausing] = useState(false);
  const shown: ShownStamp[] = [
    ...(query.data?.data ?? []).map((s) => ({
      key: `s${s.id}`,
      kind: s.kind,
      deviceAt: new Date(s.deviceAt),
      pending: false,
      stamp: s,
      reason: s.reason,
      position:
        s.latitude !== null && s.longitude !== null ? { latitude: s.latitude, longitude: s.longitude } : undefined,
    })),
    ...pending.map(fromPending),
  ].sort((a, b) => a.deviceAt.getTime() - b.deviceAt.getTime());
  const next = nextStamps(shown, completed);
  const last = shown.at(-1);
  const onSite = !!last && last.kind !== 'travel' && last.kind !== 'leave';
  const arrival = shown.toReversed().find((s) => s.kind === 'arrive')?.position;

  const stamp = async (
    kind: StampKind,
    extra: { reason?: string; automatic?: boolean; position?: Position & { accuracy: number } } = {},
  ) => {
    let position = extra.position ?? null;
    if (!position && (kind === 'travel' || kind === 'arrive' || kind === 'leave')) {
      try {
        const p = await currentPosition();
        position = { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy };
      } catch {
        toast.error(NO_POSITION);
        return false;
      }
    }
    const deviceAt = new Date().toISOString();
    const body = { kind, deviceAt, position, reason: extra.reason ?? null, automatic: extra.automatic ?? false };
    try {
      const outcome = await sendOrQueue(
        {
          key: newIdempotencyKey(),
          kind: 'stamp',
          invoiceId,
          label: `${stampLabels[kind]} (OS ${number})`,
          request: { path: stampsPath(orgPath, invoiceId), json: body },
          show: {
            stamp: {
              kind,
              deviceAt,
              reason: extra.reason ?? null,
              ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
            },
          },
        },
        (key) => addStamp(orgPath, invoiceId, body, key),
      );
      if (outcome === 'sent') await query.refetch();
      toast.success(outcome === 'sent' ? `${stampDone[kind]} às ${formatTime(deviceAt)}` : QUEUED_MESSAGE);
      return true;
    } catch (err) {
      if (err instanceof OutboxFullError) toast.error(err.message);
      else toastStateChangeFailed(err);
      return false;
    }
  };

  // 'Saí' by itself: only while on the site, this screen open, watching the phone leave the arrival's radius.
  const leaving = useRef(false);
  const watchesPosition = canStamp && onSite && !!arrival && 'geolocation' in navigator;
  useEffect(() => {
    if (!watchesPosition || !arrival) return;
    const id = navigator.geolocation.watchPosition(
      (p) => {
        const here = { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy };
        // A reading too vague to tell (a phone indoors, by the cell towers) never stamps 'Saí'.
        if (leaving.current || p.coords.accuracy > LEAVE_ACCURACY_METERS) return;
        if (haversineMeters(here, arrival) <= AUTO_LEAVE_METERS) return;
        leaving.current = true;
        void stamp('leave', { automatic: true, position: here }).finally(() => {
          leaving.current = false;
        });
      },
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
    // The watch follows the arrival and whether the technician is on the site, nothing else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watchesPosition, arrival?.latitude, arrival?.longitude]);

  const summary = query.data?.summary;
  return (
    <SectionCard title="Deslocamento e tempo">
      {canStamp && next.length > 0 && (
        <div className="d-flex flex-wrap gap-2 mb-2" role="group" aria-label="Registros do atendimento">
          {next.map((kind) => (
            <ActionButton
              key={kind}
              variant={buttonVariant[kind]}
              action={() => (kind === 'pause' ? Promise.resolve(setPausing(true)) : stamp(kind))}
            >
              {stampLabels[kind]}
            </ActionButton>
          ))}
        </div>
      )}
      {canStamp && <p className="small text-body-secondary mb-2">{positionNotice}</p>}
      {summary && (summary.workedSeconds > 0 || summary.travelSeconds > 0) && (
        <p className="small mb-2" data-testid="field-summary">
          Tempo no atendimento: <strong>{formatDuration(summary.workedSeconds)}</strong>
          {summary.travelSeconds > 0 && <> · Deslocamento: {formatDuration(summary.travelSeconds)}</>}
          {summary.routeMeters > 0 && <> · {formatDistance(summary.routeMeters)} percorridos</>}
        </p>
      )}
      <FieldMap place={query.data?.place ?? null} stamps={shown} />
      {shown.length === 0 ? (
        <p className="text-body-secondary small mb-0">Nenhum registro nesta ordem.</p>
      ) : (
        <ListGroup variant="flush" as="ol" className="field-timeline" aria-label="Registros">
          {shown.map((s) => (
            <ListGroup.Item as="li" key={s.key} className="px-0 py-1 small">
              <span className="fw-semibold">{formatTime(s.deviceAt)}</span> {stampDone[s.kind]}
              {s.stamp && <> — {s.stamp.userName}</>}
              {s.reason && <> ({s.reason})</>}
              {s.stamp?.etaAt && <> · chegada prevista às {formatTime(s.stamp.etaAt)}</>}
              {s.stamp?.distanceMeters != null && s.kind !== 'travel' && (
                <> · a {formatDistance(s.stamp.distanceMeters)} do endereço</>
              )}
              {s.stamp?.automatic && <> · automático</>}{' '}
              {s.stamp?.distanceWarning && (
                <Badge bg="danger" data-testid="distance-warning">
                  Longe do endereço
                </Badge>
              )}{' '}
              {s.stamp?.clockSkewed && (
                <Badge bg="warning" text="dark">
                  Relógio do aparelho divergente
                </Badge>
              )}
              {s.pending && <PendingBadge refused={s.refused} />}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <PauseModal show={pausing} onHide={() => setPausing(false)} onConfirm={(reason) => stamp('pause', { reason })} />
    </SectionCard>
  );
}

/** 'Pausar' asks why (lunch, a part to fetch…). */
function PauseModal({
  show,
  onHide,
  onConfirm,
}: {
  show: boolean;
  onHide(): void;
  onConfirm(reason: string): Promise<boolean>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError('Informe o motivo da pausa');
    setBusy(true);
    try {
      if (await onConfirm(reason.trim())) onHide();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal
      show={show}
      onHide={onHide}
      onExited={() => {
        setReason('');
        setError('');
      }}
      title="Pausar o atendimento"
      footer={
        <>
          <Button variant="outline-secondary" onClick={onHide}>
            Voltar
          </Button>
          <Button type="submit" form="pause-form" variant="warning" disabled={busy}>
            Pausar
          </Button>
        </>
      }
    >
      <Form id="pause-form" noValidate onSubmit={submit}>
        <Form.Group controlId="pause-reason">
          <Form.Label>Motivo da pausa</Form.Label>
          <Form.Control
            value={reason}
            maxLength={300}
            isInvalid={!!error}
            onChange={(e) => {
              setReason(e.target.value);
              setError('');
            }}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
      </Form>
    </AppModal>
  );
}
