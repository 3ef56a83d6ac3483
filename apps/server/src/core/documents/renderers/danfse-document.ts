import { formatDateTime, formatIdentifier, formatMoney, fromCents, PersonType } from '@ordem-certa/contracts';
import type { NfseData, NfseParty } from '@ordem-certa/nfse-xml';
import {
  asHeading,
  colors,
  CONTENT_WIDTH,
  ensureSpace,
  fonts,
  footers,
  newDocument,
  PAGE,
  pdfText,
  toBuffer,
  type Doc,
} from '../pdf/pdf-layout.ts';

/** What the DANFSe prints: the NFS-e as read from its XML, its QR code and the names of the places it codes. */
export interface DanfseData {
  nfse: NfseData;
  /** The QR code (PNG) of `consultUrl`, the national public consultation of the access key. */
  qr: Buffer;
  consultUrl: string;
  /** 'São Paulo - SP' by IBGE code, for the codes the NFS-e carries. */
  places: Record<string, string>;
  /** The status here: a canceled or replaced NFS-e says so across the page. */
  status: 'issued' | 'canceled' | 'substituted';
  generatedAt: Date;
  timeZone: string;
}

type Cell = [label: string, value: string | null | undefined, span?: number];

const COLUMNS = 4;
const CELL_PAD = 2.5;
const cents = (v: number | null | undefined) => (v === null || v === undefined ? '-' : formatMoney(fromCents(v)));
const rate = (v: number | null | undefined) =>
  v === null || v === undefined ? '-' : `${v.toFixed(2).replace('.', ',')}%`;
const federalId = (id: string | null) =>
  !id ? '-' : formatIdentifier(id, id.length === 11 ? PersonType.Natural : PersonType.Juridical);
const keyGroups = (key: string | null) => (key ? key.replace(/(\d{4})(?=\d)/g, '$1 ') : '-');
/** '2026-11-25T10:00:05-03:00' in the organization's zone, as pt-BR writes it. */
const when = (iso: string | null, timeZone: string) => (iso ? formatDateTime(iso, timeZone) : '-');
const day = (iso: string | null) => (iso ? iso.slice(0, 10).split('-').toReversed().join('/') : '-');

/** A bar with the section's title, the national model's way. */
function bar(doc: Doc, title: string) {
  ensureSpace(doc, 36);
  const y = doc.y + 3;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, 12).fill(colors.headerBg);
  doc.font(fonts.bold).fontSize(7).fillColor(colors.accent);
  asHeading(doc, 'H2', () => doc.text(pdfText(title), PAGE.margin + CELL_PAD, y + 2.5, { width: CONTENT_WIDTH - 6 }));
  doc.y = y + 13;
}

/** Rows of labelled cells on a four-column grid, each cell boxed; a row is as tall as its tallest cell. */
function grid(doc: Doc, rows: Cell[][]) {
  const col = CONTENT_WIDTH / COLUMNS;
  for (const row of rows) {
    const measure = (cell: Cell) => {
      const width = col * (cell[2] ?? 1) - 2 * CELL_PAD;
      doc.font(fonts.regular).fontSize(8);
      return 9 + doc.heightOfString(pdfText(cell[1] || '-'), { width });
    };
    const height = Math.max(...row.map(measure)) + 2 * CELL_PAD;
    ensureSpace(doc, height);
    const y = doc.y;
    let x = PAGE.margin;
    for (const cell of row) {
      const width = col * (cell[2] ?? 1);
      doc.rect(x, y, width, height).lineWidth(0.4).strokeColor(colors.line).stroke();
      doc.font(fonts.regular).fontSize(6).fillColor(colors.muted);
      doc.text(pdfText(cell[0]), x + CELL_PAD, y + CELL_PAD, { width: width - 2 * CELL_PAD });
      doc.font(fonts.regular).fontSize(8).fillColor(colors.text);
      doc.text(pdfText(cell[1] || '-'), x + CELL_PAD, y + CELL_PAD + 8, { width: width - 2 * CELL_PAD });
      x += width;
    }
    doc.x = PAGE.margin;
    doc.y = y + height;
  }
}

function place(d: DanfseData, code: string | null | undefined, fallback?: string | null) {
  return (code && d.places[code]) || fallback || code || '-';
}

function address(p: NfseParty) {
  const a = p.address;
  if (!a) return '-';
  return [a.street, a.number, a.complement, a.district].filter(Boolean).join(', ');
}

