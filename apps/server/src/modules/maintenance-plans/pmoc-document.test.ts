import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PdfKit from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIdentifier, InvoiceState, pmocMessages, versionMessages } from '@ordem-certa/contracts';
import { expectEachRoute, perFile } from '../../../test/helpers.ts';
import { multipart, multipartForm } from '../../../test/factories.ts';
import { planWorld } from '../../../test/maintenance-plan-fixtures.ts';

// The PMOC document of a plan and a year: what the screens capture (the site, the rooms, the
// equipment's type, capacity and location, the tasks, the recommendations, the air-quality report)
// printed with the year's schedule and the signed orders, read back with pdftotext and checked by qpdf.
const t = perFile({ other: true, world: planWorld });

let dir: string;
let drawn: string;
let labReport: Buffer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pmoc-'));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><path d="M20 150 C 80 20, 160 20, 200 120 S 330 180, 380 40" stroke="#000" stroke-width="3" fill="none"/></svg>`;
  drawn = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
  labReport = await laboratoryPdf();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A laboratory's two-page report, as a shop would receive and upload it. */
function laboratoryPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PdfKit({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(14).text('Laboratorio Ar Puro - Laudo 4471');
    doc.text('CO2 medido: 640 ppm');
    doc.addPage().text('Fungos: 210 UFC/m3 (relacao I/E 1,1)');
    doc.end();
  });
}

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' });
const base = () => `/api/organizations/${t.org.organization.id}`;
const as = () => t.org.as(t.org.admin.token);

const rooms = [
  {
    name: 'Recepção',
    areaM2: 48.5,
    fixedOccupants: 3,
    floatingOccupants: 20,
    thermalLoadBtuh: 36000,
    outdoorAirM3h: 650,
  },
  {
    name: 'Sala de reuniões',
    areaM2: 22,
    fixedOccupants: 0,
    floatingOccupants: 12,
    thermalLoadBtuh: 18000,
    outdoorAirM3h: 330,
  },
];
const tasks = [
  { component: 'Filtros de ar', task: 'Limpar ou trocar os filtros', frequency: 'monthly' as const },
  { component: 'Bandeja de condensado', task: 'Lavar e desobstruir o dreno', frequency: 'quarterly' as const },
];

