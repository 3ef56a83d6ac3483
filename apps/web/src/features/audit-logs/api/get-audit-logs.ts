import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogItem, AuditLogQuery, ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getAuditLogs = (orgPath: string, query: AuditLogQuery) =>
  api.get<ListResult<AuditLogItem>>(`${orgPath}/audit-logs`, query);

export const auditLogsQueryOptions = (orgPath: string, query: AuditLogQuery) =>
  queryOptions({
    queryKey: ['audit-logs', 'list', query],
    queryFn: () => getAuditLogs(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useAuditLogs = (query: AuditLogQuery) => useQuery(auditLogsQueryOptions(useOrgPath(), query));
