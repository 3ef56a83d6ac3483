import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { saveFile } from '../../../lib/save-file.ts';

/** GET expenses/{id}/attachment with the token, saved under the name it was sent with. */
export async function downloadExpenseAttachment(orgPath: string, id: number, name: string) {
  saveFile(await api.getBlob(`${orgPath}/expenses/${id}/attachment`), name);
}

export function useDownloadExpenseAttachment() {
  const orgPath = useOrgPath();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => downloadExpenseAttachment(orgPath, id, name),
  });
}