function partyRows(d: DanfseData, p: NfseParty, last: Cell): Cell[][] {
  return [
    [
      ['CNPJ / CPF / NIF', federalId(p.federalId)],
      ['Inscrição Municipal', p.municipalRegistration],
      ['Telefone', p.phone],
      ['E-mail', p.email],
    ],
    [
      ['Nome / Nome Empresarial', p.name, 2],
      ['Endereço', address(p), 2],
    ],
    [
      ['Município', place(d, p.address?.municipalityCode)],
      ['CEP', p.address?.postalCode?.replace(/^(\d{5})(\d{3})$/, '$1-$2')],
      last,
    ],
  ];
}

const simples: Record<string, string> = { '1': 'Não optante', '2': 'Optante - MEI', '3': 'Optante - ME/EPP' };
const pisCofins: Record<string, string> = {
  '0': 'Não retidos',
  '1': 'PIS/COFINS retidos',
  '2': 'PIS/COFINS não retidos',
  '3': 'PIS/COFINS/CSLL retidos',
  '4': 'PIS/COFINS retidos, CSLL não',
  '5': 'PIS retido',
  '6': 'COFINS retido',
  '7': 'COFINS/CSLL retidos',
  '8': 'CSLL retido',
  '9': 'PIS/CSLL retidos',
};

/** The header: the document's name, the municipality, the QR code of the public consultation at the right. */
function header(doc: Doc, d: DanfseData) {
  const n = d.nfse;
  const qrSize = 86;
  const top = PAGE.margin;
  const textWidth = CONTENT_WIDTH - qrSize - 12;
  doc.font(fonts.bold).fontSize(13).fillColor(colors.text);
  asHeading(doc, 'H1', () => doc.text('DANFSe - Documento Auxiliar da NFS-e', PAGE.margin, top, { width: textWidth }));
  doc.font(fonts.regular).fontSize(8.5).fillColor(colors.muted);
  doc.text(
    pdfText(`Município emissor: ${n.emitterMunicipality ?? '-'} · Sistema Nacional NFS-e`),
    PAGE.margin,
    doc.y + 2,
    {
      width: textWidth,
    },
  );
  doc.font(fonts.regular).fontSize(7.5).fillColor(colors.muted);
  doc.text('Consulte a autenticidade pelo QR Code ou pela chave de acesso em', PAGE.margin, doc.y + 6, {
    width: textWidth,
  });
  doc.font(fonts.regular).fontSize(7.5).fillColor(colors.accent);
  doc.text(pdfText(d.consultUrl.replace(/\?.*$/, '')), PAGE.margin, doc.y + 1, {
    width: textWidth,
    link: d.consultUrl,
  });
  doc.image(d.qr, PAGE.margin + CONTENT_WIDTH - qrSize, top, { width: qrSize, height: qrSize });
  doc.y = Math.max(doc.y, top + qrSize) + 6;
  // Without fiscal value: homologation, or a note that no longer stands.
  const banner =
    n.environment === 2
      ? 'NFS-e SEM VALIDADE JURÍDICA (ambiente de homologação)'
      : d.status === 'canceled'
        ? 'NFS-e CANCELADA'
        : d.status === 'substituted'
          ? 'NFS-e SUBSTITUÍDA'
          : null;
  if (banner) {
    doc.font(fonts.bold).fontSize(10).fillColor(colors.danger);
    doc.text(banner, PAGE.margin, doc.y, { width: CONTENT_WIDTH, align: 'center' });
    doc.y += 4;
  }
}

