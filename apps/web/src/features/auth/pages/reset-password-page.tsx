import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Form } from 'react-bootstrap';
import { passwordResetForm, passwordResetMessages, type PasswordResetForm } from '@ordem-certa/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useConfirmPasswordReset } from '../api/password-reset.ts';
import { TextField } from '../../../components/text-field.tsx';
import { AuthCard, BackToLogin, SubmitButton, SubmitError } from '../components/auth-card.tsx';

/** The page the e-mailed link opens: the new password typed twice; then back to the login. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const mutation = useConfirmPasswordReset();
  const form = useForm<PasswordResetForm>({ resolver: zodResolver(passwordResetForm), mode: 'onBlur' });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const { message } = await mutation.mutateAsync({ token, password });
      navigate('/login', { replace: true, state: { notice: message } });
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) applyServerErrors(err, form.setError);
    }
  });

  const gone = !token || (mutation.error instanceof ApiError && mutation.error.status === 410);
  return (
    <AuthCard subtitle="Criar nova senha">
      {gone ? (
        <Alert variant="warning" data-testid="reset-invalid">
          {passwordResetMessages.linkInvalid}
          <div className="mt-2">
            <Link to="/forgot-password">Pedir um novo link</Link>
          </div>
        </Alert>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <TextField
            id="reset-password"
            label="Nova senha"
            error={errors.password?.message}
            groupClassName="mb-2 keeps-feedback-line"
            type="password"
            autoComplete="new-password"
            autoFocus
            {...register('password')}
          />
          <TextField
            id="reset-password-confirm"
            label="Confirme a nova senha"
            error={errors.passwordConfirm?.message}
            groupClassName="mb-3 keeps-feedback-line"
            type="password"
            autoComplete="new-password"
            {...register('passwordConfirm')}
          />
          <SubmitButton pending={mutation.isPending}>Salvar nova senha</SubmitButton>
          {mutation.isError && !(mutation.error instanceof ApiError && mutation.error.status === 422) && (
            <SubmitError error={mutation.error} />
          )}
        </Form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
