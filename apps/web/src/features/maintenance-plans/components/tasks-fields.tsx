import { Button, Form } from 'react-bootstrap';
import { useFieldArray } from 'react-hook-form';
import { frequencyLabels, maintenanceFrequencies } from '@ordem-certa/contracts';
import { TextField } from '../../../components/text-field.tsx';
import type { PlanFormApi } from './pmoc-fields.tsx';

/** A label that says less on screen than to a screen reader (which names the task it belongs to). */
const Labelled = ({ visible, hidden }: { visible: string; hidden: string }) => (
  <>
    {visible}
    <span className="visually-hidden">{hidden}</span>
  </>
);

/**
 * The PMOC's tasks per component with their periodicity (without them, the document lists the
 * checklist's items and the services at the plan's periodicity), and the technical lead's
 * recommendations.
 */
export function TasksFields({ form, readOnly }: { form: PlanFormApi; readOnly?: boolean }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const tasks = useFieldArray({ control, name: 'tasks' });
  return (
    <fieldset disabled={readOnly} className="card mb-3">
      <legend className="card-header h6 mb-0 bg-white">Tarefas e recomendações (documento PMOC)</legend>
      <div className="card-body">
        <div className="form-label" id="plan-tasks-label">
          Tarefas por componente
        </div>
        {tasks.fields.length === 0 && (
          <p className="text-body-secondary small">
            Sem tarefas aqui, o documento lista os itens do checklist e os serviços de cada visita, na periodicidade do
            plano.
          </p>
        )}
        <ol className="list-unstyled d-grid gap-3 mb-2" aria-labelledby="plan-tasks-label">
          {tasks.fields.map((task, k) => {
            const e = errors.tasks?.[k];
            return (
              <li key={task.id} className="plan-task border rounded p-2">
                <div className="row g-2">
                  <div className="col-12 col-md-4">
                    <TextField
                      id={`plan-task-${k}-component`}
                      label={<Labelled visible="Componente" hidden={` da tarefa ${k + 1}`} />}
                      groupClassName=""
                      placeholder="Ex.: Filtros de ar"
                      error={e?.component?.message}
                      {...register(`tasks.${k}.component`)}
                    />
                  </div>
                  <div className="col-12 col-md-5">
                    <TextField
                      id={`plan-task-${k}-task`}
                      label={<Labelled visible="Tarefa" hidden={` ${k + 1}`} />}
                      groupClassName=""
                      placeholder="Ex.: Limpar ou trocar os filtros"
                      error={e?.task?.message}
                      {...register(`tasks.${k}.task`)}
                    />
                  </div>
                  <Form.Group className="col-12 col-md-3" controlId={`plan-task-${k}-frequency`}>
                    <Form.Label>
                      <Labelled visible="Periodicidade" hidden={` da tarefa ${k + 1}`} />
                    </Form.Label>
                    <Form.Select isInvalid={!!e?.frequency} {...register(`tasks.${k}.frequency`)}>
                      {maintenanceFrequencies.map((f) => (
                        <option key={f} value={f}>
                          {frequencyLabels[f]}
                        </option>
                      ))}
                    </Form.Select>
                    <Form.Control.Feedback type="invalid">{e?.frequency?.message}</Form.Control.Feedback>
                  </Form.Group>
                  {!readOnly && (
                    <div className="col-12">
                      <Button variant="outline-danger" size="sm" onClick={() => tasks.remove(k)}>
                        Remover a tarefa {k + 1}
                      </Button>
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
        {!readOnly && (
          <Button
            variant="outline-primary"
            size="sm"
            className="mb-3"
            onClick={() => tasks.append({ component: '', task: '', frequency: 'monthly' })}
          >
            Adicionar tarefa
          </Button>
        )}
        <TextField
          id="plan-recommendations"
          label="Recomendações"
          as="textarea"
          rows={3}
          groupClassName="mb-0"
          placeholder="Ex.: trocar a vedação da porta da sala de reuniões"
          error={errors.recommendations?.message}
          {...register('recommendations')}
        />
      </div>
    </fieldset>
  );
}
