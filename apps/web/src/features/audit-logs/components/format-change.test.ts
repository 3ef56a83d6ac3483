import { describe, expect, it } from 'vitest';
import { changeSentence, describeChange, formatValue } from './format-change.ts';

// The trail as the server writes it (field keys, numbers in reais, ISO dates, line objects) and the
// sentence a reader gets. Times are shown in São Paulo (UTC−3).
const cases: Array<[string, { field: string; before: unknown; after: unknown }, string]> = [
  ['money', { field: 'discount', before: 10, after: 20 }, 'Desconto: R$ 10,00 → R$ 20,00'],
  ['money to zero', { field: 'subTotal', before: 1234.5, after: 0 }, 'Subtotal: R$ 1.234,50 → R$ 0,00'],
  ["an expense's value", { field: 'amount', before: 1234.56, after: 1300 }, 'Valor: R$ 1.234,56 → R$ 1.300,00'],
  ['an expense paid', { field: 'paymentDate', before: null, after: '2026-03-09' }, 'Data de pagamento: 09/03/2026'],
  ['bonus', { field: 'payrollBonus', before: 0, after: 35.9 }, 'Bônus: R$ 0,00 → R$ 35,90'],
  [
    'a moment first set',
    { field: 'scheduledAt', before: null, after: '2026-03-05T17:00:00.000Z' },
    'Agendado para: 05/03/2026 14:00',
  ],
  [
    'a moment changed',
    { field: 'finishedAt', before: '2026-03-05T17:00:00.000Z', after: null },
    'Concluída em: 05/03/2026 14:00 → —',
  ],
  ['a calendar date', { field: 'paymentDate', before: null, after: '2026-11-20' }, 'Data de pagamento: 20/11/2026'],
  ['a boolean', { field: 'isPaid', before: false, after: true }, 'Pago: Não → Sim'],
  ['another boolean', { field: 'isPayingJustTheHalf', before: true, after: false }, 'Colaborador 50%: Sim → Não'],
  ['a text', { field: 'invoiceInfo1', before: 'PC-1', after: 'PC-2' }, 'Pedido de compra: PC-1 → PC-2'],
  ['a text cleared', { field: 'reportedProblem', before: 'Não gela', after: null }, 'Problema relatado: Não gela → —'],
  ['a status', { field: 'status', before: 'Em Andamento', after: 'Concluído' }, 'Situação: Em Andamento → Concluído'],
  ['a number', { field: 'number', before: null, after: 1042 }, 'Número: 1042'],
  [
    'a service added',
    { field: 'services', before: null, after: { name: 'Instalação split', quantity: 2, price: 175 } },
    'Serviço adicionado: Instalação split × 2 — R$ 350,00',
  ],
  [
    'a product removed',
    { field: 'products', before: { name: 'Filtro de ar', quantity: 1, price: 35.9 }, after: null },
    'Produto removido: Filtro de ar × 1 — R$ 35,90',
  ],
  [
    'a grouped estimate line',
    { field: 'services', before: null, after: { name: 'Limpeza', quantity: 3, price: 100, isGrouped: true } },
    'Serviço adicionado: Limpeza × 3 — R$ 300,00 (agrupado)',
  ],
  [
    'an equipment',
    { field: 'equipments', before: null, after: { name: 'Split 12000', serialNumber: 'SN-9' } },
    'Equipamento adicionado: Split 12000 (nº de série SN-9)',
  ],
  ['a worker', { field: 'workers', before: null, after: 'Carlos' }, 'Colaborador adicionado: Carlos'],
  ['a tag removed', { field: 'tags', before: 'Urgente', after: null }, 'Etiqueta removida: Urgente'],
  ['a photo', { field: 'pictures', before: null, after: 'foto.jpg' }, 'Foto adicionada: foto.jpg'],
  [
    'a rich-text comment',
    { field: 'comments', before: null, after: { type: 3, comment: '<p>Trocar <b>filtro</b></p>' } },
    'Comentário adicionado: Trocar filtro (Interno)',
  ],
  [
    'a reminder',
    {
      field: 'reminders',
      before: null,
      after: { description: 'Ligar para o cliente', reminderAt: '2026-03-06T12:30:00.000Z' },
    },
    'Lembrete adicionado: Ligar para o cliente — 06/03/2026 09:30',
  ],
  [
    'a reminder moved',
    {
      field: 'reminders.Ligar para o cliente',
      before: '2026-03-06T12:30:00.000Z',
      after: '2026-03-07T12:30:00.000Z',
    },
    'Lembrete “Ligar para o cliente”: 06/03/2026 09:30 → 07/03/2026 09:30',
  ],
  [
    'an e-mail',
    { field: 'emails', before: null, after: { subject: 'Orçamento 12', to: ['a@x.com.br', 'b@x.com.br'] } },
    'E-mail enviado: “Orçamento 12” para a@x.com.br, b@x.com.br',
  ],
  [
    'items taken to an order',
    {
      field: 'invoices',
      before: null,
      after: {
        number: 88,
        items: [
          { name: 'Instalação', quantity: 1, price: 200 },
          { name: 'Split', serialNumber: null },
        ],
      },
    },
    'Itens levados para a ordem de serviço: OS nº 88: Instalação × 1 — R$ 200,00; Split',
  ],
  ['a payroll period', { field: 'startDate', before: null, after: '2026-10-01' }, 'Início: 01/10/2026'],
  [
    'a worker paid',
    { field: 'paidAt', before: null, after: { line: 5, invoice: 12, worker: 3 } },
    'Pagamento de colaborador: linha 5 (OS id 12, colaborador id 3)',
  ],
  [
    'an unknown object',
    { field: 'extra', before: null, after: { name: 'X', quantity: 'muitos', flag: true } },
    'extra: Nome: X, Quantidade: muitos, flag: Sim',
  ],
  ['an empty list', { field: 'tags', before: [], after: null }, 'Etiqueta: —'],
];

describe('audit change lines in pt-BR', () => {
  it.each(cases)('%s', (_name, line, sentence) => {
    // Intl writes 'R$\u00a010,00'; the reader sees a space.
    expect(changeSentence(line).replace(/\u00a0/g, ' ')).toBe(sentence);
  });

  it('never shows JSON, ISO dates or braces', () => {
    for (const [, line] of cases) {
      const { label, text } = describeChange(line);
      expect(`${label} ${text}`).not.toMatch(/[{}"]|\d{4}-\d{2}-\d{2}|T\d{2}:\d{2}/);
    }
  });

  it('nothing is a dash; numbers that are not money stay plain', () => {
    expect(formatValue('discount', null)).toBe('—');
    expect(formatValue('notes', '')).toBe('—');
    expect(formatValue('lines', 12)).toBe('12');
    expect(formatValue('quantity', 1.5)).toBe('1,5');
  });
});
