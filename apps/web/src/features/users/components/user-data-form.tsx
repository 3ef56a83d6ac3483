import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { createUserBody, messages, updateUserBody, type Role, type UpdateUserBody } from '@ordem-certa/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useRoleOptions } from '../api/get-role-options.ts';

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

const noRole = '' as unknown as number;

/** Waits for the role list, so the select can show the saved role. */
export function UserDataForm(props: UserDataFormProps) {
  const roles = useRoleOptions();
  return (
    <QueryState isPending={roles.isPending} error={roles.error}>
      {roles.data && <UserDataFields {...props} roles={roles.data} />}
    </QueryState>
  );
}

function UserDataFields({ mode, defaultValues, onSubmit, roles }: UserDataFormProps & { roles: Role[] }) {
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateUserBody>({
    resolver: resolvers[mode],
    mode: 'onBlur',
    // A new user has no role yet: the select's empty option, which the schema refuses like NaN.
    defaultValues: defaultValues ?? { name: '', roleId: noRole, email: '', plainPassword: '', isActive: true },
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
  // The role is chosen by id; the server may still answer about 'role' (the value of before): both show
  // under the select.
  const roleError = errors.roleId?.message ?? errors.role?.message;
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <TextField id="user-name" label="Nome" error={errors.name?.message} autoComplete="off" {...register('name')} />
      <Form.Group className="mb-3" controlId="user-role">
        <Form.Label>Perfil</Form.Label>
        <Form.Select
          isInvalid={!!roleError}
          // None chosen is NaN, which the schema refuses with 'Selecione o perfil' under this select.
          {...register('roleId', { setValueAs: (v: string | number) => (v === '' ? Number.NaN : Number(v)) })}
        >
          <option value="">Selecione o Perfil</option>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{roleError}</Form.Control.Feedback>
      </Form.Group>
      <TextField
        id="user-email"
        label="E-mail"
        error={errors.email?.message}
        type="email"
        autoComplete="off"
        {...register('email')}
      />
      <TextField
        id="user-password"
        label="Senha"
        error={errors.plainPassword?.message}
        type="password"
        autoComplete="new-password"
        aria-describedby="user-password-help"
        {...register('plainPassword')}
      >
        <Form.Text id="user-password-help">
          {mode === 'edit' ? 'Deixe em branco para manter a senha atual.' : 'No mínimo 8 caracteres.'}
        </Form.Text>
      </TextField>
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
