import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { passwordResetBody, type PasswordResetBody } from '@oficina/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** "Esqueci minha senha": asks for the e-mail; the answer never tells whether it is registered. */
export function ForgotPasswordPage() {
  const mutation = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetBody>({ resolver: zodResolver(passwordResetBody), mode: 'onBlur' });
  const onSubmit = handleSubmit((values) => mutation.mutate(values));

  return (
    <AuthCard subtitle="Esqueci minha senha">
      {mutation.isSuccess ? (
        <Alert variant="success" data-testid="reset-requested">
          {mutation.data.message}
        </Alert>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <p className="text-body-secondary">Informe o seu e-mail. Enviaremos um link para criar uma nova senha.</p>
          <Form.Group className="mb-4" controlId="reset-email">
            <Form.Label>E-mail</Form.Label>
            <Form.Control
              type="email"
              autoComplete="username"
              autoFocus
              isInvalid={!!errors.email}
              {...register('email')}
            />
            <Form.Control.Feedback type="invalid">{errors.email?.message}</Form.Control.Feedback>
          </Form.Group>
          <Button type="submit" className="w-100" size="lg" disabled={mutation.isPending}>
            {mutation.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
            Enviar link
          </Button>
          {mutation.isError && (
            <div role="alert" className="text-danger text-center mt-3">
              {(mutation.error instanceof ApiError && mutation.error.messages?.[0]) ||
                'Tente novamente mais tarde ou entre em contato'}
            </div>
          )}
        </Form>
      )}
      <p className="text-center mt-3 mb-0">
        <Link to="/login">Voltar para o login</Link>
      </p>
    </AuthCard>
  );
}
