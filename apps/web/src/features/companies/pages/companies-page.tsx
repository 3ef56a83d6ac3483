import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_TAKE, formatIdentifier, PersonType, type PartyListItem } from '@oficina/contracts';
import type { Column } from '../../../components/data-table.tsx';
import { RegisterListPage } from '../../../components/register-list-page.tsx';
import { useCompanies } from '../api/get-companies.ts';

const columns: Column<PartyListItem>[] = [
  { header: '#', cell: (c) => c.id, className: 'text-body-secondary' },
  {
    header: 'CPF/CNPJ',
    className: 'text-nowrap',
    cell: (c) => (
      <>
        <Link to={`/companies/${c.id}/edit`}>{formatIdentifier(c.identifier, c.type)}</Link>
        {/* Small screens: the name goes under the identifier instead of its own column. */}
        <div className="d-sm-none text-wrap">{c.name}</div>
      </>
    ),
  },
  {
    header: 'Nome',
    className: 'd-none d-sm-table-cell',
    cell: (c) => (
      <>
        {c.name}
        {c.type === PersonType.Juridical && c.alias && <div className="small text-body-secondary">{c.alias}</div>}
      </>
    ),
  },
];

/** /companies: 'Empresas'. */
export function CompaniesPage() {
  const [page, setPage] = useState({ skip: 0, take: DEFAULT_TAKE });
  const list = useCompanies(page);
  return (
    <RegisterListPage
      title="Empresas"
      newTo="/companies/new"
      columns={columns}
      list={list}
      rowKey={(c) => c.id}
      onPage={setPage}
    />
  );
}
