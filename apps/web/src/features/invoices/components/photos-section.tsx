import { can, canRemoveAuthored } from '@ordem-certa/contracts';
import { newIdempotencyKey } from '../../../lib/api-client.ts';
import { useOrgPath, useViewer } from '../../../lib/auth.tsx';
import { pendingPhotoUrl, sendOrQueue, usePendingFor } from '../../../lib/offline/outbox-runtime.ts';
import { shrinkPhoto } from '../../../lib/shrink-image.ts';
import { PhotosSection as Photos } from '../../../components/photos/photos-section.tsx';
import { usePictures } from '../api/get-pictures.ts';
import { useRemovePicture } from '../api/remove-picture.ts';
import { usePictureVisibility } from '../api/picture-visibility.ts';
import { picturesPath, useUploadPicture } from '../api/upload-picture.ts';

/**
 * The order's photos; who edits the order removes any, anyone else the ones they sent. 'Tirar foto' opens the
 * rear camera. Each photo is made small on the phone first (1600 px, JPEG 0.8) and sent, or kept on the
 * phone while there is no network and shown 'pendente de envio'. Who edits the order marks which photos the
 * customer sees in their portal.
 */
export function PhotosSection({ invoiceId, editable }: { invoiceId: number; editable: boolean }) {
  const viewer = useViewer();
  const orgPath = useOrgPath();
  const upload = useUploadPicture(invoiceId);
  const remove = useRemovePicture(invoiceId);
  const visibility = usePictureVisibility(invoiceId);
  const pending = usePendingFor(invoiceId).filter((i) => i.kind === 'photo' && i.request.file);
  const send = async (original: File) => {
    const file = await shrinkPhoto(original);
    return sendOrQueue(
      {
        key: newIdempotencyKey(),
        kind: 'photo',
        invoiceId,
        label: `Foto ${file.name}`,
        request: { path: picturesPath(orgPath, invoiceId), file: { blob: file, name: file.name, field: 'attachment' } },
        show: {},
      },
      (key) => upload.mutateAsync({ file, key }),
    );
  };
  return (
    <Photos
      pictures={usePictures(invoiceId)}
      upload={send}
      remove={remove.mutateAsync}
      editable={editable}
      mayRemove={(p) => canRemoveAuthored(viewer, p)}
      camera
      setVisible={
        can(viewer, 'invoice.edit') ? (p, visible) => visibility.mutateAsync({ pictureId: p.id, visible }) : undefined
      }
      pending={pending.map((i) => ({
        key: i.key,
        url: pendingPhotoUrl(i)!,
        name: i.request.file!.name,
        problem: i.problem?.message,
      }))}
    />
  );
}
