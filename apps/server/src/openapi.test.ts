import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvoiceState, PersonType } from '@ordem-certa/contracts';
import { perFile } from '../test/helpers.ts';
import { newCpf } from '../test/factories.ts';
import { invoiceWorld } from '../test/invoice-fixtures.ts';
import { summaryFor } from './lib/openapi.ts';

// The OpenAPI document against real answers: the main routes are called (successes and the usual
// errors) and every answer's status must be documented for its operation, its body valid against the
// documented schema.
const t = perFile({ world: invoiceWorld });
type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
let doc: { paths: Record<string, Record<string, Operation>> };
const seen: Array<{ method: string; path: string; status: number; body: string; type: string }> = [];

beforeAll(async () => {
  doc = t.ctx.app.swagger() as unknown as typeof doc;
});

async function call(method: string, path: string, opts: { token?: string; payload?: object } = {}) {
  const res = await t.ctx.app.inject({
    method: method as 'GET',
    url: path,
    headers: opts.token ? t.org.as(opts.token) : {},
    ...(opts.payload ? { payload: opts.payload } : {}),
  });
  seen.push({
    method,
    path: path.split('?')[0]!,
    status: res.statusCode,
    body: res.body,
    type: String(res.headers['content-type'] ?? ''),
  });
  return res;
}

