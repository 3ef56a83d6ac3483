import { describe, expect, it } from 'vitest';
import { checkTemplate } from '@ordem-certa/test-support/whatsapp-cloud-stand-in/rules';
import { templateCreationBody } from './cloud-api.ts';
import {
  cleanParameter,
  greetingName,
  renderTemplate,
  technicianName,
  templateList,
  templateParameters,
  templates,
  TEMPLATE_LANGUAGE,
} from './templates.ts';
import { visitWhen } from './template-data.ts';

const greeting = { customer: 'Maria', company: 'Refrigeração Polar' };

describe('the product templates', () => {
  it.each(templateList.map((t) => [t.key, t] as const))('%s passes the rules Meta checks at submission', (_key, t) => {
    const body = templateCreationBody({
      name: t.name,
      language: TEMPLATE_LANGUAGE,
      category: 'UTILITY',
      body: t.body,
      example: t.example,
      footer: t.footer,
      quickReplies: t.quickReplies,
    });
    expect(checkTemplate(body)).toHaveProperty('template');
    // With the example filled in, the message still fits WhatsApp's 1,024 characters.
    expect(renderTemplate({ body: t.body, footer: '' }, t.example).length).toBeLessThanOrEqual(1024);
  });

  it('have unique, versioned names', () => {
    const names = templateList.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^oc_[a-z_]+_v\d+$/);
  });
});

describe('template parameters per event', () => {
  it('estimate sent: customer, company, number, total, link, validity', () => {
    const params = templateParameters('estimateSent', {
      ...greeting,
      number: 42,
      total: 'R$ 1.250,00',
      link: 'https://oc.exemplo.com.br/estimates/7/review?token=abc',
      validUntil: '31/12/2026',
    });
    expect(params).toEqual([
      'Maria',
      'Refrigeração Polar',
      '42',
      'R$ 1.250,00',
      'https://oc.exemplo.com.br/estimates/7/review?token=abc',
      '31/12/2026',
    ]);
    expect(renderTemplate(templates.estimateSent, params)).toBe(
      'Olá, Maria! Aqui é da Refrigeração Polar. O orçamento nº 42, no valor de R$ 1.250,00, está pronto: veja os detalhes e responda pelo link https://oc.exemplo.com.br/estimates/7/review?token=abc (válido até 31/12/2026). Qualquer dúvida, é só responder esta mensagem.\n\nPara não receber mais avisos, responda SAIR.',
    );
  });

  it('visit scheduled and its reminder: the date with its weekday, the time and the technician in the zone', () => {
    const at = new Date('2026-12-03T17:30:00Z');
    const when = visitWhen(at, 'America/Sao_Paulo');
    expect(when).toEqual({ date: 'quinta-feira, 03/12/2026', time: '14:30' });
    expect(visitWhen(at, 'America/Manaus').time).toBe('13:30');
    const data = { ...greeting, number: 9, ...when, technician: technicianName('João Carlos Souza') };
    expect(templateParameters('visitScheduled', data)).toEqual([
      'Maria',
      'Refrigeração Polar',
      '9',
      'quinta-feira, 03/12/2026',
      '14:30',
      'João',
    ]);
    expect(templateParameters('visitReminder', data)).toEqual(templateParameters('visitScheduled', data));
    expect(templates.visitReminder.quickReplies).toEqual(['Confirmar', 'Remarcar']);
    expect(technicianName(null)).toBe('nossa equipe');
  });

  it('order completed: the link, and the Pix of the balance in its own template', () => {
    const base = { ...greeting, number: 9, total: 'R$ 450,00', link: 'https://x/invoices/1/sign?token=t' };
    expect(templateParameters('orderCompleted', { ...base, pix: null })).toEqual([
      'Maria',
      '9',
      'Refrigeração Polar',
      'R$ 450,00',
      'https://x/invoices/1/sign?token=t',
    ]);
    const code =
      '00020126330014br.gov.bcb.pix0111123456789095204000053039865406200.005802BR5917REFRIGERACAO POLA6009SAO PAULO62070503OS96304ABCD';
    const withPix = templateParameters('orderCompletedPix', { ...base, pix: { amount: 'R$ 200,00', code } });
    expect(withPix.slice(5)).toEqual(['R$ 200,00', code]);
    expect(renderTemplate(templates.orderCompletedPix, withPix)).toContain(`copia e cola a seguir: ${code} Obrigado`);
    const debited = templateParameters('orderCompletedAutoDebit', {
      ...base,
      debit: { amount: 'R$ 450,00', dueOn: '10/12/2026' },
    });
    expect(debited.slice(5)).toEqual(['R$ 450,00', '10/12/2026']);
    expect(renderTemplate(templates.orderCompletedAutoDebit, debited)).toContain(
      'O valor de R$ 450,00 será debitado automaticamente por Pix Automático em 10/12/2026',
    );
  });

  it('payment received, instalment due and overdue', () => {
    expect(
      templateParameters('paymentReceived', { ...greeting, number: 9, amount: 'R$ 150,00', paidOn: '02/12/2026' }),
    ).toEqual(['Maria', 'Refrigeração Polar', 'R$ 150,00', '02/12/2026', '9']);
    const instalment = { ...greeting, number: 9, instalment: '2 de 3', amount: 'R$ 150,00', dueOn: '05/12/2026' };
    expect(templateParameters('instalmentDue', instalment)).toEqual([
      'Maria',
      'Refrigeração Polar',
      '2 de 3',
      '9',
      'R$ 150,00',
      '05/12/2026',
    ]);
    expect(templateParameters('instalmentOverdue', instalment)).toEqual(
      templateParameters('instalmentDue', instalment),
    );
  });

  it('opt-out confirmation: no footer telling to answer SAIR again', () => {
    expect(templates.optOutConfirmed.footer).toBe('');
    expect(templateParameters('optOutConfirmed', greeting)).toEqual(['Maria', 'Refrigeração Polar']);
  });

  it('every parameter as Meta takes it: no line break, tab or long run of spaces, never empty', () => {
    expect(cleanParameter('Maria\nda   Silva\t')).toBe('Maria da Silva');
    expect(cleanParameter('   ')).toBe('-');
    expect(cleanParameter('x'.repeat(400))).toHaveLength(300);
    const params = templateParameters('visitScheduled', {
      ...greeting,
      customer: 'Ana\n\nPaula',
      number: 1,
      date: 'd',
      time: 't',
      technician: '',
    });
    expect(params[0]).toBe('Ana Paula');
    expect(params[5]).toBe('-');
  });

  it('greets a person by the first name and a firm by its trade name', () => {
    expect(greetingName({ type: 2, name: 'Maria Aparecida Souza', alias: null })).toBe('Maria');
    expect(greetingName({ type: 1, name: 'Padaria Pão Quente Ltda', alias: 'Pão Quente' })).toBe('Pão Quente');
    expect(greetingName({ type: 1, name: 'Padaria Pão Quente Ltda', alias: null })).toBe('Padaria Pão Quente Ltda');
  });
});
