import { Button, Form } from 'react-bootstrap';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import {
  customerRoleLabels,
  customerRoles,
  type MaintenancePlanBody,
  type MaintenancePlanValues,
} from '@ordem-certa/contracts';
import { TextField } from '../../../components/text-field.tsx';

export type PlanFormApi = UseFormReturn<MaintenancePlanBody, unknown, MaintenancePlanValues>;

/** A number field's value: empty is "not typed" (NaN, refused with the field's own message). */
const asNumber = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));

const untyped = undefined as unknown as number;
const blankRoom = () => ({
  name: '',
  areaM2: untyped,
  fixedOccupants: untyped,
  floatingOccupants: untyped,
  thermalLoadBtuh: untyped,
  outdoorAirM3h: untyped,
});

type RoomNumber = 'areaM2' | 'fixedOccupants' | 'floatingOccupants' | 'thermalLoadBtuh' | 'outdoorAirM3h';
const roomNumbers: Array<[RoomNumber, string, string]> = [
  ['areaM2', 'Área (m²)', '0.01'],
  ['fixedOccupants', 'Ocupantes fixos', '1'],
  ['floatingOccupants', 'Ocupantes flutuantes', '1'],
  ['thermalLoadBtuh', 'Carga térmica (BTU/h)', '1'],
  ['outdoorAirM3h', 'Vazão de ar externo (m³/h)', '1'],
];

/**
 * The PMOC's identification of the site (the building's name, the customer's standing in it) and the
 * rooms the air conditioning serves, each with its area, occupants, thermal load and outdoor air.
 */
export function SiteFields({ form, readOnly }: { form: PlanFormApi; readOnly?: boolean }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const rooms = useFieldArray({ control, name: 'rooms' });
  return (
    <fieldset disabled={readOnly} className="card mb-3">
      <legend className="card-header h6 mb-0 bg-white">Ambiente climatizado (documento PMOC)</legend>
      <div className="card-body">
        <div className="row g-3 mb-3">
          <div className="col-sm-7">
            <TextField
              id="plan-building-name"
              label="Nome da edificação"
              groupClassName=""
              placeholder="Ex.: Edifício Central"
              error={errors.buildingName?.message}
              {...register('buildingName')}
            />
          </div>
          <Form.Group className="col-sm-5" controlId="plan-customer-role">
            <Form.Label>O cliente é</Form.Label>
            <Form.Select isInvalid={!!errors.customerRole} {...register('customerRole')}>
              {customerRoles.map((r) => (
                <option key={r} value={r}>
                  {customerRoleLabels[r]}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.customerRole?.message}</Form.Control.Feedback>
          </Form.Group>
        </div>

        <div className="form-label" id="plan-rooms-label">
          Ambientes atendidos
        </div>
        {rooms.fields.length === 0 && (
          <p className="text-body-secondary small">Nenhum ambiente. Adicione cada sala ou área climatizada.</p>
        )}
        <ol className="list-unstyled d-grid gap-3 mb-2" aria-labelledby="plan-rooms-label">
          {rooms.fields.map((room, k) => {
            const e = errors.rooms?.[k];
            return (
              <li key={room.id} className="plan-room border rounded p-2">
                <div className="row g-2">
                  <div className="col-12 col-md-8">
                    <TextField
                      id={`plan-room-${k}-name`}
                      label={`Ambiente ${k + 1}`}
                      groupClassName=""
                      placeholder="Ex.: Recepção"
                      error={e?.name?.message}
                      {...register(`rooms.${k}.name`)}
                    />
                  </div>
                  {roomNumbers.map(([name, label, step]) => (
                    <div key={name} className="col-6 col-md-4">
                      <TextField
                        id={`plan-room-${k}-${name}`}
                        label={label}
                        groupClassName=""
                        type="number"
                        inputMode={step === '1' ? 'numeric' : 'decimal'}
                        min={0}
                        step={step}
                        error={e?.[name]?.message}
                        {...register(`rooms.${k}.${name}`, { setValueAs: asNumber })}
                      />
                    </div>
                  ))}
                  {!readOnly && (
                    <div className="col-12 col-md-4 d-flex align-items-end">
                      <Button variant="outline-danger" size="sm" onClick={() => rooms.remove(k)}>
                        Remover o ambiente {k + 1}
                      </Button>
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
        {!readOnly && (
          <Button variant="outline-primary" size="sm" onClick={() => rooms.append(blankRoom())}>
            Adicionar ambiente
          </Button>
        )}
      </div>
    </fieldset>
  );
}
