import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  fileMessages,
  IMAGE_MAX_BYTES,
  imageContentTypes,
  paperworkMessages,
  type InvoicePicture,
} from '@oficina/contracts';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { AppModal } from '../../../components/app-modal.tsx';
import { BlobImage } from '../../../components/blob-image.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { shrinkImage } from '../../../lib/shrink-image.ts';
import { usePictureFile } from '../api/get-picture-file.ts';
import { usePictures } from '../api/get-pictures.ts';
import { useRemovePicture } from '../api/remove-picture.ts';
import { useUploadPicture } from '../api/upload-picture.ts';
import { toastRemoveFailed } from './notify.ts';
import { AddButton, SectionCard } from './section-card.tsx';

interface Progress {
  done: number;
  total: number;
}

/**
 * Photos of the order: several chosen at once and sent one after another, thumbnails 80 px
 * high, full size in a viewer, removal with confirmation. While photos are going up, any other photo
 * action says 'Aguarde o upload da foto'. Upload errors (400/422) show under the field, others as a
 * toast. Closed orders show the photos without add or remove (the server refuses them too).
 */
export function PhotosSection({ invoiceId, editable }: { invoiceId: number; editable: boolean }) {
  const { isAdmin, user } = useAuth();
  const pictures = usePictures(invoiceId);
  const upload = useUploadPicture(invoiceId);
  const remove = useRemovePicture(invoiceId);
  const confirm = useConfirm();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [viewing, setViewing] = useState<InvoicePicture | null>(null);
  const uploading = progress !== null;

  // Leaving the page mid-upload would lose the photos not sent yet.
  useEffect(() => {
    if (!uploading) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  const busy = () => {
    if (!uploading) return false;
    toast.info(paperworkMessages.waitUpload, { toastId: 'wait-upload' });
    return true;
  };

  const onFiles = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
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
    setProgress({ done: 0, total: ok.length });
    for (const file of ok) {
      try {
        await upload.mutateAsync(file);
        saved++;
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
  };

  const onRemove = async (picture: InvoicePicture) => {
    if (busy()) return;
    if (!(await confirm({ title: `Remover a foto ${picture.name}?`, confirmLabel: 'Remover' }))) return;
    try {
      await remove.mutateAsync(picture.id);
      toast.success(paperworkMessages.photoRemoved);
      setViewing(null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fieldErrors) {
        setErrors(Object.values(err.fieldErrors).flat());
      } else
        toastRemoveFailed(
          err,
          err instanceof ApiError && err.messages?.length
            ? err.messages.join(' ')
            : paperworkMessages.photoRemoveFailed,
        );
    }
  };

  const canRemove = (p: InvoicePicture) => editable && (isAdmin || p.userId === Number(user?.sub));
  const list = pictures.data?.data ?? [];
  return (
    <SectionCard
      title={list.length ? `Fotos (${list.length})` : 'Fotos'}
      action={
        editable && (
          <AddButton
            label="Adicionar fotos"
            onClick={() => {
              if (!busy()) inputRef.current?.click();
            }}
          >
            {uploading ? <Spinner size="sm" aria-hidden /> : undefined}
          </AddButton>
        )
      }
    >
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/png,image/jpeg"
        multiple
        className="d-none"
        aria-label="Arquivos de fotos"
        aria-describedby={errors.length ? `${inputId}-errors` : undefined}
        onChange={(e) => onFiles(e.target.files)}
      />
      {uploading && (
        <div className="small text-body-secondary mb-2" role="status">
          <Spinner size="sm" className="me-2" aria-hidden />
          Enviando foto {Math.min(progress.done + 1, progress.total)} de {progress.total}…
        </div>
      )}
      {pictures.isPending ? (
        <Spinner size="sm" role="status" aria-label="Carregando fotos" />
      ) : pictures.isError ? (
        <Alert variant="danger" className="mb-0">
          Não foi possível carregar as fotos. Tente novamente.
        </Alert>
      ) : list.length ? (
        <ul className="photo-grid list-unstyled mb-0">
          {list.map((p) => (
            <li key={p.id} className="photo-thumb">
              <button
                type="button"
                className="photo-open"
                onClick={() => setViewing(p)}
                aria-label={`Ver foto ${p.name}`}
              >
                <img src={p.thumbnail} alt={p.name} height={80} loading="lazy" />
              </button>
              {canRemove(p) && (
                <button
                  type="button"
                  className="photo-remove btn btn-sm btn-light"
                  aria-label={`Remover foto ${p.name}`}
                  title="Remover"
                  onClick={() => onRemove(p)}
                >
                  <TrashIcon />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary small mb-0">Nenhuma foto</p>
      )}
      {errors.length > 0 && (
        <div id={`${inputId}-errors`} className="invalid-feedback d-block" role="alert">
          {errors.map((e, n) => (
            <div key={n}>{e}</div>
          ))}
        </div>
      )}
      <PhotoViewer
        picture={viewing}
        onHide={() => setViewing(null)}
        onRemove={viewing && canRemove(viewing) ? () => onRemove(viewing) : undefined}
      />
    </SectionCard>
  );
}

function PhotoViewer({
  picture,
  onHide,
  onRemove,
}: {
  picture: InvoicePicture | null;
  onHide(): void;
  onRemove?: () => void;
}) {
  const file = usePictureFile(picture?.url ?? null);
  return (
    <AppModal
      show={!!picture}
      onHide={onHide}
      size="xl"
      title={picture?.name ?? 'Foto'}
      footer={
        <>
          <span className="me-auto small text-body-secondary">
            {picture && `${picture.userName ? `${picture.userName}, ` : ''}${formatDateTime(picture.createdAt)}`}
          </span>
          {onRemove && (
            <Button variant="outline-danger" onClick={onRemove}>
              <TrashIcon /> <span className="ms-1">Remover</span>
            </Button>
          )}
          <Button variant="outline-secondary" onClick={onHide}>
            Fechar
          </Button>
        </>
      }
    >
      <div className="photo-viewer">
        {file.data ? (
          <BlobImage blob={file.data} alt={picture?.name ?? 'Foto'} />
        ) : file.isError ? (
          <Alert variant="danger" className="mb-0">
            Não foi possível carregar a foto. Tente novamente.
          </Alert>
        ) : (
          <>
            {/* The thumbnail, blurred, while the full size arrives. */}
            {picture && <img src={picture.thumbnail} alt="" className="photo-viewer-placeholder" />}
            <Spinner className="photo-viewer-spinner" role="status" aria-label="Carregando foto" />
          </>
        )}
      </div>
    </AppModal>
  );
}
