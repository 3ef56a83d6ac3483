import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConvertServiceRequestBody,
  ServiceRequestQuery,
  ServiceRequest,
  ListResult,
} from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

const key = ['service-requests'] as const;

/** GET service-requests: one page, newest first, searched and filtered by status. */
export const useServiceRequests = (query: Partial<ServiceRequestQuery>) => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: [...key, orgPath, query],
    queryFn: () => api.get<ListResult<ServiceRequest>>(`${orgPath}/service-requests`, query),
    placeholderData: keepPreviousData,
  });
};

/** POST service-requests/{id}/order|estimate: the request becomes a Draft order or estimate. */
export const useConvertRequest = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: 'order' | 'estimate'; body: ConvertServiceRequestBody }) =>
      api.post<{ id: number; number: number }>(`${orgPath}/service-requests/${id}/${kind}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};
