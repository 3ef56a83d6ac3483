// The zod-free half of the NFS-e contract: texts, labels and constants. Kept apart from the schemas
// (nfse.ts) so the order screen shows an NFS-e without loading the validation library.

export const nfseMessages = {
  municipalityCode: 'Informe o código IBGE do município com 7 dígitos',
  municipalityUnknown: 'Município não encontrado na tabela do IBGE',
  municipalRegistration:
    'A inscrição municipal deve ter de 1 a 15 letras ou números (pontos, traços e barras são ignorados)',
  simplesNacional: 'Escolha a situação no Simples Nacional',
  regApTribSN: 'Escolha o regime de apuração do Simples Nacional',
  specialRegime: 'Escolha o regime especial de tributação',
  serviceCode: 'Informe o código de tributação nacional com 6 dígitos',
  issRate: 'A alíquota do ISS deve ser maior que 0 e de no máximo 5%, com até duas casas decimais',
  environment: 'Escolha o ambiente: homologação ou produção',
  dpsSeries: 'A série da DPS deve ser um número de 1 a 49999',
  nextDpsNumber: 'O próximo número da DPS deve ser um número inteiro a partir de 1',
  certificateMissingFile: 'Envie o arquivo do certificado (.pfx ou .p12)',
  certificatePassword: 'Informe a senha do certificado',
  certificateWrongPassword: 'Senha do certificado incorreta',
  certificateNotA1: 'Arquivo não é um certificado A1 (.pfx)',
  certificateTooLarge: 'O arquivo do certificado deve ter no máximo 64 KB',
  certificateExpired: 'O certificado está vencido',
  secretsKeyMissing:
    'O servidor ainda não tem a chave que protege os certificados fora do banco de dados, e por isso não guarda o certificado. Peça ao administrador do sistema para configurar SECRETS_KEY_FILE (ou NFSE_CERT_KEY) e envie de novo.',
  certificateOtherCnpj: (cnpj: string) =>
    `O certificado é do CNPJ ${cnpj}, diferente do CNPJ da empresa. A NFS-e será recusada se o certificado não for da empresa.`,
  cancelReason: 'Descreva o motivo do cancelamento com pelo menos 15 caracteres',
  month: 'Informe o mês como AAAA-MM',
  notConfigured: 'Configure os dados fiscais (NFS-e) da empresa antes de emitir',
  noCertificate: 'Envie o certificado digital A1 da empresa antes de emitir',
  notCompleted: 'A NFS-e só pode ser emitida para uma ordem concluída',
  zeroTotal: 'A NFS-e só pode ser emitida para uma ordem com valor',
  onlyMaterials:
    'Esta ordem só tem materiais, e a empresa não inclui materiais no valor do serviço: não há serviço a declarar na NFS-e',
  materialsIncluded: 'Diga se os materiais entram no valor do serviço',
  alreadyIssued: 'Esta ordem já tem uma NFS-e emitida ou em processamento',
  reopenWithNfse: 'Esta ordem tem NFS-e emitida ou em processamento: cancele a NFS-e antes de reabrir a ordem',
  notIssued: 'Só uma NFS-e emitida pode ser cancelada',
  none: 'Esta ordem não tem NFS-e',
  noXml: 'Este XML não existe para esta NFS-e',
  noDanfse: 'Esta ordem não tem NFS-e emitida para gerar o DANFSe',
  companyNotIndividual: 'A NFS-e só pode ser emitida por uma empresa com CNPJ',
  takerIdentifier: 'O cliente precisa de um CPF ou CNPJ válido para a NFS-e',
  invalidDps: 'A DPS não passou na validação do leiaute nacional',
  unavailable: 'O sistema nacional da NFS-e não respondeu; tente novamente em instantes',
  certificateExpiringTitle: 'Certificado digital vence em breve',
  withholdingRate: 'A alíquota deve ser de 0 a 99,99%, com até duas casas decimais',
  issRateForWithholding: 'O ISS retido precisa da alíquota do ISS: informe-a nos dados fiscais da empresa',
  withholdingFromMei: 'Nada é retido de um MEI: retire as retenções da ordem ou do cliente',
  withholdingWithoutTaker: 'Só um cliente com CPF ou CNPJ retém o ISS',
  ibsCbsOperation: 'Informe o código indicador da operação com 6 dígitos',
  ibsCbsCst: 'Informe o CST do IBS/CBS com 3 dígitos',
  ibsCbsClass: 'Informe o cClassTrib com 6 dígitos',
  dpsNumberUsed: 'O próximo número da DPS já foi usado nesta série: ajuste-o nos dados fiscais da empresa',
  substitutionCode: 'Escolha o motivo da substituição',
  substitutionReason: 'Descreva o motivo da substituição com pelo menos 15 caracteres',
  notSubstitutable: 'Só uma NFS-e emitida pode ser substituída',
  substitutionPending: 'Esta NFS-e já tem uma substituta em processamento',
  substituted: 'A NFS-e foi substituída',
  canceledElsewhere: 'A NFS-e foi cancelada no sistema nacional',
  listStatus: 'Escolha uma situação da NFS-e',
  listNumber: 'Informe só os dígitos do número',
  accountantDay: 'Escolha um dia de 1 a 28',
  withholdingsWhileProcessing: 'A NFS-e desta ordem está em processamento: aguarde a resposta para mudar as retenções',
  accountantSubject: (month: string, company: string) => `NFS-e de ${month} — ${company}`,
} as const;

