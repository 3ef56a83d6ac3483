import { useId, useState, type KeyboardEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { messages, MIN_PASSWORD_LENGTH, ROLE_USER, userMessages } from '@ordem-certa/contracts';
import { api, ApiError } from '../../lib/api-client.ts';
import { MoneyInput } from '../money-input.tsx';
import type { Option } from '../searchable-select.tsx';

/** A field of the short form: a text up to `max` characters (an e-mail, a password), or a price. */
interface QuickField {
  name: string;
  label: string;
  max?: number;
  money?: boolean;
  type?: 'email' | 'password';
}

/**
 * What each register needs to be made from a line's picker, as its contract asks (the server checks it
 * again): a service or product its name and price, an equipment its name, brand, model and serial
 * number, a collaborator a name, an e-mail and a first password (with the collaborator's role, not the
 * admin's). The other data (code, warranty, unit, capacity, pay…) are edited later in the register.
 */
const registers = {
  serviço: {
    fields: [
      { name: 'name', label: 'Nome do serviço', max: 200 },
      { name: 'price', label: 'Preço', money: true },
    ],
    created: 'Serviço cadastrado com sucesso',
  },
  produto: {
    fields: [
      { name: 'name', label: 'Nome do produto', max: 200 },
      { name: 'price', label: 'Preço', money: true },
    ],
    created: 'Produto cadastrado com sucesso',
  },
  equipamento: {
    fields: [
      { name: 'name', label: 'Nome do equipamento', max: 255 },
      { name: 'brand', label: 'Marca', max: 255 },
      { name: 'model', label: 'Modelo', max: 255 },
      { name: 'serialNumber', label: 'N/S', max: 255 },
    ],
    created: 'Equipamento cadastrado com sucesso',
  },
  colaborador: {
    fields: [
      { name: 'name', label: 'Nome do colaborador', max: 120 },
      { name: 'email', label: 'E-mail (o login)', max: 180, type: 'email' },
      { name: 'plainPassword', label: 'Senha inicial', max: 200, type: 'password' },
    ],
    fixed: { role: ROLE_USER },
    created: 'Colaborador cadastrado com sucesso',
  },
} satisfies Record<string, { fields: QuickField[]; created: string; fixed?: Record<string, unknown> }>;
export type QuickRegisterKind = keyof typeof registers;

type Values = Record<string, string | number | null>;

/** The fields' messages, checked without zod (the technician's screens paint without it). */
function check(fields: readonly QuickField[], values: Values) {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.money) {
      if (v === null || v === undefined) errors[f.name] = messages.required;
      else if (!Number.isFinite(v) || Number(v) < 0.01) errors[f.name] = 'O preço deve ser de no mínimo R$ 0,01';
    } else {
      const text = String(v ?? '').trim();
      if (!text) errors[f.name] = messages.required;
      else if (f.max && text.length > f.max) errors[f.name] = `Deve ter no máximo ${f.max} caracteres`;
      else if (f.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) errors[f.name] = messages.invalidEmail;
      else if (f.type === 'password' && text.length < MIN_PASSWORD_LENGTH)
        errors[f.name] = userMessages.passwordTooShort;
    }
  }
  return errors;
}

interface QuickRegisterProps {
  what: QuickRegisterKind;
  /** POST here (`/organizations/1/services`); the answer carries the new id, name and unit. */
  path: string;
  /** The query keys read again once it exists (the pickers that list it). */
  invalidate: readonly unknown[][];
  onCreated(option: Option): void;
}

/**
 * '+ Cadastrar serviço' (produto, equipamento) under a line's picker: the few fields the register
 * needs, registered in place and picked. Its fields sit inside the line's form, so they are sent by
 * their own button (and Enter), never by the form around them.
 */
export function QuickRegister({ what, path, invalidate, onCreated }: QuickRegisterProps) {
  const uid = useId();
  const queryClient = useQueryClient();
  const register = registers[what];
  const { fields, created } = register;
  const empty = (): Values => Object.fromEntries(fields.map((f) => [f.name, 'money' in f ? null : '']));
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState(false);

  if (!open) {
    return (
      <Button variant="link" size="sm" className="px-0" onClick={() => setOpen(true)}>
        + Cadastrar {what}
      </Button>
    );
  }

  const save = async () => {
    const found = check(fields, values);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      const body = {
        ...('fixed' in register ? register.fixed : {}),
        ...Object.fromEntries(
          fields.map((f) => [
            f.name,
            'money' in f
              ? values[f.name]
              : 'type' in f && f.type === 'password'
                ? values[f.name]
                : String(values[f.name]).trim(),
          ]),
        ),
      };
      const made = await api.post<{ id: number; name: string; unit?: string }>(path, body);
      toast.success(created);
      for (const queryKey of invalidate) void queryClient.invalidateQueries({ queryKey });
      onCreated({ value: made.id, label: made.name, unit: made.unit });
      setOpen(false);
      setValues(empty());
      setErrors({});
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fieldErrors) {
        const fieldErrors = err.fieldErrors;
        setErrors(Object.fromEntries(fields.map((f) => [f.name, fieldErrors[f.name]?.join('. ')])));
      }
    } finally {
      setSaving(false);
    }
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void save();
  };
  // A field's message goes as soon as it is typed in again (the next 'Cadastrar' checks anew).
  const set = (name: string, value: string | number | null) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };

  return (
    <fieldset className="border rounded p-2 mt-2" data-testid="quick-register">
      <legend className="fs-6 float-none w-auto px-1 mb-0">Novo {what}</legend>
      {fields.map((f) => (
        <Form.Group key={f.name} className="mb-2" controlId={`${uid}-${f.name}`}>
          <Form.Label className="small mb-1">{f.label}</Form.Label>
          {'money' in f ? (
            <div onKeyDown={onEnter}>
              <MoneyInput
                id={`${uid}-${f.name}`}
                value={values[f.name] as number | null}
                onChange={(v) => set(f.name, v)}
                isInvalid={!!errors[f.name]}
                error={errors[f.name]}
              />
            </div>
          ) : (
            <>
              <Form.Control
                size="sm"
                type={'type' in f ? f.type : 'text'}
                value={String(values[f.name] ?? '')}
                isInvalid={!!errors[f.name]}
                onChange={(e) => set(f.name, e.target.value)}
                onKeyDown={onEnter}
                autoComplete={'type' in f && f.type === 'password' ? 'new-password' : 'off'}
              />
              <Form.Control.Feedback type="invalid">{errors[f.name]}</Form.Control.Feedback>
            </>
          )}
        </Form.Group>
      ))}
      <div className="d-flex gap-2">
        <Button size="sm" disabled={saving} onClick={() => void save()}>
          {saving && <Spinner size="sm" className="me-1" aria-hidden />}
          Cadastrar
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={() => setOpen(false)}>
          Cancelar
        </Button>
      </div>
    </fieldset>
  );
}
