import { can } from '@oficina/contracts';
import { useViewer } from '../../../lib/auth.tsx';
import { PhotosSection as Photos } from '../../../components/photos/photos-section.tsx';
import { usePictures } from '../api/get-pictures.ts';
import { useRemovePicture } from '../api/remove-picture.ts';
import { useUploadPicture } from '../api/upload-picture.ts';

/** The order's photos; an admin removes any, a collaborator the ones they sent. */
export function PhotosSection({ invoiceId, editable }: { invoiceId: number; editable: boolean }) {
  const viewer = useViewer();
  const upload = useUploadPicture(invoiceId);
  const remove = useRemovePicture(invoiceId);
  return (
    <Photos
      pictures={usePictures(invoiceId)}
      upload={upload.mutateAsync}
      remove={remove.mutateAsync}
      editable={editable}
      mayRemove={(p) => can.removePicture(viewer, p)}
    />
  );
}
