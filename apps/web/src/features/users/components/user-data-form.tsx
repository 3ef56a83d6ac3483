import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { createUserBody, messages, updateUserBody, type UpdateUserBody } from '@oficina/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useAvailableRoles, type RoleOption } from '../api/get-available-roles.ts';

interface UserDataFormProps {
  /** create: the password is required; edit: blank keeps it, and the Ativo switch shows. */
  mode: 'create' | 'edit';
  defaultValues?: UpdateUserBody;
  onSubmit(values: UpdateUserBody): Promise<unknown>;
}

// Both operations validate the same fields; creating only makes the password required.
const resolvers = {
  create: zodResolver(createUserBody) as unknown as Resolver<UpdateUserBody>,
  edit: zodResolver(updateUserBody) as unknown as Resolver<UpdateUserBody>,
};

/** Waits for the role list, so the select can show the saved role. */
export function UserDataForm(props: UserDataFormProps) {
  const roles = useAvailableRoles();
  return (
    <QueryState isPending={roles.isPending} error={roles.error}>
      {roles.data && <UserDataFields {...props} roles={roles.data} />}
    </QueryState>
  );
}

function UserDataFields({ mode, defaultValues, onSubmit, roles }: UserDataFormProps & { roles: RoleOption[] }) {
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateUserBody>({
    resolver: resolvers[mode],
    mode: 'onBlur',
    defaultValues: defaultValues ?? { name: '', role: undefined, email: '', plainPassword: '', isActive: true },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      // A saved password is not left in the field.
      resetField('plainPassword');
    } catch (err) {
      applyServerErrors(err, setError, messages.requestFailed);
    }
  });
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <Form.Group className="mb-3" controlId="user-name">
        <Form.Label>Nome</Form.Label>
        <Form.Control autoComplete="off" isInvalid={!!errors.name} {...register('name')} />
        <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="user-role">
        <Form.Label>Perfil</Form.Label>
        <Form.Select isInvalid={!!errors.role} {...register('role')}>
          <option value="">Selecione o Perfil</option>
          {roles.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.role?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="user-email">
        <Form.Label>E-mail</Form.Label>
        <Form.Control type="email" autoComplete="off" isInvalid={!!errors.email} {...register('email')} />
        <Form.Control.Feedback type="invalid">{errors.email?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="user-password">
        <Form.Label>Senha</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          isInvalid={!!errors.plainPassword}
          aria-describedby="user-password-help"
          {...register('plainPassword')}
        />
        <Form.Control.Feedback type="invalid">{errors.plainPassword?.message}</Form.Control.Feedback>
        <Form.Text id="user-password-help">
          {mode === 'edit' ? 'Deixe em branco para manter a senha atual.' : 'No mínimo 8 caracteres.'}
        </Form.Text>
      </Form.Group>
      {mode === 'edit' && (
        <Form.Group className="mb-3">
          <Form.Check
            type="switch"
            id="user-active"
            label="Ativo"
            isInvalid={!!errors.isActive}
            aria-describedby="user-active-help"
            {...register('isActive')}
          />
          {errors.isActive && <div className="invalid-feedback d-block">{errors.isActive.message}</div>}
          <Form.Text id="user-active-help">
            Um colaborador inativo não entra no sistema e não é oferecido nas ordens de serviço; o histórico dele é
            mantido.
          </Form.Text>
        </Form.Group>
      )}
      <FormActions cancelTo="/admin/users" isSubmitting={isSubmitting} />
    </Form>
  );
}
