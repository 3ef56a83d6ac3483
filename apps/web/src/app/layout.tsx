import { Suspense, useEffect, useState, type MouseEvent } from 'react';
import { Container, Nav, Navbar, NavDropdown } from 'react-bootstrap';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { can } from '@ordem-certa/contracts';
import { useAuth, useMe, useOrgPath } from '../lib/auth.tsx';
import { useConfirm } from '../components/confirm-dialog.tsx';
import { OutboxButton } from '../components/offline/outbox-button.tsx';
import { UpdatePrompt } from '../components/offline/update-prompt.tsx';
import { flushOutbox, outbox, startOutbox } from '../lib/offline/outbox-runtime.ts';
import { forgetSavedQueries, sessionOwner } from '../lib/offline/saved-queries.ts';
import { forgetPushSubscription } from '../lib/offline/push.ts';
import { registerServiceWorker } from '../lib/pwa.ts';
import { prefetchAssignedOrders } from '../features/invoices/api/prefetch-assigned-orders.ts';
import { publicInvoiceQueryOptions } from '../features/public-sign/api/get-public-invoice.ts';
import { PRODUCT_NAME } from '../lib/product.ts';
import { clearAllDrafts } from '../lib/use-form-draft.ts';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { LeaveGuard } from '../components/leave-guard.tsx';
import { canSee, financeNav, mainNav, registersNav, trailingNav, type NavItem } from './navigation.ts';
import { PageSpinner } from '../components/page-spinner.tsx';
import { VerifyEmailBanner } from '../features/signup/components/verify-email-banner.tsx';

/** How long after the frame appears the read-ahead of the technician's orders may start. */
const READ_AHEAD_AFTER_MS = 4_000;

/**
 * Runs `work` once the screen the person opened has arrived and painted: a few seconds after the frame
 * appears, then when the browser is idle. On a slow phone the read-ahead of 30 orders (a hundred
 * requests, each answer parsed and saved) started with the screen and competed with it for the
 * network and the processor, delaying the order the technician had just opened. Returns the cancel.
 */
