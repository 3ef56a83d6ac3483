import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Badge, Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { messages, roleMessages, type RoleDetail } from '@ordem-certa/contracts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RegisterEditPage, useRecordId, useSaveAndReturn } from '../../../components/register-edit-page.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { useCreateRole } from '../api/create-role.ts';
import { useDeleteRole } from '../api/delete-role.ts';
import { usePermissions } from '../api/get-permissions.ts';
import { useRole } from '../api/get-role.ts';
import { useUpdateRole } from '../api/update-role.ts';
import { PermissionGrid } from '../components/permission-grid.tsx';
import { RoleForm } from '../components/role-form.tsx';

/** A new role; '?from=ID' starts from that role's permissions (a copy of a built-in one, say). */
export function RoleNewPage() {
  const from = Number(useSearchParams()[0].get('from'));
  const copied = useRole(from, Number.isInteger(from) && from > 0);
  const groups = usePermissions();
  const create = useCreateRole();
  const onSubmit = useSaveAndReturn(create.mutateAsync, 'Função cadastrada com sucesso', '/roles');
  const copying = copied.fetchStatus !== 'idle' || copied.isSuccess;
  return (
    <>
      <PageHeader title="Nova Função" />
      <QueryState isPending={groups.isPending || (copying && copied.isPending)} error={groups.error ?? copied.error}>
        {groups.data && (
          <RoleForm
            groups={groups.data.groups}
            defaultValues={
              copied.data ? { name: `${copied.data.name} (cópia)`, permissions: copied.data.permissions } : undefined
            }
            onSubmit={onSubmit}
          />
        )}
      </QueryState>
    </>
  );
}

export function RoleEditPage() {
  const id = useRecordId();
  const role = useRole(id);
  return (
    <RegisterEditPage id={id} record={role} what="a função">
      {(r) => <RoleScreen key={r.id} role={r} />}
    </RegisterEditPage>
  );
}

function RoleScreen({ role }: { role: RoleDetail }) {
  const groups = usePermissions();
  const update = useUpdateRole(role.id);
  const remove = useDeleteRole(role.id);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const onSubmit = useSaveAndReturn(update.mutateAsync, 'Função alterada com sucesso', '/roles');
  // A refusal to remove (the role is in use) is said beside the list of who holds it.
  const [removeError, setRemoveError] = useState<string | null>(null);
  const onRemove = async () => {
    const ok = await confirm({
      title: `Remover a função ${role.name}?`,
      text: 'Ela deixa de existir; o registro de alterações guarda quem a removeu.',
      confirmLabel: 'Remover',
    });
    if (!ok) return;
    try {
      await remove.mutateAsync();
      toast.success('Função removida com sucesso');
      navigate('/roles');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.messages?.length) setRemoveError(err.messages.join(' '));
      else toastApiError(err, messages.requestFailed);
    }
  };
  const builtIn = role.builtIn !== null;
  return (
    <>
      <PageHeader
        title={
          <>
            {builtIn ? 'Função' : 'Editar Função'}: {role.name}
            {builtIn && (
              <Badge bg="secondary" className="ms-2 align-middle fs-6 fw-normal">
                Do sistema
              </Badge>
            )}
          </>
        }
        actions={
          <>
            <Link to={`/roles/new?from=${role.id}`} className="btn btn-outline-secondary">
              Criar uma cópia
            </Link>
            {!builtIn && (
              <Button variant="outline-danger" onClick={() => void onRemove()} disabled={remove.isPending}>
                Remover
              </Button>
            )}
          </>
        }
      />
      {builtIn && (
        <Alert variant="info" className="py-2">
          {role.description} {roleMessages.builtInFixed}.
        </Alert>
      )}
      {/* Who holds it comes first: next to Remover, where a refusal to remove is said. */}
      <SectionCard title={`Quem tem esta função (${role.users.length})`} className="mb-3 role-holders">
        {removeError && (
          <Alert variant="danger" className="py-2" onClose={() => setRemoveError(null)} dismissible>
            {removeError}
          </Alert>
        )}
        {role.users.length === 0 ? (
          <p className="text-body-secondary mb-0">Nenhum usuário tem esta função.</p>
        ) : (
          <ul className="list-unstyled mb-0 d-flex flex-wrap column-gap-4 row-gap-1">
            {role.users.map((u) => (
              <li key={u.id}>
                <Link to={`/admin/users/${u.id}/edit`}>{u.name}</Link>
                {!u.isActive && (
                  <Badge bg="secondary" className="ms-2">
                    Inativo
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
      <QueryState isPending={groups.isPending} error={groups.error}>
        {groups.data &&
          (builtIn ? (
            <PermissionGrid groups={groups.data.groups} value={role.permissions} onChange={() => undefined} readOnly />
          ) : (
            <RoleForm
              groups={groups.data.groups}
              defaultValues={{ name: role.name, permissions: role.permissions }}
              onSubmit={onSubmit}
            />
          ))}
      </QueryState>
    </>
  );
}
