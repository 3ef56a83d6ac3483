import { PhotosSection as Photos } from '../../../components/photos/photos-section.tsx';
import { usePictures, useRemovePicture, useUploadPicture } from '../api/pictures.ts';

/** The estimate's photos (PNG or JPEG); added and removed while Draft or Wip. */
export function PhotosSection({ estimateId, editable }: { estimateId: number; editable: boolean }) {
  const upload = useUploadPicture(estimateId);
  const remove = useRemovePicture(estimateId);
  return (
    <Photos
      pictures={usePictures(estimateId)}
      upload={upload.mutateAsync}
      remove={remove.mutateAsync}
      editable={editable}
      mayRemove={() => true}
    />
  );
}
