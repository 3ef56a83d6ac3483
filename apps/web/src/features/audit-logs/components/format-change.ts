import { auditFieldLabels, commentTypeLabels, type AuditChangeLine } from '@ordem-certa/contracts';
import { formatDateTime, formatIsoDate, formatMoney } from '../../../lib/format.ts';

/** One change line as a reader wants it: what changed ('Desconto') and how ('R$ 10,00 → R$ 20,00'). */
export interface ChangeText {
  label: string;
  text: string;
}

const NOTHING = '—';
const moneyFields = new Set(['subTotal', 'discount', 'total', 'payrollBonus', 'price']);
// An expense's value.
moneyFields.add('amount');
const dateTimeFields = new Set(['startedAt', 'finishedAt', 'scheduledAt', 'reminderAt', 'createdAt', 'signedAt']);
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * The fields that name items of a record (a line, a photo, a tag...): a value appearing is an item
 * added, a value disappearing an item removed. The noun and its gender make 'Etiqueta adicionada'.
 */
const items: Record<string, { noun: string; feminine?: boolean }> = {
  services: { noun: 'Serviço' },
  products: { noun: 'Produto' },
  equipments: { noun: 'Equipamento' },
  workers: { noun: 'Colaborador' },
  comments: { noun: 'Comentário' },
  pictures: { noun: 'Foto', feminine: true },
  tags: { noun: 'Etiqueta', feminine: true },
  reminders: { noun: 'Lembrete' },
};

/** Names of the keys inside objects the trail stores, for the objects no rule below knows. */
const keyLabels: Record<string, string> = {
  name: 'Nome',
  quantity: 'Quantidade',
  price: 'Valor',
  description: 'Descrição',
  serialNumber: 'Nº de série',
  subject: 'Assunto',
  to: 'Para',
  number: 'Número',
  line: 'Linha',
  invoice: 'OS',
  worker: 'Colaborador',
  comment: 'Comentário',
  type: 'Tipo',
  isGrouped: 'Agrupado',
  reminderAt: 'Data',
};

/** dd/mm/aaaa HH:mm in the organization's time zone. */
const moment = (iso: string) => formatDateTime(iso).replace(', ', ' ');

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rich-text comments are stored as HTML; the trail shows their words. */
function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** A priced line: 'Instalação split × 2 — R$ 350,00' (the line's value: quantity × unit price). */
function pricedLine(v: Record<string, unknown>): string | null {
  if (typeof v.name !== 'string' || typeof v.quantity !== 'number') return null;
  const price = typeof v.price === 'number' ? ` — ${formatMoney(v.quantity * v.price)}` : '';
  const grouped = v.isGrouped === true ? ' (agrupado)' : '';
  const description = typeof v.description === 'string' && v.description ? ` (${plainText(v.description)})` : '';
  return `${v.name} × ${v.quantity.toLocaleString('pt-BR')}${price}${grouped}${description}`;
}

function describeObject(field: string, v: Record<string, unknown>): string {
  const line = pricedLine(v);
  if (line) return line;
  if (typeof v.name === 'string' && 'serialNumber' in v)
    return v.serialNumber ? `${v.name} (nº de série ${String(v.serialNumber)})` : v.name;
  if (typeof v.comment === 'string') {
    const type = commentTypeLabels[v.type as keyof typeof commentTypeLabels];
    return type ? `${plainText(v.comment)} (${type})` : plainText(v.comment);
  }
  if (typeof v.description === 'string' && 'reminderAt' in v)
    return `${v.description} — ${formatValue('reminderAt', v.reminderAt)}`;
  if (typeof v.subject === 'string' && 'to' in v) return `“${v.subject}” para ${formatValue('to', v.to)}`;
  if ('number' in v && Array.isArray(v.items))
    return `OS nº ${String(v.number)}: ${v.items.map((item) => formatValue(field, item)).join('; ')}`;
  if ('line' in v && 'invoice' in v && 'worker' in v)
    return `linha ${String(v.line)} (OS id ${String(v.invoice)}, colaborador id ${String(v.worker)})`;
  const parts = Object.entries(v)
    .filter(([, value]) => !isEmpty(value))
    .map(([key, value]) => `${keyLabels[key] ?? key}: ${formatValue(key, value)}`);
  return parts.length ? parts.join(', ') : NOTHING;
}

/**
 * One value of the trail in pt-BR: money in R$, dates as dd/mm/aaaa (HH:mm when a moment), Sim/Não,
 * lines and other objects as words, '—' for nothing. Never raw JSON.
 */
export function formatValue(field: string, value: unknown): string {
  if (isEmpty(value)) return NOTHING;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') {
    if (moneyFields.has(field)) return formatMoney(value);
    return Number.isInteger(value) ? String(value) : value.toLocaleString('pt-BR');
  }
  if (typeof value === 'string') {
    if (isoDate.test(value)) return formatIsoDate(value);
    if (isoDateTime.test(value) || (dateTimeFields.has(field) && !Number.isNaN(Date.parse(value))))
      return moment(value);
    return field === 'comments' ? plainText(value) : value;
  }
  if (Array.isArray(value)) return value.map((v) => formatValue(field, v)).join(', ');
  if (isObject(value)) return describeObject(field, value);
  return String(value);
}

/** The label and text of one change line: 'Serviço adicionado' · 'Instalação split × 2 — R$ 350,00'. */
export function describeChange(line: AuditChangeLine): ChangeText {
  const { field, before, after } = line;
  const reminder = /^reminders\.(.+)$/.exec(field);
  if (reminder) return { label: `Lembrete “${reminder[1]}”`, text: fromTo(field, before, after) };
  if (field === 'emails' && isEmpty(before)) return { label: 'E-mail enviado', text: formatValue(field, after) };
  if (field === 'invoices' && isEmpty(before))
    return { label: 'Itens levados para a ordem de serviço', text: formatValue(field, after) };
  const item = items[field];
  if (item) {
    const ending = item.feminine ? 'a' : 'o';
    if (isEmpty(before) && !isEmpty(after))
      return { label: `${item.noun} adicionad${ending}`, text: formatValue(field, after) };
    if (!isEmpty(before) && isEmpty(after))
      return { label: `${item.noun} removid${ending}`, text: formatValue(field, before) };
    return { label: item.noun, text: fromTo(field, before, after) };
  }
  return { label: auditFieldLabels[field] ?? field, text: fromTo(field, before, after) };
}

/** 'antes → depois'; a value set where there was none shows the new value alone. */
function fromTo(field: string, before: unknown, after: unknown): string {
  if (isEmpty(before)) return formatValue(field, after);
  return `${formatValue(field, before)} → ${formatValue(field, after)}`;
}

/** 'Desconto: R$ 10,00 → R$ 20,00': the whole line as one sentence. */
export const changeSentence = (line: AuditChangeLine) => {
  const { label, text } = describeChange(line);
  return `${label}: ${text}`;
};