/** The DANFSe (A4): the NFS-e's data in the national model's sections, with the QR code of the public consultation. */
export function renderDanfse(d: DanfseData): Promise<Buffer> {
  const n = d.nfse;
  const v = n.values;
  const doc = newDocument({
    title: `DANFSe ${n.number ?? ''} ${n.accessKey ?? ''}`.trim(),
    author: n.provider.name ?? '',
  });
  header(doc, d);

  grid(doc, [
    [
      ['Chave de Acesso da NFS-e', keyGroups(n.accessKey), 3],
      ['Número da NFS-e', n.number],
    ],
    [
      ['Competência da NFS-e', day(n.dps.competence)],
      ['Data e Hora da emissão da NFS-e', when(n.processedAt, d.timeZone)],
      ['Série e Número da DPS', `${n.dps.series ?? '-'} / ${n.dps.number ?? '-'}`],
      ['Data e Hora da emissão da DPS', when(n.dps.issuedAt, d.timeZone)],
    ],
  ]);

  bar(doc, 'EMITENTE DA NFS-e · PRESTADOR DO SERVIÇO');
  grid(
    doc,
    partyRows(d, n.provider, [
      'Simples Nacional na data de competência',
      simples[n.dps.simplesNacional ?? ''] ?? '-',
      2,
    ]),
  );

  bar(doc, 'TOMADOR DO SERVIÇO');
  if (n.taker) grid(doc, partyRows(d, n.taker, ['', ' ', 2]));
  else grid(doc, [[['Tomador', 'NÃO IDENTIFICADO NA NFS-e', 4]]]);

  bar(doc, 'INTERMEDIÁRIO DO SERVIÇO: NÃO IDENTIFICADO NA NFS-e');

  bar(doc, 'SERVIÇO PRESTADO');
  grid(doc, [
    [
      ['Código de Tributação Nacional', `${n.dps.serviceCode ?? '-'} - ${n.serviceCodeDescription ?? ''}`, 3],
      ['Local da Prestação', place(d, null, n.serviceMunicipality)],
    ],
    [['Descrição do Serviço', n.dps.description, 4]],
  ]);

  bar(doc, 'TRIBUTAÇÃO MUNICIPAL');
  grid(doc, [
    [
      ['Tributação do ISSQN', 'Operação tributável'],
      ['Município de Incidência do ISSQN', n.incidenceMunicipality ?? '-'],
      ['Retenção do ISSQN', v.issWithheld ? 'Retido pelo tomador' : 'Não retido'],
      ['Alíquota aplicada', rate(v.issRate)],
    ],
    [
      ['Valor do Serviço', cents(v.serviceCents)],
      ['Desconto Incondicionado', cents(v.unconditionalDiscountCents)],
      ['Base de Cálculo do ISSQN', cents(v.baseCents)],
      ['ISSQN Apurado', cents(v.issCents)],
    ],
  ]);

  bar(doc, 'TRIBUTAÇÃO FEDERAL');
  grid(doc, [
    [
      ['IRRF', cents(v.irrfCents)],
      ['Contribuição Previdenciária - Retida', cents(v.cpCents)],
      ['CSLL - Retida', cents(v.csllCents)],
      ['PIS/COFINS', v.pisCofinsRetention ? (pisCofins[v.pisCofinsRetention] ?? v.pisCofinsRetention) : '-'],
    ],
    [
      ['PIS - Débito apuração própria', cents(v.pisCents)],
      ['COFINS - Débito apuração própria', cents(v.cofinsCents)],
      ['Total retido', cents(v.withheldCents), 2],
    ],
  ]);

  if (n.ibsCbs) {
    const g = n.ibsCbs;
    bar(doc, 'IBS E CBS (REFORMA TRIBUTÁRIA)');
    grid(doc, [
      [
        ['Base de cálculo', cents(g.baseCents)],
        ['IBS (UF / Município)', `${rate(g.ibsStateRate)} / ${rate(g.ibsMunicipalRate)}`],
        ['Valor do IBS', cents(g.ibsCents)],
        ['CBS', `${rate(g.cbsRate)} · ${cents(g.cbsCents)}`],
      ],
    ]);
  }

  bar(doc, 'VALOR TOTAL DA NFS-e');
  grid(doc, [
    [
      ['Valor do Serviço', cents(v.serviceCents)],
      ['Desconto Condicionado', cents(v.conditionalDiscountCents)],
      ['Desconto Incondicionado', cents(v.unconditionalDiscountCents)],
      ['ISSQN Retido', v.issWithheld ? cents(v.issCents) : '-'],
    ],
    [
      ['IRRF, CP e CSLL retidos', cents(v.irrfCents + v.cpCents + v.csllCents), 2],
      ['Valor Líquido da NFS-e', cents(v.netCents), 2],
    ],
  ]);

  bar(doc, 'INFORMAÇÕES COMPLEMENTARES');
  grid(doc, [
    [
      [
        'Informações',
        [
          n.dps.replacesKey ? `NFS-e substitui a de chave ${keyGroups(n.dps.replacesKey)}.` : null,
          n.version ? `Leiaute ${n.version}.` : null,
        ]
          .filter(Boolean)
          .join(' ') || '-',
        4,
      ],
    ],
  ]);

  footers(doc, `DANFSe gerado em ${formatDateTime(d.generatedAt, d.timeZone)} · Ordem Certa`);
  return toBuffer(doc);
}
