import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { saveFile } from '../../../lib/save-file.ts';

export type NfseXmlFile = 'dps.xml' | 'nfse.xml' | 'cancel.xml' | 'danfse.pdf';

/** GET invoices/{id}/nfse/{dps|nfse|cancel}.xml and the DANFSe (danfse.pdf): saved under the name the server gives. */
export const downloadNfseXml = (orgPath: string, id: number, file: NfseXmlFile) =>
  api.get<DownloadedFile>(`${orgPath}/invoices/${id}/nfse/${file}`, undefined, { file: true });

export function useDownloadNfseXml(id: number) {
  const orgPath = useOrgPath();
  return useMutation({
    mutationFn: (file: NfseXmlFile) => downloadNfseXml(orgPath, id, file),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
