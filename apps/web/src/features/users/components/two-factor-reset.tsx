import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { messages, twoFactorMessages } from '@ordem-certa/contracts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { useResetTwoFactor } from '../api/reset-two-factor.ts';

/**
 * For a collaborator who lost the phone with the authenticator and the recovery codes: removes their
 * second factor, and the server e-mails them that it did.
 */
export function TwoFactorReset({ userId, name }: { userId: number; name: string }) {
  const reset = useResetTwoFactor(userId);
  const confirm = useConfirm();
  const [refusal, setRefusal] = useState<string | null>(null);
  const onReset = async () => {
    const ok = await confirm({
      title: 'Remover a verificação em duas etapas?',
      text: `${name} passa a entrar só com a senha até configurar o aplicativo autenticador de novo, e recebe um e-mail avisando.`,
      confirmLabel: 'Remover',
    });
    if (!ok) return;
    setRefusal(null);
    try {
      await reset.mutateAsync();
      toast.success(twoFactorMessages.reset);
    } catch (err) {
      // Not turned on: said here, beside the button.
      if (err instanceof ApiError && err.status === 422 && err.fieldErrors)
        setRefusal(Object.values(err.fieldErrors).flat().join(' '));
      else toastApiError(err, messages.requestFailed);
    }
  };
  return (
    <SectionCard title="Verificação em duas etapas" className="mt-3 form-narrow p-0">
      <p className="text-body-secondary small">
        Se o colaborador perdeu o celular com o aplicativo autenticador e os códigos de recuperação, remova a
        verificação dele: ele entra com a senha e configura de novo.
      </p>
      {refusal && (
        <Alert variant="warning" className="py-2">
          {refusal}
        </Alert>
      )}
      <Button variant="outline-danger" onClick={() => void onReset()} disabled={reset.isPending}>
        Remover a verificação em duas etapas
      </Button>
    </SectionCard>
  );
}
