// The zod-free half of the checklists' contract: item kinds, labels, limits, texts and what counts as
// answered. Kept apart from the schemas (checklists.ts) so the order screen loads no validation library.

export const checklistItemKinds = ['check', 'number', 'text', 'photo'] as const;
export type ChecklistItemKind = (typeof checklistItemKinds)[number];
export const checklistKindLabels: Record<ChecklistItemKind, string> = {
  check: 'Marcar',
  number: 'Número',
  text: 'Texto',
  photo: 'Foto',
};
export const MAX_CHECKLIST_ITEMS = 100;
/** An item's answer: a tick, a number, a text, a photo's id; null while unanswered. */
export type ChecklistValue = boolean | number | string | null;
export const checklistMessages = {
  created: 'Checklist criado com sucesso',
  updated: 'Checklist alterado com sucesso',
  retired: 'Checklist retirado',
  nameTaken: 'Já existe um checklist com este nome',
  noItems: 'Inclua ao menos um item',
  tooManyItems: `No máximo ${MAX_CHECKLIST_ITEMS} itens`,
  kindRequired: 'Escolha o tipo do item',
  templateRequired: 'Escolha um checklist',
  templateUnavailable: 'Checklist não encontrado ou retirado',
  attached: 'Checklist incluído na ordem de serviço',
  saved: 'Respostas salvas',
  unknownItem: 'Item não encontrado neste checklist',
  notANumber: 'Informe um número',
  notAPhoto: 'Escolha uma foto desta ordem de serviço',
  wrongValue: 'Resposta inválida para este item',
  /** Completing an order whose required items are unanswered: the items named. */
  requiredMissing: (items: string[]) => `Preencha os itens obrigatórios do checklist: ${items.join('; ')}`,
} as const;
/** Whether an item counts as answered: a tick, a number, a non-blank text, a photo. */
export const isAnswered = (kind: ChecklistItemKind, value: ChecklistValue | undefined) =>
  kind === 'check'
    ? value === true
    : kind === 'text'
      ? typeof value === 'string' && value.trim() !== ''
      : value !== null && value !== undefined;
