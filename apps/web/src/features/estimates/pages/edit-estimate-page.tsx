import { useParams, useSearchParams } from 'react-router';
import { Tab, Tabs } from 'react-bootstrap';
import { can, EstimateStatus, isEstimateEditable } from '@ordem-certa/contracts';
import { useFeature, useViewer } from '../../../lib/auth.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { RecordFallback } from '../../../components/record-fallback.tsx';
import { EstimateStatusBadge } from '../../../components/estimates/estimate-status-badge.tsx';
import { useEstimate } from '../api/get-estimate.ts';
import { EquipmentsSection, ProductsSection, ServicesSection } from '../components/estimate-lines.tsx';
import { EstimateSummary, TotalsCard } from '../components/estimate-summary.tsx';
import { EstimateEmailsTab, EstimateInvoicesTab } from '../components/estimate-tabs.tsx';
import { NotesSection } from '../components/notes-section.tsx';
import { PhotosSection } from '../components/photos-section.tsx';
import { RemindersSection } from '../components/reminders-section.tsx';
import { StatusActions } from '../components/status-actions.tsx';
import { ShareLinkCard } from '../components/share-link.tsx';
import { CustomerDecisionCard } from '../components/customer-decision-card.tsx';
import { TagsCard } from '../components/tags-card.tsx';

const tabs = ['dados', 'ordens', 'emails'] as const;

/**
 * /estimates/{id}/edit: tabs Dados (the quote itself), Ordens de Serviço (orders generated from it)
 * and E-mails enviados. Lines, photos and the discount change only while Draft or Wip; removal buttons
 * are hidden once Completed. The open tab is in the URL (?tab=).
 */
export function EditEstimatePage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const hasReminders = useFeature('reminders');
  const viewer = useViewer();
  const query = useEstimate(id);
  const tab = tabs.find((t) => t === params.get('tab')) ?? 'dados';

  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (!query.isSuccess) return <RecordFallback isPending={query.isPending} error={query.error} what="o orçamento" />;
  const estimate = query.data;
  const editable = isEstimateEditable(estimate.status) && can(viewer, 'estimate.edit');
  const prices = can(viewer, 'price.see');

  return (
    <>
      <header className="invoice-header mb-3">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h1 className="h3 mb-0">Orçamento #{estimate.number}</h1>
          <div className="fs-6">
            <EstimateStatusBadge status={estimate.status} />
          </div>
        </div>
        <div className="invoice-toolbar d-flex flex-wrap gap-2" role="toolbar" aria-label="Ações do orçamento">
          <StatusActions estimate={estimate} />
        </div>
      </header>
      <Tabs
        activeKey={tab}
        onSelect={(k) => setParams(k && k !== 'dados' ? { tab: k } : {}, { replace: true })}
        className="mb-3"
        id="estimate-tabs"
      >
        <Tab eventKey="dados" title="Dados">
          <div className="invoice-layout">
            <div className="invoice-area-summary">
              <EstimateSummary estimate={estimate} />
            </div>
            <div className="invoice-area-main">
              <EquipmentsSection
                estimate={estimate}
                editable={editable}
                canRegister={can(viewer, 'equipment.manage')}
              />
              <ServicesSection estimate={estimate} editable={editable} showPrices={prices} />
              <ProductsSection estimate={estimate} editable={editable} showPrices={prices} />
              <PhotosSection estimateId={estimate.id} editable={editable} />
              <NotesSection estimateId={estimate.id} />
            </div>
            <div className="invoice-area-side">
              {estimate.customerDecision && <CustomerDecisionCard decision={estimate.customerDecision} />}
              {estimate.share && <ShareLinkCard estimate={estimate} share={estimate.share} />}
              {prices && <TotalsCard estimate={estimate} editable={editable} />}
              <TagsCard estimate={estimate} editable={can(viewer, 'tag.apply')} />
              {hasReminders && <RemindersSection estimateId={estimate.id} />}
            </div>
          </div>
        </Tab>
        {can(viewer, 'invoice.see') && (
          <Tab eventKey="ordens" title="Ordens de Serviço">
            {tab === 'ordens' && <EstimateInvoicesTab estimateId={estimate.id} />}
          </Tab>
        )}
        <Tab eventKey="emails" title="E-mails enviados">
          {tab === 'emails' && <EstimateEmailsTab estimateId={estimate.id} />}
        </Tab>
      </Tabs>
      {estimate.status === EstimateStatus.Canceled && (
        <p className="small text-body-secondary">Orçamento cancelado: só etiquetas, observações e lembretes mudam.</p>
      )}
    </>
  );
}
