import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../../../lib/save-file.ts';
import { portalApi } from './portal-client.ts';

/** A file of the portal (DANFSe, XML, PMOC, 'Meus dados'), fetched with the session and saved under its name. */
export const useDownload = () =>
  useMutation({
    mutationFn: (path: string) => portalApi.getFile(path),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
