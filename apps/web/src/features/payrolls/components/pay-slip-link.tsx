import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { paperworkMessages } from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { requestPaySlip } from '../api/request-pay-slip.ts';

/** The pay slip's pop-up size. */
const POPUP = 'popup,width=800,height=600';

/**
 * The worker's name, opening their pay slip in an 800×600 pop-up. The pop-up opens at the click (one
 * opened after an await is blocked), then goes to the short-lived link once the server gives it.
 */
export function PaySlipLink({ payrollId, workerId, name }: { payrollId: number; workerId: number; name: string }) {
  const orgPath = useOrgPath();
  const open = async () => {
    const popup = window.open('', `holerite-${payrollId}-${workerId}`, POPUP);
    if (!popup) {
      toast.error(paperworkMessages.popupBlocked);
      return;
    }
    popup.document.title = 'Gerando o holerite…';
    popup.document.body.textContent = 'Gerando o holerite…';
    try {
      const { url } = await requestPaySlip(orgPath, payrollId, workerId);
      popup.location.href = url;
    } catch (err) {
      popup.close();
      toastApiError(err, 'Não foi possível gerar o holerite. Tente novamente.');
    }
  };
  return (
    <Button variant="link" className="p-0 text-start" onClick={open} title="Abrir o holerite">
      {name}
    </Button>
  );
}
