import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The full-size photo (GET of the picture's `url`, an API path), as a Blob; fetched when shown. */
export const getPictureFile = (url: string) => api.getBlob(url);

export const usePictureFile = (url: string | null) =>
  useQuery({
    queryKey: ['picture-file', url],
    queryFn: () => getPictureFile(url!),
    enabled: !!url,
    staleTime: Infinity,
    gcTime: 60_000,
  });