/** The document's path template a concrete path matches. */
function templateOf(method: string, path: string): string | undefined {
  return Object.keys(doc.paths).find(
    (template) =>
      doc.paths[template]![method.toLowerCase()] &&
      new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path) &&
      // A literal segment wins over a parameter in the same place (invoices/wip vs invoices/{id}).
      !Object.keys(doc.paths).some(
        (other) =>
          other !== template &&
          doc.paths[other]![method.toLowerCase()] &&
          new RegExp(`^${other.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path) &&
          (other.match(/\{/g) ?? []).length < (template.match(/\{/g) ?? []).length,
      ),
  );
}

describe('the OpenAPI document', () => {
  it('describes what the main routes really answer, errors included', { timeout: 120_000 }, async () => {
    const admin = t.org.admin.token;
    const worker = t.org.worker.token;
    const orgPath = `/api/organizations/${t.org.organization.id}`;

    await call('POST', '/api/login', { payload: { username: t.org.admin.email, password: 'senha-forte-1' } });
    await call('POST', '/api/login', { payload: { username: 'x' } });
    await call('GET', '/api/me', { token: admin });
    await call('GET', '/api/me');
    await call('GET', orgPath, { token: admin });
    await call('GET', `/api/organizations/999999/customers`, { token: admin });

    const created = await call('POST', `${orgPath}/customers`, {
      token: admin,
      payload: { type: PersonType.Natural, identifier: newCpf(), name: 'Cliente Documentado', phone: '11987654321' },
    });
    expect(created.statusCode).toBe(201);
    const customerId = created.json().id as number;
    await call('POST', `${orgPath}/customers`, { token: admin, payload: { type: 2, identifier: '1', name: '' } });
    await call('GET', `${orgPath}/customers?q=Documentado`, { token: admin });
    await call('GET', `${orgPath}/customers/${customerId}`, { token: admin });
    await call('GET', `${orgPath}/customers/999999`, { token: admin });
    await call('GET', `${orgPath}/customers/${customerId}/addresses`, { token: admin });
    await call('GET', `${orgPath}/customers/${customerId}/equipments`, { token: admin });
    await call('DELETE', `${orgPath}/customers/${customerId}`, { token: admin });

    for (const list of ['companies', 'products', 'services', 'tags', 'reminders', 'invoice-statuses']) {
      await call('GET', `${orgPath}/${list}`, { token: admin });
    }
    await call('GET', `${orgPath}/transaction-natures`, { token: admin });
    await call('POST', `${orgPath}/tags`, { token: admin, payload: { name: 'Documentada', color: '#0d3b66' } });
    await call('POST', `${orgPath}/tags`, { token: worker, payload: { name: 'Proibida', color: '#0d3b66' } });
    await call('GET', `/api/admin/organizations/${t.org.organization.id}/users`, { token: admin });
    await call('GET', `/api/admin/organizations/${t.org.organization.id}/users`, { token: worker });
    await call('GET', `${orgPath}/profile`, { token: worker });
    await call('GET', `${orgPath}/notifications`, { token: admin });
    await call('GET', `${orgPath}/audit-logs`, { token: admin });
    await call('GET', `${orgPath}/reports`, { token: admin });
    await call('GET', `${orgPath}/estimates`, { token: admin });
    await call('GET', `${orgPath}/payrolls`, { token: admin });

    const { id } = await t.world.createInvoice();
    await call('POST', `${orgPath}/invoices/${id}/services`, {
      token: admin,
      payload: { service: t.world.service.id, quantity: 2 },
    });
    await call('POST', `${orgPath}/invoices/${id}/services`, { token: admin, payload: { quantity: 0 } });
    const workerLine = await call('POST', `${orgPath}/invoices/${id}/workers`, {
      token: admin,
      payload: { worker: t.org.worker.id },
    });
    await call('GET', `${orgPath}/invoices/filter`, { token: admin });
    await call('GET', `${orgPath}/invoices/wip`, { token: worker });
    await call('GET', `${orgPath}/invoices/${id}`, { token: admin });
    const forWorker = await call('GET', `${orgPath}/invoices/${id}`, { token: worker });
    await call('GET', `${orgPath}/invoices/${id}/allowed-changes`, { token: admin });
    await call('GET', `${orgPath}/invoices/${id}/services/available`, { token: admin });
    await call('GET', `${orgPath}/invoices/${id}/attachments/pictures`, { token: admin });
    await call('POST', `${orgPath}/invoices/${id}/discount`, { token: admin, payload: { discount: 1 } });
    await t.world.moveTo(id, InvoiceState.Wip);
    await call('POST', `${orgPath}/invoices/${id}/pdf`, { token: admin });
    await call('DELETE', `${orgPath}/invoices/${id}/workers/${workerLine.json().id}`, { token: admin });

    const token = new URL(forWorker.json().signUrl, 'http://x').searchParams.get('token')!;
    await call('GET', `/api/public/invoices/${id}?token=${encodeURIComponent(token)}`);
    await call('GET', `/api/public/invoices/${id}?token=wrong`);

    // Every answer: a documented status of its operation, and a body its schema accepts.
    const ajv = new Ajv({ strict: false, allErrors: true });
    const problems: string[] = [];
    const statuses = new Set<number>();
    for (const r of seen) {
      statuses.add(r.status);
      const template = templateOf(r.method, r.path);
      if (!template) {
        problems.push(`${r.method} ${r.path}: no operation in the document`);
        continue;
      }
      const documented = doc.paths[template]![r.method.toLowerCase()]!.responses[String(r.status)];
      if (!documented) {
        problems.push(`${r.method} ${template}: ${r.status} not documented`);
        continue;
      }
      if (r.status === 204) {
        if (r.body !== '') problems.push(`${r.method} ${template}: 204 with a body`);
        continue;
      }
      const schema = documented.content?.['application/json']?.schema;
      if (!schema || !r.type.includes('json')) continue;
      const validate = ajv.compile(schema);
      if (!validate(JSON.parse(r.body)))
        problems.push(`${r.method} ${template} ${r.status}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(problems).toEqual([]);
    // The walk did reach the answers the document promises beyond success.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 201, 204, 401, 403, 404, 422]));
  });

  it('summarizes a route without its own summary in pt-BR from its method and path', () => {
    expect(summaryFor('GET', '/api/organizations/{orgId}/customers/{id}/addresses')).toBe(
      'Lista os endereços do cliente',
    );
    expect(summaryFor('POST', '/api/organizations/{orgId}/invoices/{id}/services')).toBe(
      'Adiciona um serviço à ordem de serviço',
    );
    expect(summaryFor('DELETE', '/api/organizations/{orgId}/estimates/{id}/tags/{tagId}')).toBe(
      'Remove a etiqueta do orçamento',
    );
  });
});
