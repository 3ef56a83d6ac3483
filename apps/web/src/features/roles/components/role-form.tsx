import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Form } from 'react-bootstrap';
import { messages, roleBody, type PermissionList, type RoleBody } from '@ordem-certa/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { PermissionGrid } from './permission-grid.tsx';

interface RoleFormProps {
  groups: PermissionList['groups'];
  defaultValues?: RoleBody;
  onSubmit(values: RoleBody): Promise<unknown>;
}

/** A custom role: its name and the permissions it holds. */
export function RoleForm({ groups, defaultValues = { name: '', permissions: [] }, onSubmit }: RoleFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RoleBody>({ resolver: zodResolver(roleBody), mode: 'onBlur', defaultValues });
  const submit = handleSubmit(async (values) => {
    await onSubmit(values).catch((err) => applyServerErrors(err, setError, messages.requestFailed));
  });
  const permissionsError = errors.permissions?.message ?? errors.permissions?.root?.message;
  return (
    <Form noValidate onSubmit={submit}>
      <div className="form-narrow">
        <TextField id="role-name" label="Nome" error={errors.name?.message} autoComplete="off" {...register('name')} />
      </div>
      <h2 className="h5 mt-4" id="role-permissions">
        Permissões
      </h2>
      {permissionsError && (
        <Alert variant="danger" className="py-2">
          {permissionsError}
        </Alert>
      )}
      <Controller
        control={control}
        name="permissions"
        render={({ field }) => (
          <PermissionGrid
            groups={groups}
            value={field.value}
            onChange={field.onChange}
            isInvalid={!!permissionsError}
          />
        )}
      />
      <FormActions cancelTo="/roles" isSubmitting={isSubmitting} />
    </Form>
  );
}
