import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { messages } from '@ordem-certa/contracts';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { groupedSecret, QrCode, RecoveryCodes } from '../../../components/qr-code.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useBeginTwoFactor, useConfirmTwoFactor, useDisableTwoFactor, useTwoFactorStatus } from '../api/two-factor.ts';

const fieldError = (err: unknown, field: string) =>
  err instanceof ApiError ? err.fieldErrors?.[field]?.[0] : undefined;
const value = (set: (v: string) => void) => (e: ChangeEvent<HTMLInputElement>) => set(e.currentTarget.value);

/** Verificação em duas etapas: turn it on with a QR code and a first code; off with the password and a code. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const begin = useBeginTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);

  const start = () => begin.mutateAsync().catch((err: unknown) => toastApiError(err, messages.requestFailed));
  const onConfirm = async (e: FormEvent) => {
    e.preventDefault();
    const answer = await confirm.mutateAsync({ code }).catch(() => null);
    if (!answer) return;
    setCodes(answer.recoveryCodes);
    begin.reset();
    setCode('');
    toast.success('Verificação em duas etapas ativada');
  };
  const onDisable = async (e: FormEvent) => {
    e.preventDefault();
    if (
      !(await disable
        .mutateAsync({ password, code })
        .then(() => true)
        .catch(() => false))
    )
      return;
    setPassword('');
    setCode('');
    toast.success('Verificação em duas etapas desativada');
  };

  return (
    <section className="mb-4" data-testid="two-factor-card">
      <h2 className="h5">Verificação em duas etapas</h2>
      <QueryState isPending={status.isPending} error={status.error}>
        {status.data && (
          <>
            {codes && (
              <Alert variant="success">
                <RecoveryCodes codes={codes} />
              </Alert>
            )}
            {status.data.enabled ? (
              <>
                <p className="mb-2">
                  <strong className="text-success">Ativada</strong>
                  {status.data.enabledAt && ` desde ${formatDateTime(status.data.enabledAt)}`}.{' '}
                  {status.data.recoveryCodesLeft} códigos de recuperação sem uso.
                </p>
                {status.data.required ? (
                  <p className="small text-body-secondary">A sua organização exige a verificação em duas etapas.</p>
                ) : (
                  <Form noValidate onSubmit={onDisable} className="row g-2 align-items-start" style={{ maxWidth: 640 }}>
                    <TextField
                      id="two-factor-off-password"
                      label="Senha"
                      type="password"
                      autoComplete="current-password"
                      groupClassName="col-12 col-sm-5"
                      value={password}
                      onChange={value(setPassword)}
                      error={fieldError(disable.error, 'password')}
                    />
                    <TextField
                      id="two-factor-off-code"
                      label="Código do aplicativo"
                      inputMode="numeric"
                      groupClassName="col-12 col-sm-4"
                      value={code}
                      onChange={value(setCode)}
                      error={fieldError(disable.error, 'code')}
                    />
                    <div className="col-12 col-sm-3 pt-sm-4">
                      <Button
                        type="submit"
                        variant="outline-danger"
                        className="mt-sm-2 w-100"
                        disabled={disable.isPending}
                      >
                        Desativar
                      </Button>
                    </div>
                  </Form>
                )}
              </>
            ) : begin.data ? (
              <Form noValidate onSubmit={onConfirm} style={{ maxWidth: 420 }}>
                <p className="small">
                  Leia o QR code com um aplicativo autenticador (Google Authenticator, Microsoft Authenticator,
                  1Password...) e digite o código de 6 dígitos que ele mostra.
                </p>
                <QrCode svg={begin.data.qrSvg} label="QR code para o aplicativo autenticador" />
                <p className="small text-center mt-2">
                  Ou digite a chave: <code data-testid="two-factor-secret">{groupedSecret(begin.data.secret)}</code>
                </p>
                <TextField
                  id="two-factor-code"
                  label="Código"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={value(setCode)}
                  error={fieldError(confirm.error, 'code')}
                />
                <Button type="submit" disabled={confirm.isPending}>
                  Ativar
                </Button>
              </Form>
            ) : (
              <>
                <p>
                  Além da senha, peça um código do celular ao entrar: quem descobrir a sua senha não entra sem ele.
                  {status.data.required && ' A sua organização exige a verificação para a sua conta.'}
                </p>
                <Button onClick={() => void start()} disabled={begin.isPending}>
                  Ativar a verificação em duas etapas
                </Button>
              </>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
