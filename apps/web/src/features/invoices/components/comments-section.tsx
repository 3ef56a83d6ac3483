import { useState } from 'react';
import { Button, Form, ListGroup, Spinner, Tab, Tabs } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import {
  addCommentBody,
  can,
  CommentType,
  commentTypeLabels,
  invoiceMessages,
  messages,
  type AddCommentBody,
  type CommentTypeValue,
  type InvoiceComment,
} from '@oficina/contracts';
import { useViewer } from '../../../lib/auth.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useFormDraft } from '../../../lib/use-form-draft.ts';
import { DraftNotice } from '../../../components/draft-notice.tsx';
import { ActionButton } from '../../../components/action-button.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { useAddComment } from '../api/add-comment.ts';
import { useComments } from '../api/get-comments.ts';
import { useRemoveComment } from '../api/remove-comment.ts';
import { toastRemoveFailed } from './notify.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { ConnectionNotice, useNoConnection } from '../../../components/connection-notice.tsx';

type WritableType = AddCommentBody['type'];

// The rule's name starts with 'use', which the hooks linter would take for a hook inside a callback.
const mayUseType = can.orderCommentType;
const allTypes: CommentTypeValue[] = [
  CommentType.General,
  CommentType.Technical,
  CommentType.Internal,
  CommentType.System,
];

/**
 * Comments by type: Geral and Técnico for everyone, Interno for admins, Sistema (what the
 * server wrote on each state change) for admins, read-only. Closed orders take no new comment and no
 * removal.
 */
export function CommentsSection({ invoiceId, closed }: { invoiceId: number; closed: boolean }) {
  const viewer = useViewer();
  const [tab, setTab] = useState<string>(String(CommentType.General));
  const types = allTypes.filter((type) => mayUseType(viewer, type));
  return (
    <SectionCard title="Comentários">
      <Tabs
        activeKey={tab}
        onSelect={(k) => setTab(k ?? String(CommentType.General))}
        className="mb-3 comment-tabs"
        fill
        mountOnEnter
      >
        {types.map((type) => (
          <Tab key={type} eventKey={String(type)} title={commentTypeLabels[type]}>
            <CommentList invoiceId={invoiceId} type={type} closed={closed} />
          </Tab>
        ))}
      </Tabs>
    </SectionCard>
  );
}

function CommentList({ invoiceId, type, closed }: { invoiceId: number; type: CommentTypeValue; closed: boolean }) {
  const viewer = useViewer();
  const comments = useComments(invoiceId, type);
  const offline = useNoConnection(comments);
  const remove = useRemoveComment(invoiceId);
  const confirm = useConfirm();
  const isSystem = type === CommentType.System;
  // The server lets an author remove their own comments and an admin any of them, never System ones.
  const canRemove = (c: InvoiceComment) => !isSystem && !closed && can.removeComment(viewer, c);

  const onRemove = async (c: InvoiceComment) => {
    if (!(await confirm({ title: 'Remover comentário?', confirmLabel: 'Remover' }))) return;
    try {
      await remove.mutateAsync(c.id);
      toast.success('Comentário removido com sucesso');
    } catch (err) {
      toastRemoveFailed(err, invoiceMessages.removeFailed('comentário'));
    }
  };

  return (
    <>
      {!isSystem && !closed && <CommentForm invoiceId={invoiceId} type={type as WritableType} />}
      {offline ? (
        <ConnectionNotice compact />
      ) : comments.isPending ? (
        <div className="text-center py-3">
          <Spinner size="sm" /> <span className="ms-2">Carregando...</span>
        </div>
      ) : comments.data?.data.length ? (
        <ListGroup variant="flush" as="ul" aria-label={`Comentários ${commentTypeLabels[type]}`}>
          {comments.data.data.map((c) => (
            <ListGroup.Item as="li" key={c.id} className="px-0 d-flex gap-2 align-items-start">
              <div className="flex-grow-1 min-w-0">
                <div className="small text-body-secondary">
                  <strong className="text-body">{c.userName}</strong> · {formatDateTime(c.createdAt)}
                </div>
                <div className="text-pre-line text-break">{c.comment}</div>
              </div>
              {canRemove(c) && (
                <ActionButton
                  size="sm"
                  variant="outline-danger"
                  aria-label="Remover comentário"
                  title="Remover"
                  action={() => onRemove(c)}
                >
                  <TrashIcon />
                </ActionButton>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      ) : (
        <p className="text-body-secondary text-center py-2 mb-0">Nenhum comentário</p>
      )}
    </>
  );
}

function CommentForm({ invoiceId, type }: { invoiceId: number; type: WritableType }) {
  const add = useAddComment(invoiceId);
  const form = useForm<AddCommentBody>({
    resolver: zodResolver(addCommentBody),
    mode: 'onBlur',
    defaultValues: { comment: '', type },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const draft = useFormDraft(['invoice', invoiceId, 'comment', type], form);
  const onSubmit = handleSubmit(async (body) => {
    try {
      await add.mutateAsync(body);
      draft.clear();
      toast.success('Comentário adicionado com sucesso');
      reset({ comment: '', type });
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  return (
    <Form noValidate onSubmit={onSubmit} className="mb-3">
      <Form.Group controlId={`comment-${type}`}>
        <Form.Label className="visually-hidden">{`Novo comentário ${commentTypeLabels[type]}`}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          placeholder="Escreva um comentário"
          isInvalid={!!errors.comment}
          {...register('comment')}
        />
        <Form.Control.Feedback type="invalid">{errors.comment?.message ?? errors.type?.message}</Form.Control.Feedback>
      </Form.Group>
      <DraftNotice draft={draft} className="small mt-1" />
      {errors.root && <div className="text-danger small">{errors.root.message}</div>}
      <div className="d-flex justify-content-end mt-2">
        <Button type="submit" size="sm" className="comment-submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
          Comentar
        </Button>
      </div>
    </Form>
  );
}
