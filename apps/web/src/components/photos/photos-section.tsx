import { useId, useRef, useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { paperworkMessages, type InvoicePicture } from '@ordem-certa/contracts';
import { ApiError, reportedGlobally, toastApiError } from '../../lib/api-client.ts';
import { useConfirm } from '../confirm-dialog.tsx';
import { TrashIcon } from '../icons.tsx';
import { RemoveItemButton } from '../remove-item-button.tsx';
import { AddButton, SectionCard } from '../section-card.tsx';
import { PhotoViewer } from './photo-viewer.tsx';
import { PendingBadge } from '../offline/pending-badge.tsx';

/** A photo taken on this phone that the server does not have yet. */
export interface PendingPhoto {
  key: string;
  /** A blob: URL of the kept file. */
  url: string;
  name: string;
  /** The server's refusal, when it refused it. */
  problem?: string;
}
import { usePhotoUpload } from './use-photo-upload.ts';

interface PhotosSectionProps {
  /** The record's photos (GET …/attachments/pictures). */
  pictures: { isPending: boolean; isError: boolean; data?: { data: InvoicePicture[] } };
  /** Sends one photo (POST …/attachments/pictures). */
  upload(file: File): Promise<unknown>;
  /** Removes one (DELETE …/attachments/pictures/{id}). */
  remove(pictureId: number): Promise<unknown>;
  /** Add and remove (a closed record shows its photos only; the server refuses changes too). */
  editable: boolean;
  /** Whether this user may remove this photo (besides `editable`). */
  mayRemove(picture: InvoicePicture): boolean;
  /** Photos waiting to be sent, shown after the saved ones marked 'pendente de envio'. */
  pending?: PendingPhoto[];
  /** Also 'Tirar foto': the phone's rear camera straight away. */
  camera?: boolean;
  /** An order's photos: shows or hides one in the customer's portal ('visível ao cliente'). */
  setVisible?(picture: InvoicePicture, visible: boolean): Promise<unknown>;
}

/**
 * Photos of an order or an estimate: several chosen at once and sent one after another (a phone's
 * photo over the limit shrunk first), thumbnails 80 px high, full size in a viewer, removal with
 * confirmation. While photos are going up, any other photo action says 'Aguarde o upload da foto'.
 * Upload errors (400/422) show under the field, others as a toast.
 */
export function PhotosSection({
  pictures,
  upload,
  remove,
  editable,
  mayRemove,
  pending = [],
  camera = false,
  setVisible,
}: PhotosSectionProps) {
  const confirm = useConfirm();
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [viewing, setViewing] = useState<InvoicePicture | null>(null);
  const { progress, errors, setErrors, busy, send } = usePhotoUpload(upload);

  const onFiles = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (cameraRef.current) cameraRef.current.value = '';
    return send(files);
  };

  const onRemove = async (picture: InvoicePicture) => {
    if (busy()) return;
    if (!(await confirm({ title: `Remover a foto ${picture.name}?`, confirmLabel: 'Remover' }))) return;
    try {
      await remove(picture.id);
      toast.success(paperworkMessages.photoRemoved);
      setViewing(null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fieldErrors) {
        setErrors(Object.values(err.fieldErrors).flat());
      } else if (!reportedGlobally(err)) {
        toast.error(
          err instanceof ApiError && err.messages?.length
            ? err.messages.join(' ')
            : paperworkMessages.photoRemoveFailed,
        );
      }
    }
  };

  const canRemove = (p: InvoicePicture) => editable && mayRemove(p);
  const list = pictures.data?.data ?? [];
  const count = list.length + pending.length;
  return (
    <SectionCard
      title={count ? `Fotos (${count})` : 'Fotos'}
      action={
        editable && (
          <div className="d-flex gap-2">
            {camera && (
              <AddButton
                label="Tirar foto"
                onClick={() => {
                  if (!busy()) cameraRef.current?.click();
                }}
              >
                Tirar foto
              </AddButton>
            )}
            <AddButton
              label="Adicionar fotos"
              onClick={() => {
                if (!busy()) inputRef.current?.click();
              }}
            >
              {progress ? <Spinner size="sm" aria-hidden /> : undefined}
            </AddButton>
          </div>
        )
      }
    >
      {camera && (
        <input
          ref={cameraRef}
          type="file"
          accept="image/jpeg,image/png"
          capture="environment"
          className="d-none"
          aria-label="Foto da câmera"
          onChange={(e) => onFiles(e.target.files)}
        />
      )}
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
      {progress && (
        <div className="small text-body-secondary mb-2" role="status">
          <Spinner size="sm" className="me-2" aria-hidden />
          Enviando foto {Math.min(progress.done + 1, progress.total)} de {progress.total}…
        </div>
      )}
      {pictures.isPending && !pending.length ? (
        <Spinner size="sm" role="status" aria-label="Carregando fotos" />
      ) : pictures.isError && !pictures.data && !pending.length ? (
        <Alert variant="danger" className="mb-0">
          Não foi possível carregar as fotos. Tente novamente.
        </Alert>
      ) : count ? (
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
                <RemoveItemButton
                  what={`foto ${p.name}`}
                  className="photo-remove btn btn-sm btn-light"
                  onClick={() => onRemove(p)}
                >
                  <TrashIcon />
                </RemoveItemButton>
              )}
              {setVisible && p.customerVisible !== undefined && (
                <button
                  type="button"
                  className={`photo-visibility btn btn-sm ${p.customerVisible ? 'btn-success' : 'btn-light'}`}
                  aria-pressed={p.customerVisible}
                  aria-label={`Foto ${p.name} visível ao cliente`}
                  title={p.customerVisible ? 'Visível ao cliente' : 'Oculta do cliente'}
                  onClick={() => void setVisible(p, !p.customerVisible).catch((err: unknown) => toastApiError(err))}
                >
                  {p.customerVisible ? 'Visível ao cliente' : 'Oculta'}
                </button>
              )}
            </li>
          ))}
          {pending.map((p) => (
            <PendingThumb key={p.key} photo={p} />
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

/** A waiting photo's thumbnail, from the kept file itself. */
function PendingThumb({ photo }: { photo: PendingPhoto }) {
  return (
    <li className="photo-thumb photo-pending" data-testid="pending-photo" title={photo.problem}>
      <img src={photo.url} alt={`${photo.name} (pendente de envio)`} height={80} />
      <PendingBadge refused={!!photo.problem} />
    </li>
  );
}
