import { useState } from 'react';
import { Spinner, Tab, Tabs } from 'react-bootstrap';
import {
  can,
  canRemoveAuthored,
  canUseCommentType,
  CommentType,
  commentTypeLabels,
  invoiceMessages,
  type AddCommentBody,
  type CommentTypeValue,
  type InvoiceComment,
} from '@ordem-certa/contracts';
import { CommentEntries } from '../../../components/comments/comment-entries.tsx';
import { CommentForm } from '../../../components/comments/comment-form.tsx';
import { useRemoval } from '../../../components/use-removal.ts';
import { useAddComment } from '../api/add-comment.ts';
import { useComments } from '../api/get-comments.ts';
import { useRemoveComment } from '../api/remove-comment.ts';
import { toastRemoveFailed } from './notify.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { ConnectionNotice, useNoConnection } from '../../../components/connection-notice.tsx';
import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { newIdempotencyKey } from '../../../lib/api-client.ts';
import { lazySchema } from '../../../lib/schema-source.ts';
import { useAuth, useOrgPath, useViewer } from '../../../lib/auth.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { QUEUED_MESSAGE, sendOrQueue, usePendingFor } from '../../../lib/offline/outbox-runtime.ts';
import { commentsPath } from '../api/add-comment.ts';

const addCommentSchema = lazySchema('addCommentBody');
type WritableType = AddCommentBody['type'];

// The rule's name has 'Use' in it, which the hooks linter could take for a hook inside a callback.
const mayUseType = canUseCommentType;
const allTypes: CommentTypeValue[] = [
  CommentType.General,
  CommentType.Technical,
  CommentType.Internal,
  CommentType.System,
];

/**
 * Comments by type: Geral and Técnico for everyone, Interno and Sistema (what the server wrote on each
 * state change, read-only) for who reads internal comments. Closed orders take no new comment and no
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

/** The types a comment can be written in: every one but System, which the server writes. */
const isWritable = (type: CommentTypeValue): type is WritableType => type !== CommentType.System;

function CommentList({ invoiceId, type, closed }: { invoiceId: number; type: CommentTypeValue; closed: boolean }) {
  const viewer = useViewer();
  const orgPath = useOrgPath();
  const comments = useComments(invoiceId, type);
  // Saved comments are shown offline; the notice only when there is nothing to show.
  const offline = useNoConnection(comments) && comments.data === undefined;
  const add = useAddComment(invoiceId);
  const pending = usePendingFor(invoiceId).filter((i) => i.kind === 'comment' && i.show.commentType === type);
  const onAdd = (body: AddCommentBody) =>
    sendOrQueue(
      {
        key: newIdempotencyKey(),
        kind: 'comment',
        invoiceId,
        label: `Comentário ${commentTypeLabels[body.type]}`,
        request: { path: commentsPath(orgPath, invoiceId), json: body },
        show: { text: body.comment, commentType: body.type },
      },
      (key) => add.mutateAsync({ body, key }),
    );
  const remove = useRemoveComment(invoiceId);
  const onRemove = useRemoval<InvoiceComment>({
    question: () => ({ title: 'Remover comentário?', confirmLabel: 'Remover' }),
    run: (c) => remove.mutateAsync(c.id),
    removed: 'Comentário removido com sucesso',
    failed: (err) => toastRemoveFailed(err, invoiceMessages.removeFailed('comentário')),
  });
  // Who only reads orders (the finance office) reads the comments and writes none.
  const writable = isWritable(type) && !closed && can(viewer, 'invoice.comment') ? type : null;

  return (
    <>
      {writable !== null && (
        <CommentForm
          schema={addCommentSchema}
          type={writable}
          draftKey={['invoice', invoiceId, 'comment', writable]}
          label={`Novo comentário ${commentTypeLabels[writable]}`}
          placeholder="Escreva um comentário"
          submitLabel="Comentar"
          added="Comentário adicionado com sucesso"
          queued={QUEUED_MESSAGE}
          checkOnBlur
          onAdd={onAdd}
          className="mb-3"
        />
      )}
      {offline ? (
        <ConnectionNotice compact />
      ) : comments.isPending ? (
        <div className="text-center py-3">
          <Spinner size="sm" /> <span className="ms-2">Carregando...</span>
        </div>
      ) : (
        <CommentEntries
          comments={comments.data?.data ?? []}
          label={`Comentários ${commentTypeLabels[type]}`}
          // The server lets an author remove their own comments and who edits the order any of them, never
          // System ones.
          canRemove={(c) => writable !== null && canRemoveAuthored(viewer, c)}
          onRemove={onRemove}
          emptyText={pending.length ? undefined : 'Nenhum comentário'}
        />
      )}
      {pending.length > 0 && <PendingComments items={pending} />}
    </>
  );
}

/** Comments written on this phone that the server does not have yet, after the saved ones. */
function PendingComments({ items }: { items: ReturnType<typeof usePendingFor> }) {
  const { user } = useAuth();
  return (
    <ul className="list-unstyled mb-0 border-top" aria-label="Comentários pendentes de envio">
      {items.map((i) => (
        <li key={i.key} className="py-2 border-bottom" data-testid="pending-comment">
          <div className="small text-body-secondary d-flex flex-wrap gap-2 align-items-center">
            <strong className="text-body">{user?.name}</strong> · {formatDateTime(new Date(i.createdAt))}
            <PendingBadge refused={!!i.problem} />
          </div>
          <div className="text-pre-line text-break">{i.show.text}</div>
          {i.problem && <div className="small text-danger">{i.problem.message}</div>}
        </li>
      ))}
    </ul>
  );
}
