import { Suspense, useState, type MouseEvent } from 'react';
import { Container, Nav, Navbar, NavDropdown } from 'react-bootstrap';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth, useMe } from '../lib/auth.tsx';
import { PRODUCT_NAME } from '../lib/product.ts';
import { clearAllDrafts } from '../lib/use-form-draft.ts';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { LeaveGuard } from '../components/leave-guard.tsx';
import { canSee, financeNav, mainNav, registersNav, trailingNav, type NavItem } from './navigation.ts';
import { PageSpinner } from '../components/page-spinner.tsx';

export function Layout() {
  const { user, isAdmin, signOut } = useAuth();
  const me = useMe();
  const navigate = useNavigate();
  const { pathname } = useLocation();
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
  const visible = (items: NavItem[]) => items.filter((i) => canSee(i, isAdmin, features));
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
                {isAdmin && (
                  <NavDropdown.Item as={NavLink} to="/organization">
                    Organização
                  </NavDropdown.Item>
                )}
                <NavDropdown.Item
                  onClick={() => {
                    clearAllDrafts();
                    signOut();
                    navigate('/login');
                  }}
                >
                  Sair
                </NavDropdown.Item>
              </NavDropdown>
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <LeaveGuard />
      <Container fluid="xl" as="main" className="pb-5">
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
