import { Alert, Button, Spinner } from 'react-bootstrap';
import type { InvoicePicture } from '@ordem-certa/contracts';
import { formatDateTime } from '../../lib/format.ts';
import { AppModal } from '../app-modal.tsx';
import { BlobImage } from '../blob-image.tsx';
import { TrashIcon } from '../icons.tsx';
import { usePictureFile } from './picture-file.ts';

/** A photo full size, with who sent it and when; 'Remover' when the user may remove it. */
export function PhotoViewer({
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
