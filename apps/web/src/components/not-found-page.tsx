import { Link } from 'react-router';
import { messages } from '@ordem-certa/contracts';

export function NotFoundPage() {
  return (
    <div className="text-center py-5">
      <div className="display-4 text-body-tertiary mb-2">404</div>
      <h1 className="h3">{messages.notFound}</h1>
      <p className="text-body-secondary">O endereço pode ter sido digitado errado ou a página não existe mais.</p>
      <Link to="/" className="btn btn-primary">
        Ir para o início
      </Link>
    </div>
  );
}
