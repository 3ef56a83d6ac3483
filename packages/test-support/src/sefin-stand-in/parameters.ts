// The national municipal parameters API at the stand-in (ADN 'parametrizacao'): whether a municipality
// uses the national system (convênio) and the ISS rate it set for a service in a competence.
import { notFound, type Answer } from './answers.ts';
import { municipalityOf, municipalRate, type State } from './state.ts';

/** GET …/parametrizacao/{codigoMunicipio}/convenio and …/{codigoMunicipio}/{codigoServico}/{competencia}/aliquota. */
export function parametersAnswer(state: State, path: string): Answer | null {
  const convenio = /(?:^|\/)parametrizacao\/(\d{7})\/convenio$/.exec(path);
  if (convenio) {
    const m = municipalityOf(state, convenio[1]!);
    if (!m.joined) return notFound('Município sem convênio com o Sistema Nacional NFS-e.');
    return {
      status: 200,
      body: {
        mensagem: 'Parâmetros do convênio encontrados.',
        parametrosConvenio: {
          tipoConvenio: 1,
          aderenteAmbienteNacional: 1,
          aderenteEmissorNacional: 1,
          situacaoEmissaoPadraoContribuintesRFB: 1,
          aderenteMAN: 0,
          permiteAproveitametoDeCreditos: false,
        },
      },
    };
  }
  const aliquota = /(?:^|\/)parametrizacao\/(\d{7})\/([\d.]+)\/([^/]+)\/aliquota$/.exec(path);
  if (aliquota) {
    const [, municipality, code, competence] = aliquota as unknown as [string, string, string, string];
    // The service code is the national one (6 digits) plus the municipal detail: '14.01.01.000'.
    const digits = code.replace(/\D/g, '');
    if (!/^\d{4}-\d{2}-\d{2}/.test(decodeURIComponent(competence)) || digits.length < 6) {
      return { status: 400, body: { mensagem: 'Código de serviço ou competência inválidos.' } };
    }
    const rate = municipalRate(state, municipality, digits.slice(0, 6));
    if (rate === null) return notFound('Alíquota não parametrizada para o serviço no município.');
    return {
      status: 200,
      body: {
        mensagem: 'Alíquota encontrada.',
        aliquotas: {
          [code]: [
            { Incidencia: 'Local do estabelecimento prestador', Aliq: rate, DtIni: '2026-01-01T00:00:00', DtFim: null },
          ],
        },
      },
    };
  }
  return null;
}
