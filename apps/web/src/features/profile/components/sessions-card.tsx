import { Badge, Button, Table } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { messages, signInOutcomeLabels } from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useEndOtherSessions, useEndSession, useSessions, useSignIns } from '../api/sessions.ts';

/** Sessões: the browsers signed in as this user; any but this one can be ended. */
export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const confirm = useConfirm();
  const others = (sessions.data?.data ?? []).filter((s) => !s.current).length;

  const onEndOthers = async () => {
    if (
      !(await confirm({
        title: 'Sair de todos os outros?',
        text: 'Os outros navegadores e celulares precisam entrar de novo.',
        confirmLabel: 'Sair de todos os outros',
        variant: 'danger',
      }))
    )
      return;
    try {
      const { ended } = await endOthers.mutateAsync();
      toast.success(ended === 1 ? '1 sessão encerrada' : `${ended} sessões encerradas`);
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };
  const onEnd = async (id: number) => {
    try {
      await end.mutateAsync(id);
      toast.success('Sessão encerrada');
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };

  return (
    <section className="mb-4" data-testid="sessions-card">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0">Sessões</h2>
        <Button
          variant="outline-danger"
          size="sm"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => void onEndOthers()}
        >
          Sair de todos os outros
        </Button>
      </div>
      <QueryState isPending={sessions.isPending} error={sessions.error}>
        <Table responsive size="sm" className="align-middle">
          <thead>
            <tr>
              <th>Navegador</th>
              <th>Endereço</th>
              <th>Entrou em</th>
              <th>Último acesso</th>
              <th aria-label="Ações" />
            </tr>
          </thead>
          <tbody>
            {sessions.data?.data.map((s) => (
              <tr key={s.id} data-testid="session-row">
                <td>
                  {s.browser} no {s.system}{' '}
                  {s.current && (
                    <Badge bg="success" className="ms-1">
                      Esta sessão
                    </Badge>
                  )}
                </td>
                <td className="text-nowrap">{s.ip}</td>
                <td className="text-nowrap">{formatDateTime(s.createdAt)}</td>
                <td className="text-nowrap">{formatDateTime(s.lastSeenAt)}</td>
                <td className="text-end">
                  {!s.current && (
                    <Button variant="link" size="sm" className="p-0" onClick={() => void onEnd(s.id)}>
                      Encerrar
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </QueryState>
    </section>
  );
}

/** Acessos recentes: the last 20 sign-ins and failed attempts, with address and time. */
export function SignInsCard() {
  const signIns = useSignIns();
  return (
    <section className="mb-4" data-testid="sign-ins-card">
      <h2 className="h5">Acessos recentes</h2>
      <QueryState isPending={signIns.isPending} error={signIns.error}>
        <Table responsive size="sm" className="align-middle">
          <thead>
            <tr>
              <th>Quando</th>
              <th>Resultado</th>
              <th>Navegador</th>
              <th>Endereço</th>
            </tr>
          </thead>
          <tbody>
            {signIns.data?.data.map((e) => (
              <tr key={e.id}>
                <td className="text-nowrap">{formatDateTime(e.createdAt)}</td>
                <td className={e.outcome === 'success' ? '' : 'text-danger'}>{signInOutcomeLabels[e.outcome]}</td>
                <td>
                  {e.browser} no {e.system}
                </td>
                <td className="text-nowrap">{e.ip}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </QueryState>
    </section>
  );
}
