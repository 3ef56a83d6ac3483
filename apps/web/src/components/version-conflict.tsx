import { useState, type ReactNode } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { versionMessages, type VersionConflict } from '@ordem-certa/contracts';
import { AppModal } from './app-modal.tsx';
import { conflictOf, mergeWithCurrent } from '../lib/version-conflict.ts';

/** A field the conflict screen may show: its label and how its value reads. */
export interface ConflictField {
  name: string;
  label: string;
  /** The value as people read it; by default its text, or 'Vazio'. */
  format?(value: unknown): string;
}

type Values = Record<string, unknown>;

interface Pending {
  conflict: VersionConflict;
  merged: Values;
  clashes: string[];
  /** The side the user keeps, per clashing field: true keeps theirs. */
  keepMine: Record<string, boolean>;
}

const EMPTY = 'Vazio';
const plain = (v: unknown) => (v === null || v === undefined || v === '' ? EMPTY : String(v));

/**
 * A record's save that carries the version its form was loaded with, and the conflict screen when
 * someone saved the record meanwhile. `save(values, loaded, version)` writes; on a conflict whose
 * other changes touch none of the fields this form changed it writes again at once against the new
 * version (nothing of theirs is sent back); otherwise it shows the screen, which offers 'Recarregar'
 * (the record as saved) or keeping this form's values field by field, and then writes again. `onSaved`
 * runs after the write that went through; any other error is thrown to the caller, or, from the
 * screen's write, handed to `onError`.
 */
export function useVersionedSave<T extends Values>(opts: {
  fields: ConflictField[];
  write(body: T & { version: number }): Promise<unknown>;
  /** After the write that went through, with the values it wrote (the other person's among them). */
  onSaved(written: Values): void;
  /** 'Recarregar': the record as saved now (its values of the form's fields, its version). */
  onReload(conflict: VersionConflict): void;
  onError?(err: unknown): void;
}): { save(values: T, loaded: Values, version: number): Promise<void>; screen: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(values: Values, loaded: Values, version: number, tries = 0): Promise<void> {
    try {
      await opts.write({ ...(values as T), version });
    } catch (err) {
      const conflict = conflictOf(err);
      if (!conflict) throw err;
      const { merged, clashes } = mergeWithCurrent(values, loaded, conflict.current);
      // Nobody else touched what this form changes: write it again on the new version, once or twice
      // (a record that changes again meanwhile asks the user).
      if (!clashes.length && tries < 2) return save(merged, conflict.current, conflict.version, tries + 1);
      setPending({ conflict, merged, clashes, keepMine: Object.fromEntries(clashes.map((f) => [f, true])) });
      return;
    }
    setPending(null);
    opts.onSaved(values);
  }

  async function resolve() {
    if (!pending) return;
    const values = { ...pending.merged };
    for (const f of pending.clashes) if (!pending.keepMine[f]) values[f] = pending.conflict.current[f];
    setSaving(true);
    try {
      await save(values, pending.conflict.current, pending.conflict.version);
    } catch (err) {
      setPending(null);
      opts.onError?.(err);
    } finally {
      setSaving(false);
    }
  }

  const field = (name: string) => opts.fields.find((f) => f.name === name);
  const read = (name: string, v: unknown) => (field(name)?.format ?? plain)(v);
  const screen = pending && (
    <AppModal
      show
      onHide={() => setPending(null)}
      title="Registro alterado por outra pessoa"
      footer={
        <>
          <Button
            variant="outline-secondary"
            onClick={() => {
              setPending(null);
              opts.onReload(pending.conflict);
            }}
            disabled={saving}
          >
            Recarregar
          </Button>
          <Button variant="primary" onClick={() => void resolve()} disabled={saving}>
            Salvar minhas escolhas
          </Button>
        </>
      }
    >
      <Alert variant="warning" className="mb-3">
        {versionMessages.changedByOther} depois que você abriu esta tela. 'Recarregar' mostra o registro como foi salvo;
        ou escolha, em cada campo, qual valor fica.
      </Alert>
      <div data-testid="version-conflict">
        {pending.clashes.map((name) => (
          <fieldset key={name} className="mb-3">
            <legend className="h6 mb-2">{field(name)?.label ?? name}</legend>
            <Form.Check
              type="radio"
              id={`conflict-${name}-theirs`}
              name={`conflict-${name}`}
              checked={!pending.keepMine[name]}
              onChange={() => setPending({ ...pending, keepMine: { ...pending.keepMine, [name]: false } })}
              label={
                <>
                  <span className="fw-semibold">Salvo por outra pessoa:</span>{' '}
                  <span className="text-pre-line">{read(name, pending.conflict.current[name])}</span>
                </>
              }
            />
            <Form.Check
              type="radio"
              id={`conflict-${name}-mine`}
              name={`conflict-${name}`}
              checked={!!pending.keepMine[name]}
              onChange={() => setPending({ ...pending, keepMine: { ...pending.keepMine, [name]: true } })}
              label={
                <>
                  <span className="fw-semibold">O seu:</span>{' '}
                  <span className="text-pre-line">{read(name, pending.merged[name])}</span>
                </>
              }
            />
          </fieldset>
        ))}
      </div>
    </AppModal>
  );
  return { save: (values, loaded, version) => save(values, loaded, version), screen };
}
