import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { everyonePermissions } from '@ordem-certa/contracts';

/**
 * The OpenAPI document completed in one place, so a new route cannot forget it: a pt-BR summary (the
 * route's own `schema.summary`, else one made from its method and path), an operationId from the
 * method and path, the error answers its access rule and schema make possible (401, 403, 404, 422,
 * 429) and 204 for deletions. `redocly lint` (redocly.yaml) checks the result in `npm run check`.
 */

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;
type Access = 'public' | 'portal' | { can: string; feature?: string } | undefined;

interface RouteFacts {
  access: Access;
  hasInput: boolean;
  hasPathParams: boolean;
  rateLimited: boolean;
  hasResponse: boolean;
  /** The route reads a multipart/form-data body itself (an upload), with no body schema. */
  multipart: boolean;
}

/** Each collection in a path: the record with its article, and the list. */
const NOUNS: Record<string, [string, string]> = {
  organizations: ['a organização', 'as organizações'],
  companies: ['a empresa', 'as empresas'],
  customers: ['o cliente', 'os clientes'],
  addresses: ['o endereço', 'os endereços'],
  equipments: ['o equipamento', 'os equipamentos'],
  products: ['o produto', 'os produtos'],
  services: ['o serviço', 'os serviços'],
  'transaction-natures': ['a natureza da operação', 'as naturezas da operação'],
  'invoice-statuses': ['a situação de OS', 'as situações de OS'],
  reminders: ['o lembrete', 'os lembretes'],
  tags: ['a etiqueta', 'as etiquetas'],
  users: ['o usuário', 'os usuários'],
  invoices: ['a ordem de serviço', 'as ordens de serviço'],
  workers: ['o colaborador', 'os colaboradores'],
  comments: ['o comentário', 'os comentários'],
  pictures: ['a foto', 'as fotos'],
  payrolls: ['a folha', 'as folhas'],
  estimates: ['o orçamento', 'os orçamentos'],
  emails: ['o e-mail enviado', 'os e-mails enviados'],
  reports: ['o relatório', 'os relatórios'],
  'audit-logs': ['o registro de auditoria', 'os registros de auditoria'],
  notifications: ['a notificação', 'as notificações'],
  profile: ['o perfil', 'o perfil'],
};

/** Action segments ending a path: what the operation does to the record before it. */
const ACTIONS: Record<string, string> = {
  email: 'Grava o modelo de e-mail d{record}',
  sign: 'Grava a assinatura d{record}',
  info: 'Altera os dados d{record}',
  visit: 'Agenda a visita d{record}',
  discount: 'Altera o desconto d{record}',
  pay: 'Registra o pagamento d{record}',
  'undo-payment': 'Desfaz o pagamento d{record}',
  'allowed-changes': 'Mudanças de situação permitidas n{record}',
  start: 'Põe em andamento {record}',
  todo: 'Devolve para a fazer {record}',
  complete: 'Conclui {record}',
  block: 'Bloqueia {record}',
  cancel: 'Cancela {record}',
  pdf: 'Link curto e assinado para o PDF d{record}',
  'sign-link': 'Renova o link de assinatura d{record}',
  financial: 'Altera os dados financeiros d{record}',
  filters: 'Os filtros d{record}',
  data: 'As linhas d{record}',
  csv: 'O CSV d{record}',
  'mark-as-read': 'Marca como lida {record}',
  logo: 'O logotipo d{record}',
  'signature-image': 'A imagem de assinatura d{record}',
};

/** Lists named by their last segment. */
const LISTS: Record<string, string> = {
  filter: 'Lista as ordens de serviço (filtros, busca, página)',
  wip: 'Lista as ordens de serviço em andamento',
  completed: 'Lista as ordens de serviço concluídas',
  blocked: 'Lista as ordens de serviço bloqueadas',
  pending: 'Lista o que falta entrar em uma folha',
  actives: 'Lista os lembretes ativos',
  'available-roles': 'Lista os papéis que um usuário pode ter',
};

const lastNoun = (parts: string[]) => parts.findLast((s) => !s.startsWith(':') && !s.startsWith('{'))!;

const VERBS: Record<string, string> = { GET: 'Lê', PUT: 'Altera', PATCH: 'Altera', DELETE: 'Remove', POST: 'Adiciona' };

/** Puts 'o cliente' in the template with the contraction its preposition makes: 'do cliente', 'ao cliente'. */
const contract = (phrase: string, template: string) =>
  template
    .replace(/([dn])\{record\}/, (_, p: string) => p + phrase)
    .replace(/\ba \{record\}/, () => (phrase.startsWith('a ') ? `à ${phrase.slice(2)}` : `a${phrase}`))
    .replace('{record}', phrase);

