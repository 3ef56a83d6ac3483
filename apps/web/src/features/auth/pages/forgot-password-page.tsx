import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, Form } from 'react-bootstrap';
import { passwordResetBody, type PasswordResetBody } from '@ordem-certa/contracts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { TextField } from '../../../components/text-field.tsx';
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
          <TextField
            id="reset-email"
            label="E-mail"
            error={errors.email?.message}
            groupClassName="mb-3 keeps-feedback-line"
            type="email"
            autoComplete="username"
            autoFocus
            {...register('email')}
          />
          <SubmitButton pending={mutation.isPending}>Enviar link</SubmitButton>
          {mutation.isError && <SubmitError error={mutation.error} />}
        </Form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
