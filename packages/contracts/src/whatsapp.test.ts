import { describe, expect, it } from 'vitest';
import { companyWhatsAppBody } from './whatsapp.ts';
import {
  DEFAULT_WHATSAPP_TEMPLATE,
  fillWhatsAppTemplate,
  WHATSAPP_TEMPLATE_MAX,
  whatsappMessages,
} from './whatsapp-template.ts';

const values = {
  number: 42,
  customer: 'Ana Souza',
  company: 'Refrigeração Polar',
  link: 'https://x.test/s?token=a$&b',
};

describe('fillWhatsAppTemplate', () => {
  it('replaces every placeholder, each wherever it appears', () => {
    expect(fillWhatsAppTemplate('{{cliente}}, OS {{numero}} ({{empresa}}): {{link}} — {{cliente}}', values)).toBe(
      'Ana Souza, OS 42 (Refrigeração Polar): https://x.test/s?token=a$&b — Ana Souza',
    );
  });

  it('blank or missing: the default message', () => {
    const expected =
      'Olá Ana Souza! Segue a ordem de serviço nº 42 da Refrigeração Polar para conferir e assinar: https://x.test/s?token=a$&b';
    expect(fillWhatsAppTemplate(null, values)).toBe(expected);
    expect(fillWhatsAppTemplate('   ', values)).toBe(expected);
    expect(fillWhatsAppTemplate(undefined, values)).toBe(expected);
  });

  it("an estimate's default message asks for approval", () => {
    expect(fillWhatsAppTemplate('', values, 'estimate')).toBe(
      'Olá Ana Souza! Segue o orçamento nº 42 da Refrigeração Polar para conferir e aprovar: https://x.test/s?token=a$&b',
    );
    expect(fillWhatsAppTemplate('{{numero}} {{link}}', values, 'estimate')).toBe('42 https://x.test/s?token=a$&b');
  });

  it('a value holding a placeholder is not filled again; unknown placeholders stay', () => {
    expect(fillWhatsAppTemplate('{{cliente}} {{data}} {{link}}', { ...values, customer: '{{link}}' })).toBe(
      '{{link}} {{data}} https://x.test/s?token=a$&b',
    );
  });
});

describe('companyWhatsAppBody', () => {
  it('keeps a template with the link, trimmed; blank or null go back to the default', () => {
    const none = { whatsappTemplate: null, whatsappEstimateTemplate: null };
    expect(
      companyWhatsAppBody.parse({
        whatsappTemplate: '  Oi {{cliente}}: {{link}} ',
        whatsappEstimateTemplate: '{{link}} ',
      }),
    ).toEqual({ whatsappTemplate: 'Oi {{cliente}}: {{link}}', whatsappEstimateTemplate: '{{link}}' });
    expect(companyWhatsAppBody.parse({ whatsappTemplate: '' })).toEqual(none);
    expect(companyWhatsAppBody.parse({ whatsappTemplate: null })).toEqual(none);
    expect(companyWhatsAppBody.parse({})).toEqual(none);
    expect(companyWhatsAppBody.parse({ whatsappTemplate: DEFAULT_WHATSAPP_TEMPLATE }).whatsappTemplate).toBe(
      DEFAULT_WHATSAPP_TEMPLATE,
    );
  });

  it.each([
    ['x'.repeat(WHATSAPP_TEMPLATE_MAX - 8) + ' {{link}}', whatsappMessages.tooLong],
    ['Olá {{cliente}}, segue a ordem', whatsappMessages.linkMissing],
  ])('refuses %#', (whatsappTemplate, message) => {
    const parsed = companyWhatsAppBody.safeParse({ whatsappTemplate });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path, i.message])).toEqual([[['whatsappTemplate'], message]]);
  });

  it("checks the estimate's message the same way, on its own field", () => {
    const parsed = companyWhatsAppBody.safeParse({ whatsappEstimateTemplate: 'Sem link' });
    expect(parsed.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['whatsappEstimateTemplate'], whatsappMessages.linkMissing],
    ]);
  });

  it('exactly the limit is accepted', () => {
    const template = 'x'.repeat(WHATSAPP_TEMPLATE_MAX - 9) + ' {{link}}';
    expect(template).toHaveLength(WHATSAPP_TEMPLATE_MAX);
    expect(companyWhatsAppBody.parse({ whatsappTemplate: template }).whatsappTemplate).toBe(template);
  });
});
