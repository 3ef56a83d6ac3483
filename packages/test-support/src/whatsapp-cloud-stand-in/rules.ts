// What the stand-in checks, as Meta's Cloud API does: a template's definition when it is created and
// a message's body when it is sent. A refusal is the Graph API's error object with Meta's code.

export interface GraphRefusal {
  status: number;
  code: number;
  subcode?: number;
  message: string;
  details: string;
}

export const refusal = (status: number, code: number, message: string, details = message): GraphRefusal => ({
  status,
  code,
  message,
  details,
});

/** The Graph API's error body. */
export const errorBody = (r: GraphRefusal) => ({
  error: {
    message: `(#${r.code}) ${r.message}`,
    type: 'OAuthException',
    code: r.code,
    ...(r.subcode ? { error_subcode: r.subcode } : {}),
    error_data: { messaging_product: 'whatsapp', details: r.details },
    fbtrace_id: 'StandInTrace',
  },
});

export interface StoredTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  rejectedReason: string | null;
  body: string;
  /** How many numbered parameters the body has. */
  parameters: number;
  footer: string | null;
  quickReplies: string[];
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

/** The numbered parameters of a text, in order of appearance. */
export const placeholders = (text: string) => [...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));

/**
 * POST /{waba}/message_templates: name in lower case with digits and underscores; a known category; a
 * BODY of at most 1,024 characters whose parameters run 1, 2, 3… in order, neither first nor last nor
 * side by side, each with an example; a FOOTER of at most 60; at most 10 QUICK_REPLY buttons of 25.
 */
export function checkTemplate(
  body: unknown,
): { template: Omit<StoredTemplate, 'id' | 'status' | 'rejectedReason'> } | GraphRefusal {
  const b = obj(body);
  const bad = (details: string) => refusal(400, 100, 'Invalid parameter', details);
  const name = typeof b.name === 'string' ? b.name : '';
  if (!/^[a-z0-9_]{1,512}$/.test(name)) return bad('name must be lower-case letters, digits and underscores');
  const language = typeof b.language === 'string' ? b.language : '';
  if (!/^[a-z]{2,3}(_[A-Z]{2})?$/.test(language)) return bad('language must be a locale such as pt_BR');
  const category = typeof b.category === 'string' ? b.category : '';
  if (!['UTILITY', 'MARKETING', 'AUTHENTICATION'].includes(category)) return bad('category is not a known one');
  const components = Array.isArray(b.components) ? b.components.map(obj) : [];
  const bodies = components.filter((c) => c.type === 'BODY');
  if (bodies.length !== 1 || typeof bodies[0]!.text !== 'string') return bad('exactly one BODY with text is required');
  const text = bodies[0]!.text as string;
  if (text.length > 1024) return bad('BODY text is longer than 1024 characters');
  const numbers = placeholders(text);
  if (numbers.some((n, i) => n !== i + 1)) return bad('parameters must be numbered 1, 2, 3… in order');
  const trimmed = text.trim();
  if (/^\{\{\d+\}\}/.test(trimmed) || /\{\{\d+\}\}$/.test(trimmed))
    return refusal(400, 100, 'Invalid parameter', 'Variables cannot be at the start or end of the template body');
  if (/\}\}\s*\{\{/.test(text)) return bad('two variables cannot be next to each other');
  if (/\n{3,}/.test(text)) return bad('too many line breaks in a row');
  const example = obj(bodies[0]!.example).body_text;
  const values = Array.isArray(example) && Array.isArray(example[0]) ? (example[0] as unknown[]) : [];
  if (numbers.length && (values.length !== numbers.length || values.some((v) => typeof v !== 'string' || !v)))
    return bad('example.body_text must give one sample for each parameter');
  const footers = components.filter((c) => c.type === 'FOOTER');
  const footer = footers.length ? String(footers[0]!.text ?? '') : null;
  if (footer !== null && (!footer || footer.length > 60 || placeholders(footer).length))
    return bad('FOOTER text must be 1 to 60 characters without variables');
  const buttons = components
    .filter((c) => c.type === 'BUTTONS')
    .flatMap((c) => (Array.isArray(c.buttons) ? c.buttons.map(obj) : []));
  if (buttons.length > 10) return bad('at most 10 buttons');
  const quickReplies: string[] = [];
  for (const button of buttons) {
    if (button.type !== 'QUICK_REPLY') return bad('the stand-in takes QUICK_REPLY buttons only');
    const label = typeof button.text === 'string' ? button.text : '';
    if (!label || label.length > 25) return bad('a button text must have 1 to 25 characters');
    quickReplies.push(label);
  }
  return { template: { name, language, category, body: text, parameters: numbers.length, footer, quickReplies } };
}

