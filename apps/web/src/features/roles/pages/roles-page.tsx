import { Link } from 'react-router';
import { Badge } from 'react-bootstrap';
import type { Role } from '@ordem-certa/contracts';
import { useRoles } from '../api/get-roles.ts';
import { registerListPage } from '../../../components/register-list-page.tsx';

export const RolesPage = registerListPage<Role>({
  title: 'Funções',
  path: '/roles',
  useList: useRoles,
  searchable: true,
  intro: (
    <p className="text-body-secondary">
      Cada colaborador tem uma função, e a função diz o que ele pode ver e fazer. As funções do sistema não mudam; crie
      as suas para o que a sua equipe precisar.
    </p>
  ),
  columns: [
    {
      header: 'Nome',
      cell: (r) => (
        <>
          <Link to={`/roles/${r.id}/edit`}>{r.name}</Link>
          {/* On a phone the description would push the count off the screen, and the kind is a word here. */}
          {r.description && <div className="small text-body-secondary d-none d-sm-block">{r.description}</div>}
          <div className="small text-body-secondary d-sm-none">{r.builtIn ? 'Do sistema' : 'Personalizada'}</div>
        </>
      ),
    },
    {
      header: 'Tipo',
      cell: (r) =>
        r.builtIn ? (
          <Badge bg="secondary">Do sistema</Badge>
        ) : (
          <Badge bg="info" text="dark">
            Personalizada
          </Badge>
        ),
      className: 'text-nowrap d-none d-sm-table-cell',
    },
    { header: 'Usuários', cell: (r) => r.userCount, className: 'text-end text-nowrap' },
  ],
});
