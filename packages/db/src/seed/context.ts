/** What every demo seed is given: the ids of the demo organization and of the lite one. */
export interface DemoContext {
  demoOrganizationId: number;
  liteOrganizationId: number;
}
