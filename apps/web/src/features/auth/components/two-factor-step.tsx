import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { ApiError } from '../../../lib/api-client.ts';
import { groupedSecret, QrCode, RecoveryCodes } from '../../../components/qr-code.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useLoginTwoFactor, useSetupDuringLogin } from '../api/login-two-factor.ts';
import { SubmitButton, SubmitError } from './auth-card.tsx';

/**
 * The login's second step: the six digits from the authenticator app (or a recovery code). When the
 * organization requires it and the user has none yet, the QR code comes first, and the recovery codes
 * are shown before entering.
 */
export function TwoFactorStep({
  challenge,
  enrol,
  onToken,
  onRestart,
}: {
  challenge: string;
  enrol: boolean;
  onToken: (token: string) => void;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [done, setDone] = useState<{ token: string; recoveryCodes: string[] } | null>(null);
  const submit = useLoginTwoFactor();
  const setup = useSetupDuringLogin();
  const { mutate: startSetup } = setup;
  useEffect(() => {
    if (enrol) startSetup(challenge);
  }, [enrol, challenge, startSetup]);

  const fieldError =
    submit.error instanceof ApiError && submit.error.status === 422 ? submit.error.fieldErrors?.code?.[0] : undefined;
  // A spent or expired challenge, or too many codes: back to the password.
  const over = submit.error instanceof ApiError && (submit.error.status === 401 || submit.error.status === 429);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const answer = await submit.mutateAsync({ challenge, code, remember }).catch(() => null);
    if (!answer) return;
    if (answer.recoveryCodes) setDone({ token: answer.token, recoveryCodes: answer.recoveryCodes });
    else onToken(answer.token);
  };

  if (done) {
    return (
      <>
        <h2 className="h5">Verificação em duas etapas ativada</h2>
        <RecoveryCodes codes={done.recoveryCodes} />
        <Button className="w-100 mt-3" size="lg" onClick={() => onToken(done.token)}>
          Continuar
        </Button>
      </>
    );
  }
  return (
    <Form noValidate onSubmit={onSubmit} data-testid="two-factor-step">
      <h2 className="h5">Verificação em duas etapas</h2>
      {enrol ? (
        <>
          <p className="small">
            A sua organização exige a verificação em duas etapas. Leia o QR code com um aplicativo autenticador (Google
            Authenticator, Microsoft Authenticator, 1Password...) e digite o código que ele mostra.
          </p>
          {setup.data && (
            <>
              <QrCode svg={setup.data.qrSvg} label="QR code para o aplicativo autenticador" />
              <p className="small text-center mt-2 mb-3">
                Ou digite a chave: <code data-testid="two-factor-secret">{groupedSecret(setup.data.secret)}</code>
              </p>
            </>
          )}
          {setup.isError && <SubmitError error={setup.error} />}
        </>
      ) : (
        <p className="small">Digite o código de 6 dígitos do aplicativo autenticador, ou um código de recuperação.</p>
      )}
      <TextField
        id="login-code"
        label="Código"
        error={fieldError}
        groupClassName="mb-2 keeps-feedback-line"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(e: ChangeEvent<HTMLInputElement>) => setCode(e.currentTarget.value)}
      />
      {!enrol && (
        <Form.Check
          id="login-remember"
          className="mb-3"
          label="Lembrar este navegador por 30 dias"
          checked={remember}
          onChange={(e) => setRemember(e.currentTarget.checked)}
        />
      )}
      <SubmitButton pending={submit.isPending}>Verificar</SubmitButton>
      {over && <SubmitError error={submit.error} />}
      <p className="text-center mt-3 mb-0">
        <Button variant="link" className="p-0" onClick={onRestart}>
          Voltar e entrar com a senha de novo
        </Button>
      </p>
    </Form>
  );
}
