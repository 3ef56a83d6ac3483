import type { ListResult, UserListItem } from '@ordem-certa/contracts';
import type { Option } from '../../../components/searchable-select.tsx';
import { api } from '../../../lib/api-client.ts';

/** The organization's collaborators for the 'Responsável' filter (an admin-only endpoint). */
export const searchUsers = async (organizationId: number, q: string): Promise<Option[]> => {
  const res = await api.get<ListResult<UserListItem>>(`/admin/organizations/${organizationId}/users`, { q, take: 20 });
  return res.data.map((u) => ({ value: u.id, label: u.name, hint: u.email }));
};
