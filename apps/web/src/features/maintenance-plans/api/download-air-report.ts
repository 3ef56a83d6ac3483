import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET maintenance-plans/{id}/air-reports/{year}: the file as it was sent, under its name. */
export async function downloadAirReport(orgPath: string, id: number, year: number, name: string) {
  saveFile(await api.getBlob(`${orgPath}/maintenance-plans/${id}/air-reports/${year}`), name);
}
