import { useRef, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { estimateMessages, paperworkMessages } from '@oficina/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { getPictureBlob, usePictures, useRemovePicture, useUploadPicture } from '../api/pictures.ts';
import { AddButton, Section } from './section.tsx';

/** Fotos (PNG or JPEG, several at once, thumbnails 80 px high); added and removed while Draft or Wip. */
export function PicturesSection({ estimateId, editable }: { estimateId: number; editable: boolean }) {
  const list = usePictures(estimateId);
  const upload = useUploadPicture(estimateId);
  const remove = useRemovePicture(estimateId);
  const confirm = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    let saved = 0;
    for (const file of Array.from(files)) {
      try {
        await upload.mutateAsync(file);
        saved += 1;
      } catch (err) {
        toastApiError(err, `Não foi possível enviar ${file.name}`);
      }
    }
    setBusy(false);
    if (input.current) input.current.value = '';
    if (saved) toast.success(paperworkMessages.photosSaved(saved));
  };
  const open = async (url: string) => {
    const blob = await getPictureBlob(url);
    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
  };
  const pictures = list.data?.data ?? [];
  return (
    <Section
      title="Fotos"
      action={
        editable && (
          <AddButton
            label="Adicionar fotos"
            onClick={() => (busy ? toast.info(paperworkMessages.waitUpload) : input.current?.click())}
          />
        )
      }
    >
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        multiple
        hidden
        aria-label="Fotos do orçamento"
        onChange={(e) => void onFiles(e.target.files)}
      />
      {busy && <Spinner size="sm" className="me-2" aria-label="Enviando fotos" />}
      {pictures.length === 0 && !busy && <p className="text-body-secondary mb-0">Nenhuma foto</p>}
      <div className="d-flex flex-wrap gap-2">
        {pictures.map((p) => (
          <figure key={p.id} className="mb-0 position-relative">
            <button
              type="button"
              className="btn p-0 border-0"
              onClick={() => void open(p.url)}
              aria-label={`Abrir ${p.name}`}
            >
              <img src={p.thumbnail} alt={p.name} height={80} className="rounded border" />
            </button>
            {editable && (
              <Button
                size="sm"
                variant="danger"
                className="position-absolute top-0 end-0 py-0 px-1"
                aria-label={`Remover ${p.name}`}
                onClick={async () => {
                  if (!(await confirm())) return;
                  try {
                    await remove.mutateAsync(p.id);
                    toast.success(paperworkMessages.photoRemoved);
                  } catch (err) {
                    toastApiError(err, estimateMessages.removeFailed('foto'));
                  }
                }}
              >
                ×
              </Button>
            )}
          </figure>
        ))}
      </div>
    </Section>
  );
}
