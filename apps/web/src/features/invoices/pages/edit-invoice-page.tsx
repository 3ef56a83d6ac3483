import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from 'react-bootstrap';
import { can, isInvoiceClosed, type InvoiceDetail, type InvoiceStateValue } from '@ordem-certa/contracts';
import { useFeature, useViewer } from '../../../lib/auth.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { RecordFallback } from '../../../components/record-fallback.tsx';
import { Later } from '../../../components/later.tsx';
import { InvoiceStatusBadge, PaidBadge } from '../../../components/invoices/invoice-status-badge.tsx';
import { useInvoice } from '../api/get-invoice.ts';
import { AdminInfoPanel } from '../components/admin-info-panel.tsx';
import { CommentsSection } from '../components/comments-section.tsx';
import { ChecklistsSection } from '../components/checklists-section.tsx';
import { EquipmentsSection, ProductsSection, ServicesSection, WorkersSection } from '../components/invoice-lines.tsx';
import { InvoiceSummary } from '../components/invoice-summary.tsx';
import { PdfButton, SignActions } from '../components/paperwork-actions.tsx';
import { InvoiceEmailButton, InvoiceEmailsCard } from '../components/invoice-email.tsx';
import { PhotosSection } from '../components/photos-section.tsx';
import { SignatureCard } from '../components/signature-card.tsx';
import { TagsCard } from '../components/tags-card.tsx';
import { PaymentActions } from '../components/payment-actions.tsx';
import { PaymentsCard } from '../components/payments-card.tsx';
import { PixChargeCard } from '../components/pix-charge-card.tsx';
import { StateActions } from '../components/state-actions.tsx';
import { TotalsPanel } from '../components/totals-panel.tsx';
import { VisitCard } from '../components/visit-card.tsx';
import { NfseCard } from '../components/nfse-card.tsx';
import { FieldCard } from '../components/field-card.tsx';
import { useAllowedChanges } from '../api/get-allowed-changes.ts';
import { SavedDataNotice } from '../../../components/offline/saved-data-notice.tsx';
import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Conversation } from '../../../components/whatsapp/conversation.tsx';
import { usePendingFor } from '../../../lib/offline/outbox-runtime.ts';
import type { OutboxItem } from '../../../lib/offline/outbox.ts';

/**
 * /invoices/{id}/edit: the screen a shop lives in. The office (who may edit the order) sees prices,
 * totals, workers, the admin panel and payment, each by its permission; a technician sees the work
 * (lines, equipment, comments) and moves the order along.
 *
 * Layout (styles.css .invoice-layout): on a desktop the lines, photos and comments on the left, the
 * summary, signature and admin panels on the right; on a phone the summary first, then the work, then
 * the rest. A collaborator's screen starts with the visit and the equipment instead, the office's
 * data folded behind a button. The toolbar holds the state changes, payment, PDF, and signing while the order is unsigned.
 * What a phone shows only after scrolling is built right after the top (<Later>), so the order's heading,
 * its state buttons and the visit come up first on a slow phone.
 */
