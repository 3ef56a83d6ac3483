import {
  addEstimateCommentBody,
  EstimateCommentType,
  estimateMessages,
  type EstimateComment,
} from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { CommentEntries } from '../../../components/comments/comment-entries.tsx';
import { CommentForm } from '../../../components/comments/comment-form.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useRemoval } from '../../../components/use-removal.ts';
import { useAddComment, useComments, useRemoveComment } from '../api/comments.ts';

const kinds = [
  { type: EstimateCommentType.General, title: 'Observações gerais', hint: 'Saem no PDF e no e-mail.' },
  { type: EstimateCommentType.Internal, title: 'Observações internas', hint: 'Só a equipe vê.' },
] as const;

/** General notes (printed) and internal notes (the shop's only); added and removed in any status. */
export function NotesSection({ estimateId }: { estimateId: number }) {
  const list = useComments(estimateId);
  return (
    <>
      {kinds.map((k) => (
        <NotesOfType
          key={k.type}
          estimateId={estimateId}
          {...k}
          notes={(list.data?.data ?? []).filter((c) => c.type === k.type)}
        />
      ))}
    </>
  );
}

function NotesOfType(props: {
  estimateId: number;
  type: (typeof kinds)[number]['type'];
  title: string;
  hint: string;
  notes: EstimateComment[];
}) {
  const { estimateId, type, title, hint, notes } = props;
  const add = useAddComment(estimateId);
  const remove = useRemoveComment(estimateId);
  // Asked with the dialog's own words; the list losing the note says it is gone.
  const onRemove = useRemoval<EstimateComment>({
    question: () => ({}),
    run: (n) => remove.mutateAsync(n.id),
    failed: (err) => toastApiError(err, estimateMessages.removeFailed('comentário')),
  });
  return (
    <SectionCard title={title}>
      <p className="small text-body-secondary">{hint}</p>
      <CommentEntries comments={notes} label={title} canRemove={() => true} onRemove={onRemove} removeText="Remover" />
      <CommentForm
        schema={addEstimateCommentBody}
        type={type}
        draftKey={['estimate', estimateId, 'comment', type]}
        label={title}
        submitLabel="Adicionar"
        added="Observação registrada"
        onAdd={add.mutateAsync}
        className="mt-2"
      />
    </SectionCard>
  );
}
