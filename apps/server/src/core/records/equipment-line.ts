/** An equipment line of either kind: a copy of the customer's equipment when it was added. */
export interface EquipmentLine {
  id: number;
  equipmentId: number | null;
  name: string;
  brand: string;
  model: string;
  serialNumber: string;
  description: string | null;
}

/** An equipment line as a record's detail shows it. */
export function equipmentLine(l: EquipmentLine): EquipmentLine {
  const { id, equipmentId, name, brand, model, serialNumber, description } = l;
  return { id, equipmentId, name, brand, model, serialNumber, description };
}
