import { Badge, Button, Form } from 'react-bootstrap';
import type { PermissionList } from '@ordem-certa/contracts';

interface PermissionGridProps {
  groups: PermissionList['groups'];
  /** The names checked. */
  value: readonly string[];
  onChange(value: string[]): void;
  /** A built-in role: shown, not changed. */
  readOnly?: boolean;
  isInvalid?: boolean;
}

/**
 * The permission map as checkboxes, group by group, each with what it lets one do. What every role holds
 * shows checked and locked; each group can be checked or cleared at once.
 */
export function PermissionGrid({ groups, value, onChange, readOnly, isInvalid }: PermissionGridProps) {
  const checked = new Set(value);
  const set = (names: string[], on: boolean) => {
    const next = new Set(checked);
    for (const n of names) {
      if (on) next.add(n);
      else next.delete(n);
    }
    onChange([...next]);
  };
  return (
    <div className="permission-grid">
      {groups.map((group) => {
        const choosable = group.permissions.filter((p) => !p.everyone).map((p) => p.name);
        const all = choosable.length > 0 && choosable.every((n) => checked.has(n));
        return (
          <fieldset key={group.key} className="card permission-group">
            <legend className="card-header h6 mb-0 d-flex align-items-center justify-content-between gap-2">
              <span>{group.label}</span>
              {!readOnly && choosable.length > 1 && (
                <Button variant="link" size="sm" className="p-0 text-nowrap" onClick={() => set(choosable, !all)}>
                  {all ? 'Desmarcar todas' : 'Marcar todas'}
                </Button>
              )}
            </legend>
            <div className="card-body">
              {group.permissions.map((p) => {
                const id = `permission-${p.name}`;
                return (
                  <Form.Check key={p.name} id={id} className="mb-2">
                    <Form.Check.Input
                      type="checkbox"
                      checked={p.everyone || checked.has(p.name)}
                      disabled={readOnly || p.everyone}
                      isInvalid={isInvalid}
                      aria-describedby={`${id}-help`}
                      onChange={(e) => set([p.name], e.currentTarget.checked)}
                    />
                    <Form.Check.Label>
                      {p.label}
                      {p.everyone && (
                        <Badge bg="light" text="dark" className="ms-2 fw-normal">
                          todas as funções
                        </Badge>
                      )}
                    </Form.Check.Label>
                    <Form.Text id={`${id}-help`} className="d-block mt-0">
                      {p.description}
                    </Form.Text>
                  </Form.Check>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
