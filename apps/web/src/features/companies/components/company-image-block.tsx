import { useRef } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { companyMessages, fileMessages, IMAGE_MAX_BYTES, imageContentTypes } from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { BlobImage } from '../../../components/blob-image.tsx';
import { useCompanyImage, type CompanyImagePath } from '../api/get-company-image.ts';
import { useUploadCompanyImage } from '../api/upload-company-image.ts';
import { useDeleteCompanyImage } from '../api/delete-company-image.ts';

/** Each image's name (its alt text) and what the block says about it. */
const imageTexts: Record<CompanyImagePath, { alt: string; missing: string; saved: string; removed: string }> = {
  logo: {
    alt: 'Logotipo',
    missing: companyMessages.logoMissing,
    saved: companyMessages.logoSaved,
    removed: companyMessages.logoRemoved,
  },
  'signature-image': {
    alt: 'Imagem da assinatura',
    missing: companyMessages.signatureImageMissing,
    saved: companyMessages.signatureImageSaved,
    removed: companyMessages.signatureImageRemoved,
  },
};

/** An uploaded company image (logo, signature image): shown 300 wide, Adicionar / Remover. */
export function CompanyImageBlock({ companyId, image }: { companyId: number; image: CompanyImagePath }) {
  const texts = imageTexts[image];
  const query = useCompanyImage(companyId, image);
  const upload = useUploadCompanyImage(companyId, image);
  const remove = useDeleteCompanyImage(companyId, image);
  const confirm = useConfirm();
  const inputRef = useRef<HTMLInputElement>(null);

  const onFile = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    // A first check for the user; the server checks the content itself.
    if (!(imageContentTypes as readonly string[]).includes(file.type)) {
      toast.error(fileMessages.notAnImage);
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      toast.error(fileMessages.tooLarge);
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success(texts.saved);
    } catch (err) {
      toastApiError(err);
    }
  };

  const onRemove = async () => {
    if (!(await confirm({ title: 'Remover imagem?', confirmLabel: 'Remover' }))) return;
    try {
      await remove.mutateAsync();
      toast.success(texts.removed);
    } catch (err) {
      toastApiError(err);
    }
  };

  const busy = upload.isPending || remove.isPending;
  return (
    <div className="company-image-block">
      <div className="mb-3">
        {query.isPending ? (
          <div role="status" aria-label="Carregando imagem" className="py-4">
            <Spinner size="sm" />
          </div>
        ) : query.data ? (
          <BlobImage blob={query.data} alt={texts.alt} className="company-image border rounded bg-white" width={300} />
        ) : query.isError ? (
          <Alert variant="danger" className="mb-0">
            Não foi possível carregar a imagem. Tente novamente.
          </Alert>
        ) : (
          <Alert variant="info" className="mb-0">
            {texts.missing}
          </Alert>
        )}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/png,image/jpeg"
        className="d-none"
        aria-label={`Arquivo: ${texts.alt}`}
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <div className="d-flex gap-2">
        <Button onClick={() => inputRef.current?.click()} disabled={busy}>
          {upload.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
          Adicionar
        </Button>
        {query.data && (
          <Button variant="outline-danger" onClick={onRemove} disabled={busy}>
            {remove.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
            Remover
          </Button>
        )}
      </div>
      <div className="form-text">PNG ou JPEG, até {IMAGE_MAX_BYTES / 1024 / 1024} MB.</div>
    </div>
  );
}
