import type { MaintenanceReportBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST maintenance-plans/{id}/report {from, to}: a short-lived URL of the PMOC report that opens without a login. */
export const requestReport = (orgPath: string, id: number, body: MaintenanceReportBody) =>
  api.post<{ url: string }>(`${orgPath}/maintenance-plans/${id}/report`, body);
