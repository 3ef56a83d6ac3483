import { useEffect, useState } from 'react';
import { Badge, Button, Dropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { badgeText, can, type NotificationItem } from '@ordem-certa/contracts';
import { BellIcon } from '../../../components/icons.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { toastApiError } from '../../../lib/api-client.ts';
import { useFeature, useViewer } from '../../../lib/auth.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';

/** Below this width the panel spans the screen under the header; from it on it drops from the bell. */
const WIDE_FROM = 576;

function useIsWide() {
  const query = `(min-width: ${WIDE_FROM}px)`;
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const onChange = () => setWide(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [query]);
  return wide;
}

function NotificationEntry({ item, onNavigate }: { item: NotificationItem; onNavigate(): void }) {
  const confirm = useConfirm();
  const markRead = useMarkNotificationRead();
  const unread = !item.readAt;
  const onMark = async () => {
    const ok = await confirm({ title: 'Marcar como lida?', confirmLabel: 'Marcar como lida', variant: 'primary' });
    if (!ok) return;
    try {
      await markRead.mutateAsync(item.id);
    } catch (err) {
      toastApiError(err, 'Houve um problema ao processar a sua solicitação');
    }
  };
  // Opening a notification is reading it: the click marks it read on the server (no confirmation,
  // the reader chose it) while the link navigates; the list refetches and the badge drops.
  const onOpen = () => {
    onNavigate();
    if (unread)
      markRead.mutate(item.id, {
        onError: (err) => toastApiError(err, 'Houve um problema ao processar a sua solicitação'),
      });
  };
  return (
    <li className={`notification-entry${unread ? ' is-unread' : ''}`}>
      <div className="d-flex justify-content-between gap-2">
        {item.url ? (
          <Link to={item.url} onClick={onOpen} className="fw-semibold">
            {item.title}
          </Link>
        ) : (
          <span className="fw-semibold">{item.title}</span>
        )}
        <small className="text-body-secondary text-nowrap">{formatDateTime(item.notificationDate)}</small>
      </div>
      <div className="small">{item.description}</div>
      {unread && (
        <Button variant="link" size="sm" className="p-0" onClick={onMark} disabled={markRead.isPending}>
          Marcar como lida
        </Button>
      )}
    </li>
  );
}

/**
 * Each user's bell (hidden without the notifications feature): a badge with the unread count
 * ('99+' above 99) and a panel of the newest notifications, at most 20rem tall. It polls the
 * server, so a signature or a due reminder shows up without a reload.
 */
export function NotificationBell() {
  const viewer = useViewer();
  const enabled = useFeature('notifications') && can(viewer, 'notification.read');
  const list = useNotifications(enabled);
  const wide = useIsWide();
  const [show, setShow] = useState(false);
  if (!enabled) return null;
  const unread = list.data?.meta.unread ?? 0;
  const items = list.data?.data ?? [];
  return (
    <Dropdown
      show={show}
      onToggle={(next) => setShow(next)}
      align="end"
      autoClose="outside"
      className={`notification-bell order-xl-last ms-auto ms-xl-2${wide ? '' : ' is-narrow'}`}
    >
      <Dropdown.Toggle
        variant="link"
        className="nav-link position-relative px-2"
        aria-label={unread ? `Notificações: ${unread} não lidas` : 'Notificações'}
      >
        <BellIcon />
        {unread > 0 && (
          <Badge pill bg="danger" className="notification-badge" data-testid="notification-badge">
            {badgeText(unread)}
          </Badge>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="notification-panel shadow p-0" aria-label="Notificações" data-bs-theme="light">
        <div className="notification-panel-header px-3 py-2 border-bottom">
          <strong>Notificações</strong>
          {unread > 0 && <span className="small text-body-secondary ms-2">{unread} não lidas</span>}
        </div>
        <ul className="notification-list list-unstyled mb-0">
          {items.length === 0 ? (
            <li className="notification-entry text-body-secondary">Nenhuma notificação</li>
          ) : (
            items.map((n) => <NotificationEntry key={n.id} item={n} onNavigate={() => setShow(false)} />)
          )}
        </ul>
      </Dropdown.Menu>
    </Dropdown>
  );
}