export function EditInvoicePage() {
  const id = Number(useParams().id);
  const viewer = useViewer();
  const nfse = useFeature('nfse');
  const query = useInvoice(id);
  // The state buttons head the toolbar: the screen waits for them (asked for beside the order) so
  // they do not push the order down after it is shown.
  const allowed = useAllowedChanges(id);

  const pending = usePendingFor(id);

  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  // The order as last saved on the phone is shown when the server cannot be reached (with the notice).
  if (query.data === undefined || allowed.isPending) {
    return (
      <RecordFallback isPending={query.isPending || allowed.isPending} error={query.error} what="a ordem de serviço" />
    );
  }
  const invoice = query.data;
  // A state change still waiting to be sent counts as done on this screen: a visit started offline can
  // be completed offline too.
  const pendingState = pending.filter((p) => p.kind === 'state').at(-1)?.show.target;
  const closed = isInvoiceClosed((pendingState ?? invoice.statusState) as InvoiceStateValue);
  const prices = can(viewer, 'price.see');
  const editsLines = can(viewer, 'invoice.edit') && !closed;
  const sends = can(viewer, 'invoice.send');

  return (
    <>
      <SavedDataNotice query={query} />
      <header className="invoice-header mb-3">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h1 className="h3 mb-0">Ordem de Serviço #{invoice.number}</h1>
          <div className="d-flex flex-wrap gap-1 fs-6">
            <InvoiceStatusBadge state={invoice.statusState} label={invoice.statusLabel} />
            {invoice.isPaid && <PaidBadge />}
            <PendingStateBadges items={pending} />
          </div>
          {invoice.estimateId && invoice.estimateNumber !== null && (
            <span className="small text-body-secondary">
              Gerada do{' '}
              {can(viewer, 'estimate.see') ? (
                <Link to={`/estimates/${invoice.estimateId}/edit`}>orçamento nº {invoice.estimateNumber}</Link>
              ) : (
                <>orçamento nº {invoice.estimateNumber}</>
              )}
            </span>
          )}
          {invoice.maintenancePlanId !== null && (
            <span className="small text-body-secondary">
              {can(viewer, 'maintenancePlan.see') ? (
                <Link to={`/maintenance-plans/${invoice.maintenancePlanId}`}>Plano de manutenção</Link>
              ) : (
                'Plano de manutenção'
              )}{' '}
              nº {invoice.maintenancePlanId}
            </span>
          )}
        </div>
        <div className="invoice-toolbar d-flex flex-wrap gap-2" role="toolbar" aria-label="Ações da ordem de serviço">
          <StateActions invoice={invoice} />
          {can(viewer, 'payment.record') && <PaymentActions invoice={invoice} />}
          <PdfButton invoice={invoice} choosesValues={prices} />
          {sends && <InvoiceEmailButton invoice={invoice} />}
          <SignActions invoice={invoice} />
        </div>
      </header>

      {/* The technician's screen is for who works orders without running them; the office (finance
          too, reading) gets the office's, each section as far as its permissions go. */}
      {can(viewer, 'invoice.edit') || !can(viewer, 'invoice.work') ? (
        <div className="invoice-layout">
          <div className="invoice-area-summary">
            <InvoiceSummary invoice={invoice} linksCustomer={can(viewer, 'customer.see')} />
            <VisitCard invoice={invoice} editable={can(viewer, 'invoice.schedule')} />
          </div>
          <div className="invoice-area-main">
            <ServicesSection invoice={invoice} editable={editsLines} showPrices={prices} />
            <ProductsSection invoice={invoice} editable={editsLines} showPrices={prices} />
            <Later>
              <EquipmentsSection
                invoice={invoice}
                editable={!closed && can(viewer, 'invoice.work')}
                canRegister={can(viewer, 'equipment.manage')}
              />
              <PhotosSection invoiceId={invoice.id} editable={!closed && can(viewer, 'invoice.comment')} />
            </Later>
            <Later stage={2}>
              <FieldCard invoiceId={invoice.id} number={invoice.number} completed={closed} canStamp={false} />
              <ChecklistsSection invoiceId={invoice.id} editable={!closed && can(viewer, 'invoice.work')} canAttach />
              {can(viewer, 'invoice.assign') && (
                <WorkersSection invoice={invoice} editable={!closed} canRegister={can(viewer, 'user.manage')} />
              )}
              <CommentsSection invoiceId={invoice.id} closed={closed} />
              {sends && <InvoiceEmailsCard invoiceId={invoice.id} />}
              {can(viewer, 'message.see') && (
                <SectionCard title="WhatsApp">
                  <Conversation
                    of={{ customerId: invoice.customerId, invoiceId: invoice.id }}
                    canReply={can(viewer, 'message.send')}
                  />
                </SectionCard>
              )}
            </Later>
          </div>
          <div className="invoice-area-side">
            <Later stage={2}>
              <SignatureCard invoice={invoice} renewsLink={sends} />
              {prices && <TotalsPanel invoice={invoice} />}
              {can(viewer, 'payment.see') && <PaymentsCard invoice={invoice} />}
              {can(viewer, 'payment.see') && <PixChargeCard invoice={invoice} />}
              {nfse && can(viewer, 'nfse.see') && <NfseCard invoice={invoice} />}
              {can(viewer, 'invoice.edit') && <AdminInfoPanel invoice={invoice} />}
              <TagsCard invoice={invoice} editable={can(viewer, 'tag.apply')} />
            </Later>
          </div>
        </div>
      ) : (
        // A technician's screen starts with the visit (whom, where, when, what is wrong) and the
        // equipment; the office's data (company, nature, dates) is folded away behind a button.
        <div className="invoice-layout">
          <div className="invoice-area-summary">
            <VisitCard invoice={invoice} editable={can(viewer, 'invoice.schedule')} showCustomer />
            <FieldCard invoiceId={invoice.id} number={invoice.number} completed={closed} canStamp />
          </div>
          <div className="invoice-area-main">
            <EquipmentsSection
              invoice={invoice}
              editable={!closed && can(viewer, 'invoice.work')}
              canRegister={can(viewer, 'equipment.manage')}
            />
            <Later>
              <ServicesSection invoice={invoice} editable={false} showPrices={prices} />
              <ProductsSection invoice={invoice} editable={false} showPrices={prices} />
              <PhotosSection invoiceId={invoice.id} editable={!closed && can(viewer, 'invoice.comment')} />
            </Later>
            {/* One section a step from here on: built together, they made one task of ~30 ms and one
                layout of ~25 ms on a fast computer, four times that on a slow phone. */}
            <Later stage={2}>
              <ChecklistsSection
                invoiceId={invoice.id}
                editable={!closed && can(viewer, 'invoice.work')}
                canAttach={false}
              />
            </Later>
            <Later stage={4}>
              <CommentsSection invoiceId={invoice.id} closed={closed} />
              {sends && <InvoiceEmailsCard invoiceId={invoice.id} />}
            </Later>
          </div>
          <div className="invoice-area-side">
            <Later stage={3}>
              <SignatureCard invoice={invoice} renewsLink={sends} />
            </Later>
            <Later stage={5}>
              <OfficeData invoice={invoice} linksCustomer={can(viewer, 'customer.see')} />
              <TagsCard invoice={invoice} editable={can(viewer, 'tag.apply')} />
            </Later>
          </div>
        </div>
      )}
    </>
  );
}

/** The state changes made on this phone that the server does not have yet ('Concluir — pendente de envio'). */
function PendingStateBadges({ items }: { items: OutboxItem[] }) {
  const states = items.filter((i) => i.kind === 'state');
  if (!states.length) return null;
  return (
    <>
      {states.map((i) => (
        <span key={i.key} className="d-inline-flex align-items-center gap-1 small" data-testid="pending-state">
          {i.label} <PendingBadge refused={!!i.problem} />
        </span>
      ))}
    </>
  );
}

/** The order's office data for a technician, folded until asked for. */
function OfficeData({ invoice, linksCustomer }: { invoice: InvoiceDetail; linksCustomer: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Button
        variant="outline-secondary"
        size="sm"
        className="w-100"
        aria-expanded={open}
        aria-controls="invoice-office-data"
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Ocultar dados do escritório' : 'Dados do escritório (empresa, natureza, datas)'}
      </Button>
      {open && (
        <div id="invoice-office-data" className="mt-2">
          <InvoiceSummary invoice={invoice} linksCustomer={linksCustomer} />
        </div>
      )}
    </div>
  );
}
