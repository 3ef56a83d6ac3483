import { Link } from 'react-router';
import type { Tag } from '@ordem-certa/contracts';
import { TagBadge } from '../../../components/tag-badge.tsx';
import { useTags } from '../api/get-tags.ts';
import { registerListPage } from '../../../components/register-list-page.tsx';

export const TagsPage = registerListPage<Tag>({
  title: 'Etiquetas',
  path: '/tags',
  useList: useTags,
  columns: [
    { header: '#', cell: (t) => t.id, className: 'col-id' },
    {
      header: 'Nome',
      // Each name in its colour; the badge links to the edit page.
      cell: (t) => (
        <Link to={`/tags/${t.id}/edit`} className="text-decoration-none" aria-label={`Editar ${t.name}`}>
          <TagBadge name={t.name} color={t.color} />
        </Link>
      ),
    },
  ],
});
