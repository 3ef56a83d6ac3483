import { useMemo, useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import {
  addDays,
  customerRoleLabels,
  frequencyLabels,
  maintenancePlanMessages as msg,
  messages,
  type CustomerRole,
  type MaintenancePlan,
  type MaintenancePlanBody,
  type MaintenancePlanValues,
} from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { formatDate, formatIsoDate } from '../../../lib/format.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { todayIso } from '../../../lib/time-zone.ts';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RecordFallback } from '../../../components/record-fallback.tsx';
import { usePlan } from '../api/get-plan.ts';
import { useEndPlan } from '../api/end-plan.ts';
import { useSavePlan } from '../api/save-plan.ts';
import { useVersionedSave, type ConflictField } from '../../../components/version-conflict.tsx';
import { blankPlan, PlanForm, type PlanOptions } from '../components/plan-form.tsx';
import { GenerateModal } from '../components/generate-modal.tsx';
import { ReportModal } from '../components/report-modal.tsx';
import { PmocDocumentModal } from '../components/pmoc-document-modal.tsx';
import { AirReportsCard } from '../components/air-reports-card.tsx';
import { VisitsCard } from '../components/visits-card.tsx';

/** /maintenance-plans/new: the form; saved, the plan's own screen. */
export function NewPlanPage() {
  const navigate = useNavigate();
  const save = useSavePlan();
  const onSubmit = async (values: MaintenancePlanValues) => {
    const plan = await save.mutateAsync(values);
    toast.success(msg.created);
    navigate(`/maintenance-plans/${plan.id}`, { replace: true });
  };
  return (
    <>
      <PageHeader title="Novo plano de manutenção" />
      <div className="plan-form-page">
        <PlanForm defaultValues={blankPlan()} onSubmit={onSubmit} />
      </div>
    </>
  );
}

const bodyOf = (p: MaintenancePlan): MaintenancePlanBody => ({
  company: p.company.id,
  customer: p.customer.id,
  transactionNature: p.transactionNature.id,
  address: p.address?.id ?? null,
  equipments: p.equipments.map((e) => e.id),
  frequency: p.frequency,
  startDate: p.startDate,
  checklistTemplate: p.checklistTemplate?.id ?? null,
  worker: p.worker?.id ?? null,
  leadDays: p.leadDays,
  services: p.services.map((s) => ({ service: s.service, quantity: s.quantity })),
  engineerName: p.engineerName ?? '',
  engineerRegistration: p.engineerRegistration ?? '',
  artNumber: p.artNumber ?? '',
  buildingName: p.buildingName ?? '',
  customerRole: p.customerRole,
  rooms: p.rooms,
  tasks: p.tasks,
  recommendations: p.recommendations ?? '',
});
const optionsOf = (p: MaintenancePlan): PlanOptions => ({
  company: { value: p.company.id, label: p.company.name },
  customer: { value: p.customer.id, label: p.customer.name },
  transactionNature: { value: p.transactionNature.id, label: p.transactionNature.name },
  checklistTemplate: p.checklistTemplate && { value: p.checklistTemplate.id, label: p.checklistTemplate.name },
  worker: p.worker && { value: p.worker.id, label: p.worker.name },
  services: p.services.map((s) => ({ value: s.service, label: s.name })),
});

/**
 * /maintenance-plans/{id}: the plan's visits ('Manutenções', with their orders) beside the plan itself;
 * 'Gerar ordens de serviço' makes the orders up to a date now, 'Relatório PMOC' opens the report of a
 * period, 'Encerrar plano' stops it. An ended plan is shown, not edited.
 */
/** A register picked by id, as the conflict screen names it. */
const byNumber = (v: unknown) => (v ? `Cadastro nº ${String(v)}` : 'Nenhum');
/** The plan's fields the conflict screen may name. */
const planConflictFields: ConflictField[] = [
  { name: 'frequency', label: 'Frequência', format: (v) => frequencyLabels[v as keyof typeof frequencyLabels] ?? '' },
  { name: 'startDate', label: 'Início', format: (v) => (typeof v === 'string' ? formatIsoDate(v) : 'Vazio') },
  { name: 'leadDays', label: 'Antecedência (dias)' },
  { name: 'engineerName', label: 'Engenheiro responsável' },
  { name: 'engineerRegistration', label: 'Registro (CREA/CFT)' },
  { name: 'artNumber', label: 'Número da ART/TRT' },
  { name: 'buildingName', label: 'Nome da edificação' },
  { name: 'customerRole', label: 'O cliente é', format: (v) => customerRoleLabels[v as CustomerRole] ?? '' },
  { name: 'rooms', label: 'Ambientes', format: (v) => `${Array.isArray(v) ? v.length : 0} ambiente(s)` },
  { name: 'tasks', label: 'Tarefas', format: (v) => `${Array.isArray(v) ? v.length : 0} tarefa(s)` },
  { name: 'recommendations', label: 'Recomendações' },
  { name: 'company', label: 'Empresa', format: byNumber },
  { name: 'customer', label: 'Cliente', format: byNumber },
  { name: 'transactionNature', label: 'Natureza da operação', format: byNumber },
  { name: 'address', label: 'Endereço', format: byNumber },
  { name: 'equipments', label: 'Equipamentos', format: (v) => `${Array.isArray(v) ? v.length : 0} equipamento(s)` },
  { name: 'services', label: 'Serviços', format: (v) => `${Array.isArray(v) ? v.length : 0} serviço(s)` },
  { name: 'checklistTemplate', label: 'Checklist', format: byNumber },
  { name: 'worker', label: 'Técnico', format: byNumber },
];

export function PlanPage() {
  const id = Number(useParams().id);
  const plan = usePlan(id);
  const save = useSavePlan(id);
  const end = useEndPlan(id);
  const confirm = useConfirm();
  const [modal, setModal] = useState<'generate' | 'report' | 'document' | null>(null);
  const today = todayIso();
  const period = useMemo(() => ({ from: addDays(today, -364), to: today }), [today]);
  const versioned = useVersionedSave({
    fields: planConflictFields,
    write: (body: MaintenancePlanValues) => save.mutateAsync(body),
    onSaved: () => toast.success(msg.updated),
    // The form is made again from the plan as read (its key is the plan's version).
    onReload: () => void plan.refetch(),
    onError: (err) => toastApiError(err, messages.requestFailed),
  });
  const year = Number(today.slice(0, 4));

  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (!plan.isSuccess) return <RecordFallback isPending={plan.isPending} error={plan.error} what="o plano" />;
  const p = plan.data;
  const ended = p.endedAt !== null;

  // Saved at the version the form was made from: its key is the plan's version, raised by every save.
  const onSubmit = (values: MaintenancePlanValues) => versioned.save(values, bodyOf(p), p.version);
  const onEnd = async () => {
    const ok = await confirm({
      title: 'Encerrar o plano?',
      text: 'Nenhuma ordem de serviço nova será gerada. As já geradas continuam e podem ser concluídas ou canceladas.',
      confirmLabel: 'Encerrar',
    });
    if (!ok) return;
    try {
      await end.mutateAsync();
      toast.success(msg.ended);
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };

  return (
    <>
      <PageHeader
        title={
          <>
            Plano de manutenção nº {p.id}{' '}
            {ended && (
              <Badge bg="secondary" className="fs-6 align-middle">
                Encerrado em {formatDate(p.endedAt)}
              </Badge>
            )}
          </>
        }
        actions={
          <>
            {!ended && <Button onClick={() => setModal('generate')}>Gerar ordens de serviço</Button>}
            <Button variant="outline-secondary" onClick={() => setModal('document')}>
              Documento PMOC
            </Button>
            <Button variant="outline-secondary" onClick={() => setModal('report')}>
              Relatório PMOC
            </Button>
            {!ended && (
              <Button variant="outline-danger" onClick={onEnd}>
                Encerrar plano
              </Button>
            )}
          </>
        }
      />
      <p className="text-body-secondary mb-3">
        {p.customer.name} · {frequencyLabels[p.frequency]} desde {formatIsoDate(p.startDate)}
        {p.nextDate && <> · próxima manutenção em {formatIsoDate(p.nextDate)}</>}
      </p>
      <div className="row g-4">
        <div className="col-lg-5 order-lg-2">
          <div className="d-grid gap-4">
            <VisitsCard planId={p.id} />
            <AirReportsCard planId={p.id} year={year} readOnly={ended} />
          </div>
        </div>
        <div className="col-lg-7 order-lg-1">
          <PlanForm
            key={p.version}
            defaultValues={bodyOf(p)}
            options={optionsOf(p)}
            readOnly={ended}
            onSubmit={onSubmit}
          />
        </div>
      </div>
      {versioned.screen}
      <GenerateModal
        planId={p.id}
        show={modal === 'generate'}
        defaultUntil={addDays(today, p.leadDays + 30)}
        onHide={() => setModal(null)}
      />
      <ReportModal planId={p.id} show={modal === 'report'} period={period} onHide={() => setModal(null)} />
      <PmocDocumentModal planId={p.id} show={modal === 'document'} year={year} onHide={() => setModal(null)} />
    </>
  );
}