/** The customer's three machines, with their type, capacity and location. */
async function threeMachines() {
  const url = `${base()}/customers/${t.world.customer.id}/equipments`;
  const details = [
    { kind: 'Split hi-wall', capacityBtuh: 12000, location: 'Recepção, parede norte' },
    { kind: 'Split piso-teto', capacityBtuh: 36000, location: 'Recepção, teto' },
  ];
  for (const [k, e] of [t.world.equipment, t.world.equipment2].entries()) {
    const res = await t.ctx.app.inject({
      method: 'PUT',
      url: `${url}/${e.id}`,
      headers: as(),
      payload: { name: e.name, brand: e.brand, model: e.model, serialNumber: e.serialNumber, ...details[k] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(details[k]!);
  }
  const third = await t.ctx.app.inject({
    method: 'POST',
    url,
    headers: as(),
    payload: {
      name: 'Cassete sala 2',
      brand: 'Daikin',
      model: 'FCQ18',
      serialNumber: 'DK-99811',
      kind: 'Cassete 4 vias',
      capacityBtuh: 18000,
      location: 'Sala de reuniões',
    },
  });
  expect(third.statusCode, third.body).toBe(201);
  return [t.world.equipment.id, t.world.equipment2.id, third.json().id as number];
}

async function signAndComplete(invoiceId: number, signerName: string | null) {
  const { data: checklists } = (await t.world.admin('GET', `/${invoiceId}/checklists`)).json();
  await t.world.admin('PUT', `/${invoiceId}/checklists/${checklists[0].id}`, { answers: [{ item: 1, value: true }] });
  await t.world.moveTo(invoiceId, InvoiceState.Wip);
  if (signerName) {
    const detail = (await t.world.admin('GET', `/${invoiceId}`)).json();
    const token = new URL(detail.signUrl, 'http://x').searchParams.get('token')!;
    const signed = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/public/invoices/${invoiceId}/sign?token=${encodeURIComponent(token)}`,
      payload: { signature: drawn, signerName },
    });
    expect(signed.statusCode, signed.body).toBe(200);
  }
  const done = await t.world.admin('POST', `/${invoiceId}/complete`);
  expect(done.statusCode, done.body).toBe(200);
}

describe('the PMOC document', () => {
  it('401 without a token, 403 for a collaborator, 404 for another organization’s plan', async () => {
    const plan = await t.world.createPlan();
    const year = Number(t.world.today.slice(0, 4));
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/${plan.id}/pmoc.pdf?year=${year}`],
      ['GET', `/${plan.id}/air-reports`],
      ['GET', `/${plan.id}/air-reports/${year}`],
      ['DELETE', `/${plan.id}/air-reports/${year}`],
    ];
    await expectEachRoute(t.ctx, routes, 401, `${base()}/maintenance-plans`);
    await expectEachRoute(t.ctx, routes, 403, `${base()}/maintenance-plans`, t.org.as(t.org.worker.token));
    const theirs = `/api/organizations/${t.other.organization.id}/maintenance-plans`;
    await expectEachRoute(t.ctx, routes, 404, theirs, t.other.as(t.other.admin.token));
  });

  it('prints the site, the lead, two rooms, three machines, the tasks, the year, the signed visits and the annex', async () => {
    const year = Number(t.world.today.slice(0, 4));
    const address = await t.world.addAddress({
      address: 'Rua Augusta',
      number: 1500,
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
    });
    const machines = await threeMachines();
    const plan = await t.world.createPlan({
      address: address.id,
      equipments: machines,
      startDate: `${year}-01-15`,
      buildingName: 'Edifício Augusta Office',
      customerRole: 'tenant',
      rooms,
      tasks,
      recommendations: 'Trocar a vedação da porta da sala de reuniões para reduzir a infiltração de ar quente.',
    });
    expect(plan).toMatchObject({ buildingName: 'Edifício Augusta Office', customerRole: 'tenant', rooms, tasks });
    expect(plan.equipments[2]).toMatchObject({ kind: 'Cassete 4 vias', capacityBtuh: 18000 });

    const made = (await t.world.plans('POST', `/${plan.id}/generate`, { until: `${year}-03-20` })).json()
      .data as Array<{
      id: number;
      number: number;
      date: string;
    }>;
    expect(made.map((m) => m.date)).toEqual([`${year}-01-15`, `${year}-02-15`, `${year}-03-15`]);
    await signAndComplete(made[0]!.id, 'Carla Síndica');
    await signAndComplete(made[1]!.id, null);

    // The year's air-quality report: a PDF only, readable, 10 MB at most.
    const upload = (fields: Record<string, string>, data: Buffer, name = 'laudo-ar.pdf', type = 'application/pdf') => {
      const mp = multipartForm(fields, { field: 'file', data, filename: name, contentType: type });
      return t.ctx.app.inject({
        method: 'POST',
        url: `${base()}/maintenance-plans/${plan.id}/air-reports`,
        headers: { ...as(), ...mp.headers },
        payload: mp.payload,
      });
    };
    const notPdf = await upload({ year: String(year) }, Buffer.from('CO2 640 ppm, não é um PDF'), 'laudo.pdf');
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors.file).toEqual([pmocMessages.airReportNotPdf]);
    const noYear = await upload({}, labReport);
    expect(noYear.json().errors.year).toEqual([pmocMessages.yearRequired]);
    const sent = await upload({ year: String(year) }, labReport);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual([
      expect.objectContaining({ year, fileName: 'laudo-ar.pdf', fileSize: labReport.length }),
    ]);

    const res = await t.ctx.app.inject({
      method: 'GET',
      url: `${base()}/maintenance-plans/${plan.id}/pmoc.pdf?year=${year}`,
      headers: as(),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`PMOC-${year}-plano-${plan.id}.pdf`);
    const file = join(dir, 'pmoc.pdf');
    writeFileSync(file, res.rawPayload);

    const check = run('qpdf', ['--check', file]);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('No syntax or stream encoding errors found');
    const text = run('pdftotext', ['-layout', file, '-']).stdout;
    const br = (d: string) => d.split('-').toReversed().join('/');
    for (const expected of [
      // Identification of the site, its owner or tenant.
      'DOCUMENTO PMOC',
      `Ano ${year}`,
      '1. IDENTIFICAÇÃO DO AMBIENTE',
      'Edifício Augusta Office',
      'Rua Augusta, 1500 - Consolação - São Paulo/SP',
      'Locatário',
      t.world.customer.name,
      formatIdentifier(t.world.customer.identifier, t.world.customer.type),
      // The technical lead.
      '2. RESPONSÁVEL TÉCNICO',
      'Eng. Marta Quintela',
      'CREA-SP 5062345678',
      'ART/TRT nº 28027230201234567',
      // The rooms.
      '3. AMBIENTES CLIMATIZADOS',
      'Recepção',
      '48,5',
      '36.000',
      '650',
      'Sala de reuniões',
      '18.000',
      '330',
      '70,5',
      // The inventory.
      '4. INVENTÁRIO DOS EQUIPAMENTOS',
      'Split hi-wall',
      'Split piso-teto',
      'Cassete 4 vias',
      'DK-99811',
      'Daikin',
      'FCQ18',
      '12.000',
      'SN-1',
      'Recepção, teto',
      // The tasks per component.
      '5. TAREFAS POR COMPONENTE E PERIODICIDADE',
      'Filtros de ar',
      'Limpar ou trocar os filtros',
      'Bandeja de condensado',
      'Trimestral',
      // The annual schedule.
      `6. CRONOGRAMA ANUAL DE ${year}`,
      'Jan',
      'Dez',
      'Previstas',
      'Realizadas',
      'No ano: 12 manutenções previstas, 2 realizadas.',
      // The execution records.
      '7. REGISTROS DE EXECUÇÃO',
      `${br(made[0]!.date)} — OS nº ${made[0]!.number}`,
      `${br(made[1]!.date)} — OS nº ${made[1]!.number}`,
      'Técnico: Colaborador Teste',
      'Assinado por Carla Síndica',
      'Sem assinatura do cliente',
      // The recommendations.
      '8. RECOMENDAÇÕES',
      'Trocar a vedação da porta',
      // The annex, referenced and appended.
      '9. RELATÓRIO DE QUALIDADE DO AR (ANEXO)',
      'Arquivo: laudo-ar.pdf',
      'CO2 medido: 640 ppm',
      'Fungos: 210 UFC/m3',
    ])
      expect(text, expected).toContain(expected);
    // The visit still open is planned, not a record of execution.
    expect(text).not.toContain(`OS nº ${made[2]!.number}`);
    // The schedule's rows: one visit each month, done in January and February.
    expect(text).toMatch(/Previstas\s+1\s+1\s+1\s+1\s+1\s+1\s+1\s+1\s+1\s+1\s+1\s+1/);
    expect(text).toMatch(/Realizadas\s+1\s+1\s+0\s+0\s+0\s+0\s+0\s+0\s+0\s+0\s+0\s+0/);
    // The annex's pages follow the document's.
    const pages = Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [file]).stdout)?.[1]);
    const annexStart = Number(/a partir da página (\d+) \(2 páginas\)/.exec(text.replace(/\s+/g, ' '))?.[1]);
    expect(annexStart).toBeGreaterThan(1);
    expect(pages).toBe(annexStart + 1);

    // The report downloads as sent, and goes.
    const got = await t.ctx.app.inject({
      method: 'GET',
      url: `${base()}/maintenance-plans/${plan.id}/air-reports/${year}`,
      headers: as(),
    });
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, labReport)).toBe(0);
    const gone = await t.ctx.app.inject({
      method: 'DELETE',
      url: `${base()}/maintenance-plans/${plan.id}/air-reports/${year}`,
      headers: as(),
    });
    expect(gone.statusCode).toBe(204);
    const without = await t.ctx.app.inject({
      method: 'GET',
      url: `${base()}/maintenance-plans/${plan.id}/pmoc.pdf?year=${year}`,
      headers: as(),
    });
    writeFileSync(file, without.rawPayload);
    expect(run('pdftotext', [file, '-']).stdout).toContain(`Nenhum relatório de qualidade do ar enviado para ${year}.`);
  });

  it('a plan without tasks prints its checklist and services; 422 per field; a stale version is a 409', async () => {
    const plan = await t.world.createPlan({ tasks: [] });
    const year = Number(t.world.today.slice(0, 4));
    const res = await t.ctx.app.inject({
      method: 'GET',
      url: `${base()}/maintenance-plans/${plan.id}/pmoc.pdf?year=${year}`,
      headers: as(),
    });
    writeFileSync(join(dir, 'fallback.pdf'), res.rawPayload);
    const text = run('pdftotext', ['-layout', join(dir, 'fallback.pdf'), '-']).stdout;
    for (const expected of [t.world.template.name, 'Filtros limpos', 'Serviços de cada visita', 'Mensal'])
      expect(text, expected).toContain(expected);
    expect(text).toContain('Nenhum ambiente cadastrado no plano.');

    const bad = await t.world.plans('PUT', `/${plan.id}`, {
      ...t.world.body(),
      customerRole: 'síndico',
      rooms: [{ name: ' ', areaM2: 0, fixedOccupants: -1, floatingOccupants: 1.5, outdoorAirM3h: 10 }],
      tasks: [{ component: 'Filtros', task: '', frequency: 'weekly' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      customerRole: [pmocMessages.customerRoleRequired],
      'rooms.0.name': [pmocMessages.roomNameRequired],
      'rooms.0.areaM2': [pmocMessages.areaPositive],
      'rooms.0.fixedOccupants': [pmocMessages.notNegative],
      'rooms.0.floatingOccupants': [pmocMessages.wholeNumber],
      'rooms.0.thermalLoadBtuh': [pmocMessages.thermalLoadRequired],
      'tasks.0.task': [pmocMessages.taskRequired],
      'tasks.0.frequency': [pmocMessages.taskFrequencyRequired],
    });
    const badYear = await t.ctx.app.inject({
      method: 'GET',
      url: `${base()}/maintenance-plans/${plan.id}/pmoc.pdf?year=1999`,
      headers: as(),
    });
    expect(badYear.statusCode).toBe(422);
    expect(badYear.json().errors.year).toEqual([pmocMessages.yearRequired]);

    // Saved with the version it was read with; a second save with that old version is refused.
    const saved = await t.world.plans('PUT', `/${plan.id}`, {
      ...t.world.body(),
      rooms: [rooms[0]!],
      version: plan.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBeGreaterThan(plan.version);
    const stale = await t.world.plans('PUT', `/${plan.id}`, { ...t.world.body(), rooms, version: plan.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([versionMessages.changedByOther]);
    expect(stale.json().conflict.changed).toContain('rooms');
    expect((await t.world.plans('GET', `/${plan.id}`)).json().rooms).toEqual([rooms[0]]);
  });

  it('an image is not an air-quality report', async () => {
    const plan = await t.world.createPlan();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const mp = multipart('file', png, 'laudo.png', 'image/png');
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: `${base()}/maintenance-plans/${plan.id}/air-reports`,
      headers: { ...as(), ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('year');
  });
});
