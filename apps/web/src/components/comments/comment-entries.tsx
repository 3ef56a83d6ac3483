import { Button, ListGroup } from 'react-bootstrap';
import { formatDateTime } from '../../lib/format.ts';
import { ActionButton } from '../action-button.tsx';
import { TrashIcon } from '../icons.tsx';

/** A comment as both kinds of record list it: its text, who wrote it and when. */
export interface AuthoredComment {
  id: number;
  comment: string;
  createdAt: string;
  userName: string;
}

interface CommentEntriesProps<C extends AuthoredComment> {
  comments: C[];
  /** The list's name for screen readers. */
  label: string;
  /** Whether this comment offers its removal (who wrote it, who is reading, whether the record is closed). */
  canRemove(comment: C): boolean;
  onRemove(comment: C): Promise<void>;
  /** The remove button says this word; without it, a trash icon named 'Remover comentário'. */
  removeText?: string;
  /** Shown instead of an empty list; none shows nothing. */
  emptyText?: string;
}

/** Comments oldest first as the server sends them: the author and the time over each text, and its removal. */
export function CommentEntries<C extends AuthoredComment>(props: CommentEntriesProps<C>) {
  const { comments, label, canRemove, onRemove, removeText, emptyText } = props;
  if (!comments.length) {
    return emptyText ? <p className="text-body-secondary text-center py-2 mb-0">{emptyText}</p> : null;
  }
  return (
    <ListGroup variant="flush" as="ul" aria-label={label}>
      {comments.map((c) => (
        <ListGroup.Item as="li" key={c.id} className="px-0 d-flex gap-2 align-items-start">
          <div className="flex-grow-1 min-w-0">
            <div className="small text-body-secondary">
              <strong className="text-body">{c.userName}</strong> · {formatDateTime(c.createdAt)}
            </div>
            <div className="text-pre-line text-break">{c.comment}</div>
          </div>
          {canRemove(c) &&
            (removeText ? (
              <Button size="sm" variant="link" className="p-0 text-danger" onClick={() => onRemove(c)}>
                {removeText}
              </Button>
            ) : (
              <ActionButton
                size="sm"
                variant="outline-danger"
                aria-label="Remover comentário"
                title="Remover"
                action={() => onRemove(c)}
              >
                <TrashIcon />
              </ActionButton>
            ))}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
