import { useState } from 'react';
import { Badge, Button, Form, InputGroup } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  checklistMessages,
  formatMeasureText,
  isAnswered,
  parseMeasureText,
  messages,
  type ChecklistValue,
  type OrderChecklist,
} from '@ordem-certa/contracts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiError, newIdempotencyKey, toastApiError } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { QUEUED_MESSAGE, sendOrQueue, usePendingFor } from '../../../lib/offline/outbox-runtime.ts';
import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import {
  checklistPath,
  useAnswerChecklist,
  useAttachChecklist,
  useOrderChecklists,
  useRemoveChecklist,
  useTemplateOptions,
} from '../api/checklists.ts';
import { usePictures } from '../api/get-pictures.ts';
import { SectionCard } from '../../../components/section-card.tsx';

/**
 * The order's checklists: the office attaches them, whoever works the order fills them in while it is
 * open. Required items must be answered before the order can be completed (the server checks).
 */
export function ChecklistsSection({
  invoiceId,
  editable,
  canAttach,
}: {
  invoiceId: number;
  editable: boolean;
  canAttach: boolean;
}) {
  const checklists = useOrderChecklists(invoiceId);
  const list = checklists.data?.data ?? [];
  if (!canAttach && checklists.data && list.length === 0) return null;
  return (
    <SectionCard title="Checklists">
      {/* Saved checklists are shown (and answered) offline; the notice only when there is nothing to show. */}
      <QueryState isPending={checklists.isPending} error={checklists.data ? null : checklists.error}>
        <div className="d-grid gap-3">
          {list.length === 0 && <p className="text-body-secondary mb-0">Nenhum checklist nesta ordem.</p>}
          {list.map((c) => (
            <ChecklistCard
              key={c.id}
              invoiceId={invoiceId}
              checklist={c}
              editable={editable}
              canRemove={canAttach && editable}
            />
          ))}
          {canAttach && editable && <AttachChecklist invoiceId={invoiceId} />}
        </div>
      </QueryState>
    </SectionCard>
  );
}

