import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET maintenance-plans/{id}/pmoc.pdf?year=: the year's PMOC document, saved under the server's name. */
export async function downloadPmocDocument(orgPath: string, id: number, year: number) {
  const { blob, fileName } = await api.getFile(`${orgPath}/maintenance-plans/${id}/pmoc.pdf`, { year });
  saveFile(blob, fileName);
  return fileName;
}
