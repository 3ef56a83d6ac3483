import { can } from '@ordem-certa/contracts';
import { useViewer } from '../../../lib/auth.tsx';
import { ConsentSwitch } from '../../../components/whatsapp/consent-switch.tsx';
import { Conversation } from '../../../components/whatsapp/conversation.tsx';

/** The customer's WhatsApp: their consent to automatic messages (LGPD) and the conversation with them. */
export function CustomerWhatsAppTab({ customerId }: { customerId: number }) {
  const viewer = useViewer();
  return (
    <div className="d-flex flex-column gap-3">
      <ConsentSwitch customerId={customerId} canEdit={can(viewer, 'customer.edit')} />
      {can(viewer, 'message.see') && <Conversation of={{ customerId }} canReply={can(viewer, 'message.send')} />}
    </div>
  );
}
