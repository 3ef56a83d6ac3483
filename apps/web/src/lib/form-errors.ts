import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, toastApiError } from './api-client.ts';

/**
 * Puts a server 422 under the matching fields (messages joined with '. '); other errors with
 * an errors list become a toast. Returns true when the error was shown.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fallback?: string,
) {
  if (err instanceof ApiError && err.status === 422 && err.fieldErrors) {
    for (const [field, list] of Object.entries(err.fieldErrors)) {
      setError((field === '_' ? 'root' : field) as Path<T>, { type: 'server', message: list.join('. ') });
    }
    return;
  }
  toastApiError(err, fallback);
}