/** A pt-BR summary from the method and the path (`/api/organizations/{orgId}/customers/{id}/addresses`). */
export function summaryFor(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\/(admin\/)?/, '')
    .split('/')
    .filter(Boolean);
  const isParam = (s: string) => s.startsWith(':') || s.startsWith('{');
  // The records the path walks through, innermost last ('organizations' is every route's scope).
  const nouns = parts.filter((s, n) => NOUNS[s] && n > 0 && parts[n - 1] !== 'type');
  const last = parts.at(-1)!;
  const item = isParam(last);
  const owner = (skip: number) => {
    const n = nouns.at(-1 - skip);
    return n && n !== 'organizations' ? NOUNS[n]![0] : undefined;
  };
  const of = (phrase: string, parent: string | undefined) =>
    parent ? contract(parent, `${phrase} d{record}`) : phrase;

  if (LISTS[last]) return LISTS[last];
  if (last === 'available') {
    const what = parts.at(-2)!;
    return contract(owner(1) ?? 'o registro', `Lista ${NOUNS[what]?.[1] ?? what} disponíveis para {record}`);
  }
  if (parts.at(-2) === 'type') return of('Lista os comentários de um tipo', owner(1));
  if (lastNoun(parts) === 'email' && parts.includes('estimates')) return 'Envia o orçamento por e-mail, com o PDF';
  if (method === 'POST' && /\/estimates\/[^/]+\/invoices$/.test(url)) return 'Gera ordens de serviço do orçamento';
  const lastWord = lastNoun(parts);
  if (ACTIONS[lastWord] && !NOUNS[lastWord]) {
    const record = owner(0) ?? 'o registro';
    const text = contract(record, ACTIONS[lastWord]);
    if (lastWord === 'logo' || lastWord === 'signature-image')
      return `${{ GET: 'Baixa', POST: 'Envia', DELETE: 'Remove' }[method] ?? method}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
    return text;
  }
  if (!NOUNS[lastWord]) return `${method} ${url}`;
  const [one, many] = NOUNS[lastWord];
  const parent = owner(1);
  if (lastWord === 'profile') return `${method === 'GET' ? 'Lê' : 'Altera'} o próprio perfil`;
  if (parts.length === 2 && lastWord === 'organizations') return `${method === 'GET' ? 'Lê' : 'Altera'} a organização`;
  if (item && method === 'POST' && parent) return contract(parent, `Adiciona ${one} a {record}`);
  if (item) return of(`${VERBS[method] ?? method} ${one}`, parent);
  if (method === 'GET') return of(`Lista ${many}`, parent);
  return parent
    ? contract(parent, `Adiciona ${one.replace(/^(o|a) /, (a) => (a === 'o ' ? 'um ' : 'uma '))} a {record}`)
    : `Cria ${one}`;
}

/** `get /api/organizations/{orgId}/customers/{id}` → `getOrganizationsCustomersById`. */
export function operationIdFor(method: string, url: string): string {
  const camel = (s: string) => s.replace(/[-_]+(\w)/g, (_, c: string) => c.toUpperCase());
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter((s) => s && s !== ':orgId' && s !== '{orgId}')
    .map((s) => (s.startsWith(':') || s.startsWith('{') ? `by-${s.replace(/[:{}]/g, '')}` : s))
    .map((s) => camel(s))
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1));
  return method.toLowerCase() + words.join('');
}

const errorBody = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      description: 'As mensagens: uma lista, ou por campo (422)',
      oneOf: [
        { type: 'array', items: { type: 'string' } },
        { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      ],
    },
  },
};
const errorAnswer = (description: string, schema: object = errorBody) => ({
  description,
  content: { 'application/json': { schema } },
});
/** A write sent with an older `version` of its record: `conflict` says what changed meanwhile. */
const conflictBody = {
  ...errorBody,
  properties: {
    ...errorBody.properties,
    conflict: {
      type: 'object',
      description:
        "Só quando o registro foi alterado por outra pessoa depois de lido (a mensagem é 'Este registro foi alterado por outra pessoa'): a versão atual, os campos enviados cujo valor atual é outro e os valores atuais dos campos da operação",
      required: ['version', 'changed', 'current'],
      properties: {
        version: { type: 'integer' },
        changed: { type: 'array', items: { type: 'string' } },
        current: { type: 'object', additionalProperties: true },
      },
    },
  },
};

/**
 * The error answers a route can give, from its access rule, its method and what it reads. The whole
 * API test suite checks every answer it gets against this (test/conformance.ts), so a status any
 * route really gives is listed here.
 */
function errorResponses(method: string, url: string, f: RouteFacts) {
  const out: Record<string, unknown> = {};
  const write = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method.toUpperCase());
  const isPublic = f.access === 'public';
  // A body that cannot be read (invalid JSON, a multipart upload cut short) is refused before validation.
  if (write) out['400'] = errorAnswer('Pedido malformado (JSON inválido, arquivo cortado)');
  const isLogin = url === '/api/login' || url.startsWith('/api/login/');
  if (!isPublic || isLogin) out['401'] = errorAnswer('Sem login, ou o login expirou (ou senha errada)');
  const access = f.access === 'public' || f.access === 'portal' ? undefined : f.access;
  const everyone = (everyonePermissions as readonly string[]).includes(access?.can ?? '');
  if (
    f.access !== 'public' &&
    f.access !== 'portal' &&
    (url.includes('{orgId}') || (access && (!everyone || access.feature)))
  )
    out['403'] = errorAnswer('Sem permissão (outra organização, a função não permite, recurso desligado)');
  if (!isPublic || f.hasPathParams)
    out['404'] = errorAnswer('Não encontrado: o registro, ou um registro citado no pedido (ou link inválido)');
  if (write)
    out['409'] = errorAnswer(
      'Conflito: o registro está fechado ou mudou de estado, foi alterado por outra pessoa depois de lido (version), ou o pedido já está em andamento',
      conflictBody,
    );
  if (isPublic && f.hasPathParams) out['410'] = errorAnswer('Link expirado');
  if (write) out['413'] = errorAnswer('Corpo ou arquivo grande demais');
  if (write) out['415'] = errorAnswer('Formato do conteúdo não aceito');
  if (f.hasInput) out['422'] = errorAnswer('Dados inválidos: as mensagens por campo');
  if (f.rateLimited || isLogin) out['429'] = errorAnswer('Muitas tentativas: aguarde');
  if (!Object.keys(out).some((code) => code.startsWith('4'))) out['400'] = errorAnswer('Pedido malformado');
  out['500'] = errorAnswer('Erro inesperado (registrado no log do servidor)');
  out['503'] = errorAnswer('Banco de dados ou armazenamento de arquivos fora do ar: tente de novo em instantes');
  if (write) out['507'] = errorAnswer('Sem espaço para guardar o arquivo');
  return out;
}

/** A route's access rule in a few words: 'public', or its permission ('customer.create feature:estimates'). */
function accessLabel(access: Access | undefined): string {
  if (access === undefined || access === 'public') return 'public';
  if (access === 'portal') return 'portal';
  return access.feature ? `${access.can} feature:${access.feature}` : access.can;
}

export function createOpenApiTransforms(): { transform: Transform; transformObject: TransformObject } {
  const facts = new Map<string, RouteFacts>();
  const key = (method: string, url: string) => `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
  const transform: Transform = (input) => {
    const { route, url } = input;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const config = (route.config ?? {}) as { access?: Access; rateLimit?: unknown };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods)
      facts.set(key(m, url), {
        access: config.access,
        hasInput: !!(schema.body || schema.querystring || schema.params),
        hasPathParams: /:\w/.test(url.replace(/:orgId\b/, '')),
        rateLimited: !!config.rateLimit,
        hasResponse: !!schema.response,
        multipart: Array.isArray(schema.consumes) && schema.consumes.includes('multipart/form-data'),
      });
    return jsonSchemaTransform(input);
  };
  const transformObject: TransformObject = (input) => {
    const doc = ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as {
      paths?: Record<string, Record<string, Record<string, unknown>>>;
      [k: string]: unknown;
    };
    for (const [path, ops] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(ops)) {
        const m = method.toUpperCase();
        const f = facts.get(key(m, path));
        op.summary ??= summaryFor(m, path);
        op.operationId ??= operationIdFor(method, path);
        const responses = (op.responses ?? {}) as Record<string, { description?: string; content?: unknown }>;
        // Routes without a response schema: a deletion answers 204, the others a file or a page.
        if (!f?.hasResponse && responses['200']?.description === 'Default Response' && !responses['200'].content) {
          delete responses['200'];
          if (m === 'DELETE') responses['204'] = { description: 'Removido; sem corpo' };
          else responses['200'] = { description: 'O arquivo (imagem, PDF ou CSV)' };
        }
        if (f)
          for (const [code, answer] of Object.entries(errorResponses(m, path, f))) responses[code] ??= answer as object;
        // Who may call it, for readers and for the access test that walks this document:
        // 'public', or the permission of the map the caller's role needs, and 'feature:<name>' when the
        // organization needs the feature turned on.
        if (f) op['x-access'] = accessLabel(f.access);
        // An upload's parts are read by the handler (lib/uploads.ts); the summary names its fields.
        if (f?.multipart && !op.requestBody)
          op.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } };
        op.responses = responses;
      }
    }
    nullableWithType(doc);
    return doc;
  };
  return { transform, transformObject };
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`: a nullable union (`anyOf` of typed schemas, as zod
 * writes `string | number | null`) carries it on each alternative instead; a nullable enum lists null
 * among its values, as OpenAPI 3.0.3 says (a validator checks the enum before `nullable`).
 */
function nullableWithType(node: unknown) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) nullableWithType(n);
    return;
  }
  const o = node as Record<string, unknown>;
  if (o.nullable === true && o.type === undefined && Array.isArray(o.anyOf)) {
    delete o.nullable;
    for (const alt of o.anyOf as Array<Record<string, unknown>>) if (alt.type !== undefined) alt.nullable = true;
  }
  if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...o.enum, null];
  for (const v of Object.values(o)) nullableWithType(v);
}