export interface CheckedMessage {
  to: string;
  type: 'template' | 'text';
  template?: { name: string; language: string; parameters: string[]; payloads: string[] };
  text?: string;
}

/**
 * POST /{phone-number-id}/messages: messaging_product 'whatsapp', a recipient in digits, a template by
 * name and language whose body parameters are all text and as many as it has (and no line break, tab
 * or four spaces in a row), or a text of at most 4,096 characters.
 */
export function checkMessage(
  body: unknown,
  templateOf: (name: string, language: string) => StoredTemplate | undefined,
): CheckedMessage | GraphRefusal {
  const b = obj(body);
  const bad = (details: string) => refusal(400, 100, 'Invalid parameter', details);
  if (b.messaging_product !== 'whatsapp') return bad('messaging_product must be whatsapp');
  const to = typeof b.to === 'string' ? b.to.replace(/^\+/, '') : '';
  if (!/^\d{8,15}$/.test(to)) return bad('to must be a phone number with its country code');
  if (b.type === 'text') {
    const text = obj(b.text).body;
    if (typeof text !== 'string' || !text.trim())
      return refusal(400, 131008, 'Required parameter is missing', 'text.body');
    if (text.length > 4096) return bad('text.body is longer than 4096 characters');
    return { to, type: 'text', text };
  }
  if (b.type !== 'template') return refusal(400, 131051, 'Unsupported message type', String(b.type));
  const t = obj(b.template);
  const name = typeof t.name === 'string' ? t.name : '';
  const language = typeof obj(t.language).code === 'string' ? (obj(t.language).code as string) : '';
  const stored = templateOf(name, language);
  if (!stored || stored.status !== 'APPROVED')
    return refusal(
      404,
      132001,
      'Template name does not exist in the translation',
      `template name (${name}) does not exist in ${language}`,
    );
  const components = Array.isArray(t.components) ? t.components.map(obj) : [];
  const bodyParameters = components
    .filter((c) => c.type === 'body')
    .flatMap((c) => (Array.isArray(c.parameters) ? c.parameters.map(obj) : []));
  if (bodyParameters.some((p) => p.type !== 'text' || typeof p.text !== 'string'))
    return refusal(
      400,
      132012,
      'Parameter format does not match format in the created template',
      'body parameters must be text',
    );
  const parameters = bodyParameters.map((p) => p.text as string);
  if (parameters.length !== stored.parameters)
    return refusal(
      400,
      132000,
      'Number of parameters does not match the expected number of params',
      `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${stored.parameters})`,
    );
  if (parameters.some((p) => !p.trim() || /[\n\t]| {4,}/.test(p)))
    return refusal(
      400,
      132018,
      'There was an issue with the parameters in your template',
      'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
    );
  const payloads: string[] = [];
  for (const c of components.filter((x) => x.type === 'button')) {
    const index = Number(c.index);
    if (c.sub_type !== 'quick_reply' || !Number.isInteger(index) || index < 0 || index >= stored.quickReplies.length)
      return bad('button component does not match a quick reply of the template');
    const payload = obj(Array.isArray(c.parameters) ? c.parameters[0] : undefined).payload;
    if (typeof payload !== 'string' || payload.length > 256)
      return bad('a quick reply payload is text of at most 256 characters');
    payloads[index] = payload;
  }
  return { to, type: 'template', template: { name, language, parameters, payloads } };
}
