import { useQuery } from '@tanstack/react-query';
import type { AgendaVisit } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** The viewer's visits of one day (the server gives a technician only their own). */
export function useDayVisits(day: string) {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: ['agenda', 'visits', day, day],
    queryFn: () => api.get<{ data: AgendaVisit[] }>(`${orgPath}/agenda`, { from: day, to: day }),
    refetchInterval: 5 * 60_000,
  });
}
