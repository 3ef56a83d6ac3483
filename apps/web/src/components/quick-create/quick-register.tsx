import { useId, useState, type KeyboardEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { messages } from '@ordem-certa/contracts';
import { api, ApiError } from '../../lib/api-client.ts';
import { MoneyInput } from '../money-input.tsx';
import type { Option } from '../searchable-select.tsx';

/**
 * Name and price: what a service or product needs to be registered from a line's picker, checked as
 * the register's contract does (the server checks it again) without zod, which the technician's
 * screens paint without.
 */
function check(name: string, price: number | null) {
  const errors: { name?: string; price?: string } = {};
  if (!name.trim()) errors.name = messages.required;
  else if (name.trim().length > 200) errors.name = 'Deve ter no máximo 200 caracteres';
  if (price === null) errors.price = messages.required;
  else if (!Number.isFinite(price) || price < 0.01) errors.price = 'O preço deve ser de no mínimo R$ 0,01';
  return errors;
}

interface QuickRegisterProps {
  /** 'serviço' / 'produto'. */
  what: 'serviço' | 'produto';
  /** POST here (`/organizations/1/services`); the answer carries the new id, name and unit. */
  path: string;
  /** The query keys read again once it exists (the pickers that list it). */
  invalidate: readonly unknown[][];
  onCreated(option: Option): void;
}

/**
 * '+ Cadastrar serviço' under a line's picker: name and price, registered in place and picked. Its
 * fields sit inside the line's form, so they are sent by their own button (and Enter), never by the
 * form around them; the other data (code, warranty, unit) are edited later in the register.
 */
export function QuickRegister({ what, path, invalidate, onCreated }: QuickRegisterProps) {
  const uid = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [price, setPrice] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ name?: string; price?: string }>({});
  const [saving, setSaving] = useState(false);

  if (!open) {
    return (
      <Button variant="link" size="sm" className="px-0" onClick={() => setOpen(true)}>
        + Cadastrar {what}
      </Button>
    );
  }

  const save = async () => {
    const found = check(name, price);
    if (found.name || found.price) {
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      const created = await api.post<{ id: number; name: string; unit?: string }>(path, { name: name.trim(), price });
      toast.success(`${what === 'serviço' ? 'Serviço cadastrado' : 'Produto cadastrado'} com sucesso`);
      for (const queryKey of invalidate) void queryClient.invalidateQueries({ queryKey });
      onCreated({ value: created.id, label: created.name, unit: created.unit });
      setOpen(false);
      setName('');
      setPrice(null);
      setErrors({});
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fieldErrors) {
        setErrors({ name: err.fieldErrors.name?.join('. '), price: err.fieldErrors.price?.join('. ') });
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

  return (
    <fieldset className="border rounded p-2 mt-2" data-testid="quick-register">
      <legend className="fs-6 float-none w-auto px-1 mb-0">Novo {what}</legend>
      <Form.Group className="mb-2" controlId={`${uid}-name`}>
        <Form.Label className="small mb-1">Nome do {what}</Form.Label>
        <Form.Control
          size="sm"
          value={name}
          isInvalid={!!errors.name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={onEnter}
          autoComplete="off"
        />
        <Form.Control.Feedback type="invalid">{errors.name}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${uid}-price`}>
        <Form.Label className="small mb-1">Preço</Form.Label>
        <div onKeyDown={onEnter}>
          <MoneyInput
            id={`${uid}-price`}
            value={price}
            onChange={setPrice}
            isInvalid={!!errors.price}
            error={errors.price}
          />
        </div>
      </Form.Group>
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
