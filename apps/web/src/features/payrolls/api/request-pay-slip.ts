import { api } from '../../../lib/api-client.ts';

/** POST payrolls/{id}/workers/{workerId}/pdf: a short-lived URL of the worker's slip that opens without a login. */
export const requestPaySlip = (orgPath: string, id: number, workerId: number) =>
  api.post<{ url: string }>(`${orgPath}/payrolls/${id}/workers/${workerId}/pdf`);
