import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { fileMessages, IMAGE_MAX_BYTES, imageContentTypes, paperworkMessages } from '@ordem-certa/contracts';
import { ApiError, toastApiError } from '../../lib/api-client.ts';
import { shrinkImage } from '../../lib/shrink-image.ts';

export interface UploadProgress {
  done: number;
  total: number;
}

/**
 * Sends photos one request each, one after another (on a phone's network a failure then costs one
 * photo, not all), with the progress; what is refused goes to `errors`, shown under the field.
 * Leaving the page mid-upload asks first, since the photos not sent yet would be lost.
 */
export function usePhotoUpload(upload: (file: File) => Promise<unknown>) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const uploading = progress !== null;

  useEffect(() => {
    if (!uploading) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  /** While photos are going up, any other photo action says 'Aguarde o upload da foto'. */
  const busy = () => {
    if (!uploading) return false;
    toast.info(paperworkMessages.waitUpload, { toastId: 'wait-upload' });
    return true;
  };

  const send = async (files: File[]) => {
    if (!files.length) return;
    const problems: string[] = [];
    // A first check for the user; the server checks each file's content itself. A photo over the
    // limit (a phone camera's) is shrunk here first; only one that still does not fit is refused.
    const ok: File[] = [];
    for (const f of files) {
      if (!(imageContentTypes as readonly string[]).includes(f.type)) {
        problems.push(`${f.name}: ${fileMessages.notAnImage}`);
      } else if (f.size <= IMAGE_MAX_BYTES) {
        ok.push(f);
      } else {
        const smaller = await shrinkImage(f, IMAGE_MAX_BYTES);
        if (smaller) ok.push(smaller);
        else problems.push(`${f.name}: ${fileMessages.tooLarge}`);
      }
    }
    setErrors(problems);
    if (!ok.length) return;
    let saved = 0;
    let queued = 0;
    setProgress({ done: 0, total: ok.length });
    for (const file of ok) {
      try {
        // 'queued': kept on the phone until the network is back (the order screen's outbox).
        if ((await upload(file)) === 'queued') queued++;
        else saved++;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 400 || err.status === 422)) {
          const reasons = err.fieldErrors ? Object.values(err.fieldErrors).flat() : (err.messages ?? []);
          problems.push(`${file.name}: ${reasons.join('. ')}`);
          setErrors([...problems]);
        } else {
          toastApiError(err, `${file.name}: não foi possível enviar a foto. Tente novamente.`);
          // No connection, or the session ended (the client is reloading): the rest would fail too.
          if (err instanceof ApiError && (err.status === 0 || err.status === 401)) break;
        }
      }
      setProgress((p) => p && { ...p, done: p.done + 1 });
    }
    setProgress(null);
    if (saved) toast.success(paperworkMessages.photosSaved(saved));
    if (queued)
      toast.info(
        `Sem conexão: ${queued === 1 ? '1 foto guardada' : `${queued} fotos guardadas`} neste aparelho. ${queued === 1 ? 'Será enviada' : 'Serão enviadas'} assim que houver conexão.`,
      );
  };

  return { progress, errors, setErrors, busy, send };
}
