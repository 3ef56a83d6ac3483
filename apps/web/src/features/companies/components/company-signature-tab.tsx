import { toast } from 'react-toastify';
import { companyMessages, type Company } from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { EMPTY_DRAWING_MESSAGE, SignaturePad } from '../../../components/signature-pad.tsx';
import { useSignCompany } from '../api/sign-company.ts';

/** Assinatura: the company's drawn signature (pad 600 high), and the one saved so far. */
export function CompanySignatureTab({ company }: { company: Company }) {
  const sign = useSignCompany(company.id);
  const onSave = async (dataUrl: string) => {
    try {
      await sign.mutateAsync(dataUrl);
      toast.success(companyMessages.signatureSaved);
    } catch (err) {
      toastApiError(err);
    }
  };
  return (
    <div>
      {company.signature && (
        <figure className="mb-3">
          <figcaption className="small text-body-secondary mb-1">Assinatura atual</figcaption>
          <img
            src={company.signature}
            alt="Assinatura atual"
            className="border rounded bg-white"
            style={{ maxWidth: '100%', maxHeight: 160 }}
          />
        </figure>
      )}
      <SignaturePad height={600} onSave={onSave} emptyMessage={EMPTY_DRAWING_MESSAGE} />
    </div>
  );
}
