import type { estimateEquipments } from './schema/index.ts';

type EstimateEquipment = Pick<
  typeof estimateEquipments.$inferSelect,
  'id' | 'equipmentId' | 'name' | 'brand' | 'model' | 'serialNumber' | 'description'
>;

/**
 * What an order's equipment line takes from the estimate's line it comes from: the customer's
 * equipment, the line it was quoted on, and the name, brand, model, N/S and description as quoted
 * (the API's 'Gerar OS' and the demo seed share it).
 */
export const equipmentFromEstimate = (l: EstimateEquipment) => ({
  equipmentId: l.equipmentId,
  estimateEquipmentId: l.id,
  name: l.name,
  brand: l.brand,
  model: l.model,
  serialNumber: l.serialNumber,
  description: l.description,
});
