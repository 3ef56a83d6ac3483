import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import {
  currentPushSubscription,
  forgetPushSubscription,
  pushMessages,
  pushSupported,
  subscribeToPush,
} from '../../../lib/offline/push.ts';

/**
 * 'Receber notificações neste aparelho': the bell's notifications also arrive on this phone or computer
 * as the system's notifications, with the app closed; a click opens what they are about.
 */
export function PushCard() {
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void currentPushSubscription()
      .then((s) => setSubscribed(!!s))
      .catch(() => setSubscribed(false));
  }, []);
  if (!pushSupported()) return <p className="text-body-secondary">{pushMessages.unsupported}</p>;

  const run = async (action: () => Promise<void>, done: string, now: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      setSubscribed(now);
      toast.success(done);
    } catch (err) {
      if (err instanceof Error && !(err instanceof ApiError)) setProblem(err.message);
      else toastApiError(err, 'Não foi possível salvar. Tente novamente.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <p className="text-body-secondary">
        Os avisos do aplicativo (ordens de serviço, assinaturas…) chegam também como notificações deste aparelho, mesmo
        com o aplicativo fechado.
      </p>
      {problem && (
        <Alert variant="warning" role="alert">
          {problem}
        </Alert>
      )}
      {subscribed ? (
        <Button
          variant="outline-secondary"
          disabled={busy}
          onClick={() => run(forgetPushSubscription, pushMessages.unsubscribed, false)}
        >
          Parar de receber notificações neste aparelho
        </Button>
      ) : (
        <Button
          variant="primary"
          disabled={busy || subscribed === null}
          onClick={() => run(subscribeToPush, pushMessages.subscribed, true)}
        >
          Receber notificações neste aparelho
        </Button>
      )}
    </div>
  );
}
