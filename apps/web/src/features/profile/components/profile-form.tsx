import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  messages,
  profileForm,
  profileMessages,
  type Profile,
  type ProfileForm as Values,
} from '@ordem-certa/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** 'Dados': name, e-mail and, optionally, a new password (old, new, confirmation). */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(profileForm),
    mode: 'onBlur',
    defaultValues: { name: profile.name, email: profile.email, oldPassword: '', newPassword: '', passwordConfirm: '' },
  });
  const submit = handleSubmit(async ({ passwordConfirm: _confirm, ...body }) => {
    try {
      const saved = await update.mutateAsync(body);
      toast.success(profileMessages.saved);
      reset({ name: saved.name, email: saved.email, oldPassword: '', newPassword: '', passwordConfirm: '' });
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  const field = (name: keyof Values, label: string, type = 'text', autoComplete?: string) => (
    <Form.Group className="mb-3" controlId={`profile-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control type={type} autoComplete={autoComplete} isInvalid={!!errors[name]} {...register(name)} />
      <Form.Control.Feedback type="invalid">{errors[name]?.message}</Form.Control.Feedback>
    </Form.Group>
  );
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      {field('name', 'Nome', 'text', 'name')}
      {field('email', 'E-mail', 'email', 'email')}
      <fieldset className="border rounded p-3 mb-3">
        <legend className="fs-6 float-none w-auto px-2 mb-0">Alterar senha</legend>
        <p className="small text-body-secondary">Deixe a senha atual em branco para manter a senha.</p>
        {field('oldPassword', 'Senha atual', 'password', 'current-password')}
        {field('newPassword', 'Nova senha', 'password', 'new-password')}
        {field('passwordConfirm', 'Confirmar nova senha', 'password', 'new-password')}
      </fieldset>
      <FormActions isSubmitting={isSubmitting} />
    </Form>
  );
}
