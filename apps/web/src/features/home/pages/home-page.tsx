import { useAuth, useMe } from '../../../lib/auth.tsx';

export function HomePage() {
  const { user } = useAuth();
  const me = useMe();
  return (
    <div className="py-4">
      <h1 className="h3">Bem-vindo</h1>
      <p className="text-body-secondary mb-0">
        {user?.name} · {me.data?.organization.name}
      </p>
    </div>
  );
}