function AttachChecklist({ invoiceId }: { invoiceId: number }) {
  const options = useTemplateOptions(true);
  const attach = useAttachChecklist(invoiceId);
  const [template, setTemplate] = useState('');
  const add = async () => {
    try {
      await attach.mutateAsync(Number(template));
      setTemplate('');
      toast.success(checklistMessages.attached);
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };
  return (
    <InputGroup size="sm">
      <Form.Select aria-label="Checklist a incluir" value={template} onChange={(e) => setTemplate(e.target.value)}>
        <option value="">Incluir checklist…</option>
        {options.data?.data.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </Form.Select>
      <Button variant="outline-primary" disabled={!template || attach.isPending} onClick={add}>
        Incluir
      </Button>
    </InputGroup>
  );
}

type Answers = Record<number, ChecklistValue>;

function ChecklistCard({
  invoiceId,
  checklist,
  editable,
  canRemove,
}: {
  invoiceId: number;
  checklist: OrderChecklist;
  editable: boolean;
  canRemove: boolean;
}) {
  const orgPath = useOrgPath();
  // Answers saved on this phone while offline: the latest is what the checklist holds until it is sent.
  const waiting = usePendingFor(invoiceId).filter((i) => i.kind === 'checklist' && i.show.checklistId === checklist.id);
  const latest = waiting.at(-1);
  const baseline = (): Answers =>
    latest?.show.answers
      ? (Object.fromEntries(latest.show.answers.map((a) => [a.item, a.value])) as Answers)
      : (Object.fromEntries(checklist.items.map((i) => [i.id, i.value])) as Answers);
  // Only what the user changed is kept here: every other answer shows the server's latest as it arrives
  // (the technician's, saved from the phone), and an edit stays until it is saved.
  const [edits, setEdits] = useState<Answers>({});
  // Number answers as typed, while they are typed; a text the pt-BR reading refuses blocks the save.
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const answer = useAnswerChecklist(invoiceId);
  const remove = useRemoveChecklist(invoiceId);
  const confirm = useConfirm();
  const pictures = usePictures(invoiceId);
  const saved = baseline();
  const answers: Answers = { ...saved, ...edits };
  const set = (item: number, value: ChecklistValue) => setEdits((e) => ({ ...e, [item]: value }));
  const setNumber = (item: number, text: string) => {
    setTyped((t) => ({ ...t, [item]: text }));
    const read = parseMeasureText(text);
    setErrors((e) => {
      const next = { ...e };
      if (read.ok) delete next[item];
      else next[item] = read.message;
      return next;
    });
    if (read.ok) set(item, read.value);
  };
  const unreadable = Object.keys(typed).some((k) => !parseMeasureText(typed[Number(k)]!).ok);
  const missing = checklist.items.filter((i) => i.required && !isAnswered(i.kind, answers[i.id] ?? null)).length;
  const dirty = checklist.items.some((i) => (answers[i.id] ?? null) !== (saved[i.id] ?? null));

  const save = async () => {
    const body = { answers: checklist.items.map((i) => ({ item: i.id, value: answers[i.id] ?? null })) };
    try {
      const outcome = await sendOrQueue(
        {
          key: newIdempotencyKey(),
          kind: 'checklist',
          invoiceId,
          label: `Checklist ${checklist.name}`,
          request: { path: checklistPath(orgPath, invoiceId, checklist.id), method: 'PUT', json: body },
          show: { checklistId: checklist.id, answers: body.answers },
        },
        async (key) => {
          await answer.mutateAsync({ checklistId: checklist.id, body, key });
        },
      );
      // Saved (the list now holds the server's copy) or queued (the outbox's copy is the baseline).
      setEdits({});
      setTyped({});
      setErrors({});
      if (outcome === 'queued') toast.info(QUEUED_MESSAGE);
      else toast.success(checklistMessages.saved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fieldErrors) {
        const next: Record<number, string> = {};
        for (const [field, list] of Object.entries(err.fieldErrors)) {
          const k = Number(/^answers\.(\d+)\./.exec(field)?.[1]);
          if (!Number.isNaN(k)) next[checklist.items[k]!.id] = list.join('. ');
        }
        setErrors(next);
      } else toastApiError(err, messages.requestFailed);
    }
  };
  const onRemove = async () => {
    if (
      !(await confirm({
        title: 'Remover o checklist?',
        text: 'As respostas dele serão perdidas.',
        confirmLabel: 'Remover',
      }))
    )
      return;
    try {
      await remove.mutateAsync(checklist.id);
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };

  return (
    <div className="border rounded p-2" data-testid={`checklist-${checklist.id}`}>
      <div className="d-flex justify-content-between align-items-center gap-2 mb-2">
        <h3 className="h6 mb-0">{checklist.name}</h3>
        <div className="d-flex align-items-center gap-2">
          {latest && <PendingBadge refused={waiting.some((i) => i.problem)} />}
          {missing > 0 ? (
            <Badge bg="warning" text="dark">
              {missing} obrigatório{missing > 1 ? 's' : ''} pendente{missing > 1 ? 's' : ''}
            </Badge>
          ) : (
            <Badge bg="success">Completo</Badge>
          )}
          {canRemove && (
            <Button size="sm" variant="link" className="p-0 text-danger" onClick={onRemove}>
              Remover
            </Button>
          )}
        </div>
      </div>
      <ol className="list-unstyled d-grid gap-2 mb-2">
        {checklist.items.map((item) => {
          const id = `checklist-${checklist.id}-item-${item.id}`;
          const label = `${item.label}${item.required ? ' *' : ''}`;
          const value = answers[item.id] ?? null;
          const error = errors[item.id];
          return (
            <li key={item.id}>
              {item.kind === 'check' ? (
                <Form.Check
                  id={id}
                  label={label}
                  checked={value === true}
                  disabled={!editable}
                  isInvalid={!!error}
                  onChange={(e) => set(item.id, e.target.checked)}
                />
              ) : (
                <Form.Group controlId={id}>
                  <Form.Label className="small mb-1">{label}</Form.Label>
                  {item.kind === 'number' ? (
                    <Form.Control
                      inputMode="decimal"
                      autoComplete="off"
                      disabled={!editable}
                      isInvalid={!!error}
                      value={typed[item.id] ?? (typeof value === 'number' ? formatMeasureText(value) : '')}
                      onChange={(e) => setNumber(item.id, e.target.value)}
                    />
                  ) : item.kind === 'text' ? (
                    <Form.Control
                      as="textarea"
                      rows={2}
                      disabled={!editable}
                      isInvalid={!!error}
                      value={typeof value === 'string' ? value : ''}
                      onChange={(e) => set(item.id, e.target.value)}
                    />
                  ) : (
                    <Form.Select
                      disabled={!editable}
                      isInvalid={!!error}
                      value={typeof value === 'number' ? value : ''}
                      onChange={(e) => set(item.id, e.target.value ? Number(e.target.value) : null)}
                    >
                      <option value="">
                        {pictures.data?.data.length ? 'Escolha uma foto da ordem' : 'Envie a foto em Fotos'}
                      </option>
                      {pictures.data?.data.map((p, k) => (
                        <option key={p.id} value={p.id}>
                          Foto {k + 1} · {p.name}
                        </option>
                      ))}
                    </Form.Select>
                  )}
                  <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
                </Form.Group>
              )}
              {item.kind === 'check' && error && <div className="invalid-feedback d-block">{error}</div>}
            </li>
          );
        })}
      </ol>
      {editable && (
        <Button size="sm" onClick={save} disabled={!dirty || unreadable || answer.isPending}>
          Salvar respostas
        </Button>
      )}
    </div>
  );
}
