import { z } from 'zod';
import { idParam, optionalText } from './common.ts';

// ---- the customer's rating of a completed order (NPS) ------------------------------------------

/** For how many days after the first answer the customer may change it. */
export const RATING_EDIT_DAYS = 7;
/** Scores at or under this are detractors (0–6), at or over PROMOTER_MIN promoters (9–10). */
export const DETRACTOR_MAX = 6;
export const PROMOTER_MIN = 9;

/**
 * The Net Promoter Score of some answers: the share of promoters minus the share of detractors, in
 * points from -100 to 100 rounded to one decimal; null without answers.
 */
export function netPromoterScore(c: { promoters: number; detractors: number; answers: number }): number | null {
  if (!c.answers) return null;
  return Math.round(((c.promoters - c.detractors) / c.answers) * 1000) / 10;
}

/** The public page where the customer rates an order (the SPA route). */
export const ratingPath = (invoiceId: number, token: string) =>
  `/invoices/${invoiceId}/rate?token=${encodeURIComponent(token)}`;

export const ratingMessages = {
  question: (company: string) => `De 0 a 10, quanto você recomendaria a ${company} a um amigo ou colega?`,
  linkInvalid: 'Link inválido. Peça um novo link à empresa.',
  closed: `O prazo para alterar esta avaliação terminou (${RATING_EDIT_DAYS} dias depois da resposta).`,
  scoreRequired: 'Escolha uma nota de 0 a 10',
  thanks: 'Obrigado pela sua avaliação!',
  emailSubject: (company: string, number: number) => `${company}: como foi o atendimento da OS nº ${number}?`,
  lowTitle: (score: number, number: number) => `Nota ${score} na OS ${number}`,
  lowDescription: (customer: string, comment: string | null) =>
    comment ? `${customer} avaliou o atendimento: "${comment}"` : `${customer} avaliou o atendimento sem comentário.`,
} as const;

export const publicRatingParams = idParam;
/** The token is checked by the service: missing or wrong is a 404, never a 422 that confirms the id. */
export const publicRatingQuery = z.object({ token: z.string().max(200).optional() });

/** PUT public/invoices/{id}/rating: the score and, if the customer wishes, why. */
export const ratingAnswerBody = z.object({
  score: z
    .number({ error: ratingMessages.scoreRequired })
    .int(ratingMessages.scoreRequired)
    .min(0, ratingMessages.scoreRequired)
    .max(10, ratingMessages.scoreRequired),
  comment: optionalText(1000),
});
export type RatingAnswerBody = z.input<typeof ratingAnswerBody>;

/** What the rating page shows: whose order, and the answer given so far. */
export const publicRating = z.object({
  number: z.number().int(),
  companyName: z.string(),
  timeZone: z.string(),
  score: z.number().int().nullable(),
  comment: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** Until when the answer may be changed (null before the first answer). */
  editableUntil: z.string().nullable(),
  canAnswer: z.boolean(),
});
export type PublicRating = z.infer<typeof publicRating>;
