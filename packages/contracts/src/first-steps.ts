import { z } from 'zod';

/** The first home's checklist of a new shop, in its order. */
export const FIRST_STEPS = ['company', 'pix', 'customer', 'estimate', 'technician'] as const;
export type FirstStep = (typeof FIRST_STEPS)[number];

export const firstStepLabels: Record<FirstStep, string> = {
  company: 'Complete os dados da empresa: endereço e logotipo',
  pix: 'Cadastre a chave PIX para receber dos clientes',
  customer: 'Cadastre o primeiro cliente',
  estimate: 'Faça o primeiro orçamento',
  technician: 'Convide um técnico',
};

/**
 * GET organizations/{orgId}/first-steps: each step and whether the data shows it done; `show` while
 * one is left and the checklist was not dismissed. `companyId`: the company the company steps open.
 */
export const firstStepsResponse = z.object({
  show: z.boolean(),
  companyId: z.number().int().nullable(),
  steps: z.array(z.object({ key: z.enum(FIRST_STEPS), done: z.boolean() })),
});
export type FirstSteps = z.infer<typeof firstStepsResponse>;
