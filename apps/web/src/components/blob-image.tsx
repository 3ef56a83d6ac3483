import { useCallback, type ImgHTMLAttributes } from 'react';

interface BlobImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  blob: Blob;
  alt: string;
}

/**
 * An image the API serves only with the bearer token: fetched as a Blob and shown through a
 * blob: URL, which is released when the image goes away or the blob changes.
 */
export function BlobImage({ blob, alt, ...rest }: BlobImageProps) {
  const ref = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
  return <img ref={ref} alt={alt} {...rest} />;
}