function afterScreenSettles(work: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(work, { timeout: 2_000 });
    else work();
  }, READ_AHEAD_AFTER_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * The signed-in frame also runs what keeps the app working without a network: the service worker, the
 * outbox (writes waiting to be sent) and, for a technician, the read-ahead of their open orders (the
 * copy of their screens is saved from the app's start, main.tsx).
 */
function useOfflineSupport(readsAhead: boolean, signedIn: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const orgPath = useOrgPath();
  useEffect(() => {
    const stopOutbox = startOutbox(queryClient);
    void registerServiceWorker({ flush: () => flushOutbox(true), navigate: (path) => navigate(path) });
    return stopOutbox;
  }, [queryClient, navigate]);
  useEffect(() => {
    if (!readsAhead || !signedIn) return;
    const readAhead = () =>
      void prefetchAssignedOrders(queryClient, orgPath, (id, token) =>
        queryClient.prefetchQuery({ ...publicInvoiceQueryOptions(id, token), staleTime: 60_000 }),
      );
    return afterScreenSettles(readAhead);
  }, [readsAhead, signedIn, queryClient, orgPath]);
}

export function Layout() {
  const { user, viewer, signOut } = useAuth();
  const me = useMe();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { pathname } = useLocation();
  // Who works only the orders they are assigned to takes them along; the office works from the full list.
  useOfflineSupport(can(viewer, 'invoice.work') && !can(viewer, 'invoice.seeAll'), !!me.data);

  /**
   * Logging out on a shared phone leaves nothing of this user: the saved screens, the queue (asked
   * first when something was not sent yet), the drafts and this phone's push subscription.
   */
  const logOut = async () => {
    const owner = sessionOwner();
    const pending = owner ? await outbox.items(owner).catch(() => []) : [];
    if (pending.length > 0) {
      const ok = await confirm({
        title: 'Sair e apagar os envios pendentes?',
        text: `Ainda não chegaram ao escritório: ${pending.length} ${pending.length === 1 ? 'envio' : 'envios'} (comentários, fotos, assinatura ou situação da OS). Ao sair, são apagados deste aparelho e não serão enviados.`,
        confirmLabel: 'Sair e apagar',
      });
      if (!ok) return;
    }
    if (owner) {
      await outbox.discardAll(owner).catch(() => undefined);
      await forgetSavedQueries(owner).catch(() => undefined);
      // Last: it needs the server, and an ended session (401) reloads into the login page.
      await forgetPushSubscription().catch(() => undefined);
    }
    clearAllDrafts();
    signOut();
    navigate('/login');
  };
  // The phone menu closes once a link is chosen (collapseOnSelect alone never fires for router links,
  // which have no eventKey) and whenever the page changes.
  const [expanded, setExpanded] = useState(false);
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setExpanded(false);
  }
  const closeOnLink = (e: MouseEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('a[href], .dropdown-item') && !target.closest('.dropdown-toggle')) setExpanded(false);
  };
  const features = me.data?.organization.features ?? {};
  const visible = (items: NavItem[]) => items.filter((i) => canSee(i, viewer, features));
  const link = (i: NavItem) => (
    <Nav.Link as={NavLink} to={i.to} key={i.to}>
      {i.label}
    </Nav.Link>
  );
  const registers = visible(registersNav);
  const finance = visible(financeNav);
  const dropdown = (title: string, id: string, items: NavItem[]) =>
    items.length > 0 && (
      <NavDropdown title={title} id={id}>
        {items.map((i) => (
          <NavDropdown.Item as={NavLink} to={i.to} key={i.to}>
            {i.label}
          </NavDropdown.Item>
        ))}
      </NavDropdown>
    );

  return (
    <>
      <Navbar
        expand="xl"
        bg="dark"
        data-bs-theme="dark"
        className="app-navbar mb-3"
        expanded={expanded}
        onToggle={setExpanded}
        aria-label="Navegação principal"
      >
        <Container fluid="xxl">
          <Navbar.Brand as={NavLink} to="/">
            {PRODUCT_NAME}
          </Navbar.Brand>
          <OutboxButton />
          {me.data && <NotificationBell />}
          <Navbar.Toggle aria-controls="main-nav" label="Abrir menu" aria-expanded={expanded} className="ms-2" />
          <Navbar.Collapse id="main-nav" onClick={closeOnLink}>
            {me.data && (
              <Nav className="me-auto">
                {visible(mainNav).map(link)}
                {dropdown('Cadastros', 'nav-registers', registers)}
                {dropdown('Financeiro', 'nav-finance', finance)}
                {visible(trailingNav).map(link)}
              </Nav>
            )}
            <Nav className="ms-auto">
              <NavDropdown title={user?.name ?? ''} id="nav-user" align="end">
                <NavDropdown.ItemText className="small text-body-secondary">
                  {me.data?.organization.name}
                </NavDropdown.ItemText>
                <NavDropdown.Divider />
                <NavDropdown.Item as={NavLink} to="/profile">
                  Perfil
                </NavDropdown.Item>
                {can(viewer, 'organization.manage') && (
                  <NavDropdown.Item as={NavLink} to="/organization">
                    Organização
                  </NavDropdown.Item>
                )}
                {can(viewer, 'whatsapp.configure') && (
                  <NavDropdown.Item as={NavLink} to="/whatsapp">
                    WhatsApp
                  </NavDropdown.Item>
                )}
                <NavDropdown.Item onClick={() => void logOut()}>Sair</NavDropdown.Item>
              </NavDropdown>
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <LeaveGuard />
      <UpdatePrompt />
      <Container fluid="xl" as="main" className="pb-5">
        <VerifyEmailBanner />
        {me.isPending ? (
          <PageSpinner />
        ) : (
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        )}
      </Container>
    </>
  );
}
