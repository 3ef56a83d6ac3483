import { Link } from 'react-router';
import { formatIdentifier, PersonType, type PartyListItem } from '@ordem-certa/contracts';
import type { Column } from './data-table.tsx';

/**
 * A company or customer list's 'CPF/CNPJ' (linked to the edit page), 'Nome' (with the trade name
 * of a company) and 'Telefone' as people read it; below 576 px the name goes under the identifier
 * instead of its own column, and the phone shows from 768 px.
 */
export const partyColumns = (editPath: (id: number) => string): Column<PartyListItem>[] => [
  {
    header: 'CPF/CNPJ',
    className: 'text-nowrap',
    cell: (c) => (
      <>
        <Link to={editPath(c.id)}>{formatIdentifier(c.identifier, c.type)}</Link>
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
  {
    header: 'Telefone',
    className: 'd-none d-md-table-cell text-nowrap',
    // Stored as people read it ('(11) 98765-4321'); a number kept from before that is not a real one, as typed.
    cell: (c) => c.phone,
  },
];
