import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Form } from 'react-bootstrap';
import { passwordResetBody, type PasswordResetBody } from '@oficina/contracts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthCard, BackToLogin, SubmitButton, SubmitError } from '../components/auth-card.tsx';

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
          <SubmitButton pending={mutation.isPending}>Enviar link</SubmitButton>
          {mutation.isError && <SubmitError error={mutation.error} />}
        </Form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
