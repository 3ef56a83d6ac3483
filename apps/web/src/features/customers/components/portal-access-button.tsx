import { Button, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { can } from '@ordem-certa/contracts';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { useViewer } from '../../../lib/auth.tsx';
import { useSendPortalAccess } from '../api/send-portal-access.ts';

/** 'Enviar acesso': the customer gets a link (30 minutes, once) to their own page, the portal. */
export function PortalAccessButton({ customerId }: { customerId: number }) {
  const viewer = useViewer();
  const send = useSendPortalAccess(customerId);
  if (!can(viewer, 'customer.edit')) return null;
  const onSend = async () => {
    try {
      toast.success((await send.mutateAsync()).message);
    } catch (err) {
      // A customer without an e-mail: the 422 says so, by its field.
      const byField = err instanceof ApiError ? err.fieldErrors?.email?.join(' ') : undefined;
      if (byField) toast.error(byField);
      else toastApiError(err, 'Não foi possível enviar o acesso. Tente novamente.');
    }
  };
  return (
    <Button size="sm" variant="outline-primary" onClick={() => void onSend()} disabled={send.isPending}>
      {send.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
      Enviar acesso
    </Button>
  );
}
