import { useState } from 'react';
import { DEFAULT_TAKE, type PartyListItem } from '@ordem-certa/contracts';
import type { Column } from '../../../components/data-table.tsx';
import { partyColumns } from '../../../components/party-columns.tsx';
import { RegisterListPage } from '../../../components/register-list-page.tsx';
import { useCompanies } from '../api/get-companies.ts';

const columns: Column<PartyListItem>[] = [
  { header: '#', cell: (c) => c.id, className: 'text-body-secondary' },
  ...partyColumns((id) => `/companies/${id}/edit`),
];

/** /companies: 'Empresas'. */
export function CompaniesPage() {
  const [page, setPage] = useState({ skip: 0, take: DEFAULT_TAKE });
  const list = useCompanies(page);
  return <RegisterListPage title="Empresas" newTo="/companies/new" columns={columns} list={list} onPage={setPage} />;
}
