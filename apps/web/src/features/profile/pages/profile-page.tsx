import { Tab, Tabs } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { messages, profileMessages } from '@ordem-certa/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EMPTY_DRAWING_MESSAGE, SignaturePad } from '../../../components/signature-pad.tsx';
import { toastApiError } from '../../../lib/api-client.ts';
import { useProfile } from '../api/get-profile.ts';
import { useSaveSignature } from '../api/save-signature.ts';
import { CalendarLinkCard } from '../components/calendar-link-card.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { PushCard } from '../components/push-card.tsx';
import { SessionsCard, SignInsCard } from '../components/sessions-card.tsx';
import { TwoFactorCard } from '../components/two-factor-card.tsx';

/** The signature pad on the profile is 600 px high. */
const SIGNATURE_HEIGHT = 600;

export function ProfilePage() {
  const profile = useProfile();
  const saveSignature = useSaveSignature();
  const onSaveSignature = async (dataUrl: string) => {
    try {
      await saveSignature.mutateAsync(dataUrl);
      toast.success(profileMessages.signatureSaved);
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };
  return (
    <>
      <PageHeader title="Perfil" />
      <QueryState isPending={profile.isPending} error={profile.error}>
        {profile.data && (
          <Tabs defaultActiveKey="data" id="profile-tabs" className="mb-3" mountOnEnter>
            <Tab eventKey="data" title="Dados">
              <ProfileForm profile={profile.data} />
            </Tab>
            <Tab eventKey="signature" title="Assinatura">
              {profile.data.signature ? (
                <figure className="mb-3">
                  <figcaption className="small text-body-secondary mb-1">Assinatura atual</figcaption>
                  <img
                    src={profile.data.signature}
                    alt="Assinatura atual"
                    className="signature-preview border rounded bg-white"
                  />
                </figure>
              ) : (
                <p className="text-body-secondary">Nenhuma assinatura salva ainda. Desenhe a sua abaixo.</p>
              )}
              <SignaturePad height={SIGNATURE_HEIGHT} onSave={onSaveSignature} emptyMessage={EMPTY_DRAWING_MESSAGE} />
            </Tab>
            <Tab eventKey="security" title="Segurança">
              <TwoFactorCard />
              <SessionsCard />
              <SignInsCard />
            </Tab>
            <Tab eventKey="calendar" title="Agenda">
              <CalendarLinkCard />
            </Tab>
            <Tab eventKey="notifications" title="Notificações">
              <PushCard />
            </Tab>
          </Tabs>
        )}
      </QueryState>
    </>
  );
}
