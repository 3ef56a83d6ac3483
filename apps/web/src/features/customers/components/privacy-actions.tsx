import { Button, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { can, customerPrivacyMessages, messages } from '@ordem-certa/contracts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { toastApiError } from '../../../lib/api-client.ts';
import { useViewer } from '../../../lib/auth.tsx';
import { useExportCustomerData } from '../api/export-customer-data.ts';
import { useAnonymizeCustomer } from '../api/anonymize-customer.ts';

/**
 * The customer's rights under the LGPD (art. 18), for who handles personal data: their data as a ZIP, and anonymizing
 * them, asked first with what goes, what stays and that it cannot be undone.
 */
export function PrivacyActions({ customerId }: { customerId: number }) {
  const viewer = useViewer();
  const confirm = useConfirm();
  const exportData = useExportCustomerData(customerId);
  const anonymize = useAnonymizeCustomer(customerId);
  if (!can(viewer, 'customer.personalData')) return null;

  const onExport = () =>
    exportData.mutateAsync().catch((err: unknown) => toastApiError(err, customerPrivacyMessages.exportFailed));
  const onAnonymize = async () => {
    const ok = await confirm({
      title: 'Anonimizar cliente?',
      text: `${customerPrivacyMessages.anonymizeQuestion} ${customerPrivacyMessages.keptByLaw} ${messages.confirmIrreversible}.`,
      confirmLabel: 'Anonimizar',
    });
    if (!ok) return;
    try {
      await anonymize.mutateAsync();
      toast.success(customerPrivacyMessages.anonymized);
    } catch (err) {
      // A 409 says why (already anonymized); no connection and 5xx were told already.
      toastApiError(err, customerPrivacyMessages.anonymizeFailed);
    }
  };
  return (
    <>
      <Button size="sm" variant="outline-secondary" onClick={onExport} disabled={exportData.isPending}>
        {exportData.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
        Exportar dados (LGPD)
      </Button>
      {/* Busy only once confirmed: while the question is open nothing is running. */}
      <Button size="sm" variant="outline-danger" onClick={onAnonymize} disabled={anonymize.isPending}>
        {anonymize.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
        Anonimizar cliente
      </Button>
    </>
  );
}
