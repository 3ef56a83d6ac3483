import { useEffect } from 'react';
import { Button } from 'react-bootstrap';
import { Navigate, NavLink, Outlet, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { PortalFrame } from '../components/portal-frame.tsx';
import { usePortalMe } from '../api/portal-me.ts';
import { portalToken, rememberPortalOrg, signInPath } from '../api/portal-client.ts';
import { signOut } from '../api/sign-out.ts';

const sections: Array<[string, string]> = [
  ['/portal', 'Início'],
  ['/portal/equipamentos', 'Equipamentos'],
  ['/portal/pagamentos', 'Pagamentos'],
  ['/portal/documentos', 'Documentos'],
  ['/portal/atendimento', 'Solicitar atendimento'],
  ['/portal/meus-dados', 'Meus dados'],
];

/** /portal/…: the customer's page, for the session this browser keeps; without one, the page that asks for a link. */
export function PortalLayout() {
  const me = usePortalMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const organizationId = me.data?.brand.organizationId;
  // A link in a message names the organization (?org=): without a session, its page asks for the link.
  const [params] = useSearchParams();
  const linkOrg = Number(params.get('org'));
  useEffect(() => {
    if (organizationId) rememberPortalOrg(organizationId);
  }, [organizationId]);
  if (!portalToken()) return <Navigate to={linkOrg > 0 ? `/portal/entrar?org=${linkOrg}` : signInPath()} replace />;
  if (me.isPending) return <PageSpinner />;
  if (me.isError)
    return <PortalFrame brand={undefined}>Não foi possível abrir a área do cliente. Tente novamente.</PortalFrame>;
  const onSignOut = async () => {
    const to = signInPath();
    await signOut().catch(() => undefined);
    queryClient.removeQueries({ queryKey: ['portal'] });
    navigate(to, { replace: true });
  };
  return (
    <PortalFrame
      brand={me.data.brand}
      actions={
        <Button size="sm" variant="light" onClick={() => void onSignOut()}>
          Sair
        </Button>
      }
    >
      <p className="mb-2">
        Olá, <strong>{me.data.customer.name}</strong>
      </p>
      <nav className="portal-nav" aria-label="Área do cliente">
        {sections.map(([to, label]) => (
          <NavLink key={to} to={to} end>
            {label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </PortalFrame>
  );
}
