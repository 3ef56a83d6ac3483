import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { EstimateCommentType, estimateMessages } from '@oficina/contracts';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useStateDraft } from '../../../lib/use-form-draft.ts';
import { DraftNotice } from '../../../components/draft-notice.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useAddComment, useComments, useRemoveComment } from '../api/comments.ts';
import { SectionCard } from '../../../components/section-card.tsx';

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
  type: 1 | 2;
  title: string;
  hint: string;
  notes: Array<{ id: number; comment: string; createdAt: string; userName: string }>;
}) {
  const add = useAddComment(props.estimateId);
  const remove = useRemoveComment(props.estimateId);
  const confirm = useConfirm();
  const [text, setText] = useState('');
  const draft = useStateDraft(['estimate', props.estimateId, 'note', props.type], [text, setText], '');
  const [error, setError] = useState<string | null>(null);
  const id = `estimate-note-${props.type}`;
  return (
    <SectionCard title={props.title}>
      <p className="small text-body-secondary">{props.hint}</p>
      {props.notes.map((n) => (
        <div key={n.id} className="border-bottom pb-2 mb-2">
          <div className="small text-body-secondary d-flex justify-content-between">
            <span>
              {n.userName} · {formatDateTime(n.createdAt)}
            </span>
            <Button
              size="sm"
              variant="link"
              className="p-0 text-danger"
              onClick={async () => {
                if (!(await confirm())) return;
                try {
                  await remove.mutateAsync(n.id);
                } catch (err) {
                  toastApiError(err, estimateMessages.removeFailed('comentário'));
                }
              }}
            >
              Remover
            </Button>
          </div>
          <div style={{ whiteSpace: 'pre-wrap' }}>{n.comment}</div>
        </div>
      ))}
      <Form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          if (!text.trim()) return setError('Informe o comentário');
          try {
            await add.mutateAsync({ comment: text, type: props.type });
            draft.clear();
            setText('');
            toast.success('Observação registrada');
          } catch (err) {
            if (err instanceof ApiError && err.status === 422)
              setError(
                Object.values(err.fieldErrors ?? {})
                  .flat()
                  .join('. '),
              );
            else toastApiError(err, estimateMessages.statusFailed);
          }
        }}
      >
        <Form.Label htmlFor={id} className="visually-hidden">
          {props.title}
        </Form.Label>
        <Form.Control
          id={id}
          as="textarea"
          rows={2}
          value={text}
          isInvalid={!!error}
          onChange={(e) => setText(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        <DraftNotice draft={draft} className="small mt-1" />
        <Button type="submit" size="sm" className="mt-2" disabled={add.isPending}>
          Adicionar
        </Button>
      </Form>
    </SectionCard>
  );
}
