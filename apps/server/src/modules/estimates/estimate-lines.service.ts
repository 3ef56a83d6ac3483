import type { AddEstimateProductBody, AddEstimateServiceBody } from '@ordem-certa/contracts';
import type { Db } from '@ordem-certa/db';
import { recordLines, type RecordLineKind } from '../../core/records/lines.ts';
import { estimateKind, type Actor } from './estimate-access.ts';

// An estimate's lines are the record core's (core/records/lines.ts), under the estimate's rules:
// admin-only, changed while Draft or Wip, each line numbered in its section and grouped or not.
const lines = recordLines(estimateKind);

export const { availableServices, availableProducts, availableEquipments, addEquipment, editLine, removeLine } = lines;

/** POST estimates/{id}/services. */
export const addService = (db: Db, actor: Actor, id: number, body: AddEstimateServiceBody) =>
  lines.addService(db, actor, id, { ...body, service: Number(body.service) });

/** POST estimates/{id}/products. */
export const addProduct = (db: Db, actor: Actor, id: number, body: AddEstimateProductBody) =>
  lines.addProduct(db, actor, id, { ...body, product: Number(body.product) });

export type EstimateLineKind = RecordLineKind;
