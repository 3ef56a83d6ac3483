import { describe, expect, it } from 'vitest';
import { allFeatures, builtInRoles, noFeatures, type PermittedViewer } from '@ordem-certa/contracts';
import { canSee, financeNav, mainNav, registersNav, trailingNav } from './navigation.ts';

const everyEntry = [...mainNav, ...registersNav, ...financeNav, ...trailingNav];
const viewerOf = (role: keyof typeof builtInRoles): PermittedViewer => ({
  userId: 1,
  permissions: builtInRoles[role].permissions,
});
const shown = (role: keyof typeof builtInRoles, features: Record<string, boolean> = allFeatures) =>
  everyEntry.filter((item) => canSee(item, viewerOf(role), features)).map((item) => item.label);

describe('the menu follows the permissions', () => {
  it('an Administrador sees every entry', () => {
    expect(shown('admin')).toEqual(everyEntry.map((item) => item.label));
  });

  it('a Técnico sees only the service orders, as a collaborator always did', () => {
    expect(shown('technician')).toEqual(['Ordens de Serviço']);
  });

  it('an entry of a feature the organization turned off is hidden even with the permission', () => {
    expect(shown('admin', { ...allFeatures, payroll: false })).not.toContain('Folha');
    expect(shown('admin', noFeatures)).not.toContain('Orçamentos');
  });

  it('an Atendente sees the office screens but no finance, payroll, settings or logs', () => {
    expect(shown('frontDesk')).toEqual([
      'Orçamentos',
      'Ordens de Serviço',
      'Pedidos',
      'Agenda',
      'Clientes',
      'Produtos',
      'Serviços',
    ]);
  });

  it('a Contador sees the money screens that only read', () => {
    expect(shown('accountant')).toEqual([
      'Painel',
      'Contas a receber',
      'Contratos',
      'Pix não identificados',
      'Notas fiscais',
      'Despesas',
      'Fluxo de caixa',
      'Relatórios',
    ]);
  });
});