export const nfseEnvironments = ['homologation', 'production'] as const;
export type NfseEnvironment = (typeof nfseEnvironments)[number];
export const nfseEnvironmentLabels: Record<NfseEnvironment, string> = {
  homologation: 'Homologação (testes)',
  production: 'Produção',
};

/** opSimpNac of the DPS. */
export const simplesNacionalLabels: Record<1 | 2 | 3, string> = {
  1: 'Não optante',
  2: 'Optante — MEI',
  3: 'Optante — ME/EPP',
};
/** regApTribSN: how an ME/EPP of the Simples Nacional pays its taxes. */
export const regApTribSNLabels: Record<1 | 2 | 3, string> = {
  1: 'Tudo pelo Simples Nacional',
  2: 'ISS fora do Simples Nacional',
  3: 'Federais e ISS fora do Simples',
};
/** regEspTrib. */
export const specialRegimeLabels: Record<number, string> = {
  0: 'Nenhum',
  1: 'Ato cooperado (cooperativa)',
  2: 'Estimativa',
  3: 'Microempresa municipal',
  4: 'Notário ou registrador',
  5: 'Profissional autônomo',
  6: 'Sociedade de profissionais',
};

export const SERVICE_CODE_PATTERN = /^\d{6}$/;
export const nfseStatuses = ['processing', 'issued', 'rejected', 'canceled', 'substituted'] as const;
export type NfseStatusValue = (typeof nfseStatuses)[number];
export const nfseStatusLabels: Record<NfseStatusValue, string> = {
  processing: 'Em processamento',
  issued: 'Emitida',
  rejected: 'Rejeitada',
  canceled: 'Cancelada',
  substituted: 'Substituída',
};

/** cMotivo of a substitution (subst in the DPS). */
export const nfseSubstitutionCodes = ['01', '02', '03', '04', '05', '99'] as const;
export type NfseSubstitutionCode = (typeof nfseSubstitutionCodes)[number];
export const nfseSubstitutionLabels: Record<NfseSubstitutionCode, string> = {
  '01': 'Desenquadramento do Simples Nacional',
  '02': 'Enquadramento no Simples Nacional',
  '03': 'Inclusão retroativa de imunidade ou isenção',
  '04': 'Exclusão retroativa de imunidade ou isenção',
  '05': 'Rejeição pelo tomador',
  '99': 'Outros (corrigir dados da nota)',
};

/** The federal taxes a taker may withhold, in the order the NFS-e shows them. */
export const federalWithholdings = ['pis', 'cofins', 'csll', 'irrf', 'cp'] as const;
export type FederalWithholdingKey = (typeof federalWithholdings)[number];
export const federalWithholdingLabels: Record<FederalWithholdingKey, string> = {
  pis: 'PIS',
  cofins: 'COFINS',
  csll: 'CSLL',
  irrf: 'IRRF',
  cp: 'INSS (CP)',
};
