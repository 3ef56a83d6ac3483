import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgendaVisit,
  ListResult,
  MoveVisitBody,
  MoveVisitResponse,
  UnscheduledOrder,
  UserListItem,
} from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useAuth, useOrgPath } from '../../../lib/auth.tsx';

const keys = {
  all: ['agenda'] as const,
  visits: (from: string, to: string) => ['agenda', 'visits', from, to] as const,
  unscheduled: (q: string, skip: number) => ['agenda', 'unscheduled', q, skip] as const,
};

export function useAgenda(from: string, to: string) {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: keys.visits(from, to),
    queryFn: () => api.get<{ data: AgendaVisit[] }>(`${orgPath}/agenda`, { from, to }),
    placeholderData: keepPreviousData,
  });
}

export function useUnscheduled(q: string, skip: number) {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: keys.unscheduled(q, skip),
    queryFn: () => api.get<ListResult<UnscheduledOrder>>(`${orgPath}/agenda/unscheduled`, { q, skip, take: 20 }),
    placeholderData: keepPreviousData,
  });
}

/** The organization's active people, the agenda's lanes (one page of 100 is every shop we know). */
export function useTechnicians() {
  const organizationId = useAuth().user?.organizationId;
  return useQuery({
    queryKey: ['agenda', 'technicians'],
    queryFn: () => api.get<ListResult<UserListItem>>(`/admin/organizations/${organizationId}/users`, { take: 100 }),
    select: (r) => r.data.filter((u) => u.isActive).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    staleTime: 60_000,
  });
}

export function useMoveVisit() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, body }: { invoiceId: number; body: MoveVisitBody }) =>
      api.put<MoveVisitResponse>(`${orgPath}/agenda/${invoiceId}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
