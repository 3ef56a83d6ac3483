import { useId } from 'react';
import { Button } from 'react-bootstrap';
import { whatsAppHref } from './whatsapp-link.ts';

const label = 'Enviar pelo WhatsApp';

/**
 * 'Enviar pelo WhatsApp': a link that opens WhatsApp (wa.me) in a new tab on a conversation with the
 * customer's mobile, the message typed in. Without a valid mobile the button is disabled and says why
 * beside it; while the message is not known yet (undefined) it is disabled and says nothing.
 */
export function WhatsAppButton({
  phone,
  phoneE164,
  message,
}: {
  phone: string | null | undefined;
  /** The stored E.164 of the phone, preferred when there is one. */
  phoneE164?: string | null;
  message: string | undefined;
}) {
  const reasonId = useId();
  const link = whatsAppHref(phone, message ?? '', phoneE164);
  if (link.href !== undefined && message !== undefined) {
    return (
      <a className="btn btn-outline-success" href={link.href} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  }
  return (
    // On a phone the toolbar's buttons fill their row: the wrapper takes the row and the reason goes under.
    <span className="d-flex flex-wrap flex-grow-1 flex-sm-grow-0 align-items-center column-gap-2 row-gap-1">
      <Button
        variant="outline-success"
        className="text-nowrap"
        disabled
        aria-describedby={link.reason ? reasonId : undefined}
      >
        {label}
      </Button>
      {link.reason && (
        <span id={reasonId} className="small text-body-secondary" data-testid="whatsapp-unavailable">
          {link.reason}
        </span>
      )}
    </span>
  );
}
