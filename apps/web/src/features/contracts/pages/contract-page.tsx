import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import {
  can,
  contractMessages as msg,
  contractStatusLabels,
  frequencyLabels,
  type Contract,
  type ContractBody,
  type ContractValues,
} from '@ordem-certa/contracts';
import { formatIsoDate, formatMoney } from '../../../lib/format.ts';
import { useViewer } from '../../../lib/auth.tsx';
import { todayIso } from '../../../lib/time-zone.ts';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RecordFallback } from '../../../components/record-fallback.tsx';
import { useContract } from '../api/get-contract.ts';
import { useSaveContract } from '../api/save-contract.ts';
import { blankContract, ContractForm, type ContractOptions } from '../components/contract-form.tsx';
import { PeriodsCard } from '../components/periods-card.tsx';
import { PixAutomaticoCard } from '../components/pix-automatico-card.tsx';
import { ReadjustModal } from '../components/readjust-modal.tsx';

/** /contracts/new: the form; saved, the contract's own screen. */
export function NewContractPage() {
  const navigate = useNavigate();
  const save = useSaveContract();
  const onSubmit = async (values: ContractValues) => {
    const contract = await save.mutateAsync(values);
    toast.success(msg.created);
    navigate(`/contracts/${contract.id}`, { replace: true });
  };
  return (
    <>
      <PageHeader title="Novo contrato" />
      <div className="plan-form-page">
        <ContractForm defaultValues={{ ...blankContract(), startDate: todayIso() }} onSubmit={onSubmit} />
      </div>
    </>
  );
}

const bodyOf = (c: Contract): ContractBody => ({
  company: c.company.id,
  customer: c.customer.id,
  plans: c.plans.map((p) => p.id),
  amount: c.amount,
  periodicity: c.periodicity,
  billingDay: c.billingDay,
  startDate: c.startDate,
  endDate: c.endDate,
  readjustmentIndex: c.readjustmentIndex ?? '',
  issueNfse: c.issueNfse,
  status: c.status,
  notes: c.notes ?? '',
  holdVisitsAfterDays: c.holdVisitsAfterDays,
  version: c.version,
});
const optionsOf = (c: Contract): ContractOptions => ({
  company: { value: c.company.id, label: c.company.name },
  customer: { value: c.customer.id, label: c.customer.name },
  plans: c.plans,
});

/**
 * /contracts/{id}: the periods billed and the readjustments beside the contract itself; 'Reajustar'
 * from the anniversary on, when the contract names its index.
 */
export function ContractPage() {
  const id = Number(useParams().id);
  const contract = useContract(id);
  const save = useSaveContract(id);
  const viewer = useViewer();
  const [readjusting, setReadjusting] = useState(false);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (!contract.isSuccess)
    return <RecordFallback isPending={contract.isPending} error={contract.error} what="o contrato" />;
  const c = contract.data;
  const manage = can(viewer, 'contract.manage');
  const mayReadjust =
    manage && c.status !== 'encerrado' && !!c.readjustmentIndex && todayIso() >= c.nextReadjustmentDate;
  const onSubmit = async (values: ContractValues) => {
    await save.mutateAsync(values);
    toast.success(msg.updated);
  };
  return (
    <>
      <PageHeader
        title={
          <>
            Contrato nº {c.id}{' '}
            <Badge bg={c.status === 'ativo' ? 'success' : 'secondary'} className="fs-6 align-middle">
              {contractStatusLabels[c.status]}
            </Badge>
          </>
        }
        actions={
          mayReadjust && (
            <Button variant="outline-primary" onClick={() => setReadjusting(true)}>
              Reajustar
            </Button>
          )
        }
      />
      <p className="text-body-secondary mb-3">
        {c.customer.name} · {formatMoney(c.amount)} {frequencyLabels[c.periodicity].toLowerCase()} desde{' '}
        {formatIsoDate(c.startDate)}
        {c.nextBillingDate && <> · próxima cobrança em {formatIsoDate(c.nextBillingDate)}</>}
        {c.readjustmentIndex && (
          <>
            {' '}
            · reajuste ({c.readjustmentIndex}) em {formatIsoDate(c.nextReadjustmentDate)}
          </>
        )}
      </p>
      <div className="row g-4">
        <div className="col-lg-5 order-lg-2">
          <PeriodsCard contract={c} />
          <PixAutomaticoCard
            contractId={c.id}
            manage={manage}
            simulate={can(viewer, 'company.manage')}
            active={c.status === 'ativo'}
            nextBillingDate={c.nextBillingDate}
          />
        </div>
        <div className="col-lg-7 order-lg-1">
          <ContractForm
            key={c.updatedAt}
            defaultValues={bodyOf(c)}
            options={optionsOf(c)}
            readOnly={!manage}
            onSubmit={onSubmit}
          />
        </div>
      </div>
      {mayReadjust && <ReadjustModal contract={c} show={readjusting} onHide={() => setReadjusting(false)} />}
    </>
  );
}
