import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import type { UseQueryResult } from '@tanstack/react-query';
import { NotFoundPage } from './not-found-page.tsx';
import { PageHeader } from './page-header.tsx';
import { RecordFallback } from './record-fallback.tsx';

/** The id in an edit screen's address ('/products/7/edit'). */
export const useRecordId = () => Number(useParams().id);

/** A register form's submit: save, say so, then back to the list. */
export function useSaveAndReturn<B>(save: (body: B) => Promise<unknown>, savedMessage: string, listPath: string) {
  const navigate = useNavigate();
  return async (body: B) => {
    await save(body);
    toast.success(savedMessage);
    navigate(listPath);
  };
}

interface RegisterEditPageProps<R> {
  id: number;
  record: UseQueryResult<R>;
  /** The record in words, for "Não foi possível carregar <what>." ('o produto'). */
  what: string;
  /** None: the screen draws its own header (the party tabs). */
  title?: string | ((record: R) => string);
  /** The form, given the loaded record. */
  children(record: R): ReactNode;
}

/**
 * A register record's edit screen: its title and form once the record has come. Until then it
 * shows what the order and estimate screens show: the spinner, the not-found page for an id that
 * is not a record's (or that the server does not find), else "Não foi possível carregar …".
 */
export function RegisterEditPage<R>({ id, record, what, title, children }: RegisterEditPageProps<R>) {
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (!record.isSuccess) return <RecordFallback isPending={record.isPending} error={record.error} what={what} />;
  return (
    <>
      {title !== undefined && <PageHeader title={typeof title === 'function' ? title(record.data) : title} />}
      {children(record.data)}
    </>
  );
}
