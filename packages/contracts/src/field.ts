import { z } from 'zod';
import { businessDateTime, calendarDate, orgParam, pathId } from './common.ts';
import { stampKinds } from './field-time.ts';

// The stamps a technician makes on an order and the organization's settings for them. Plain data, the
// distance and time figures are in field-time.ts (no zod, for the technician's screen).

export const fieldMessages = {
  kind: 'Registro inválido',
  deviceAt: 'Informe a hora do registro',
  latitude: 'Latitude inválida',
  longitude: 'Longitude inválida',
  accuracy: 'Precisão inválida',
  positionRequired: 'A localização do aparelho é necessária para este registro',
  reasonRequired: 'Informe o motivo da pausa',
  warningMeters: 'Informe uma distância entre 50 e 50.000 metros',
  retentionMonths: 'Informe um período entre 1 e 120 meses',
  averageSpeed: 'Informe uma velocidade entre 5 e 120 km/h',
  kmRate: 'Valor por km inválido',
} as const;

const latitude = z
  .number({ error: fieldMessages.latitude })
  .min(-90, fieldMessages.latitude)
  .max(90, fieldMessages.latitude);
const longitude = z
  .number({ error: fieldMessages.longitude })
  .min(-180, fieldMessages.longitude)
  .max(180, fieldMessages.longitude);

/** A position as the phone gave it (navigator.geolocation): degrees and the accuracy in metres. */
export const stampPosition = z.object({
  latitude,
  longitude,
  accuracy: z
    .number({ error: fieldMessages.accuracy })
    .min(0, fieldMessages.accuracy)
    .max(100_000, fieldMessages.accuracy),
});

/**
 * POST invoices/{id}/stamps: one stamp, as the phone made it (offline too): what, the phone's time
 * then, its position (required for 'A caminho', 'Cheguei' and 'Saí'), a pause's reason, and whether
 * 'Saí' was made by the phone leaving the place.
 */
export const stampBody = z
  .object({
    kind: z.enum(stampKinds, { error: fieldMessages.kind }),
    deviceAt: businessDateTime(fieldMessages.deviceAt),
    position: stampPosition.nullish().transform((v) => v ?? null),
    reason: z
      .string()
      .trim()
      .max(300, 'Deve ter no máximo 300 caracteres')
      .nullish()
      .transform((v) => v || null),
    automatic: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if ((b.kind === 'travel' || b.kind === 'arrive' || b.kind === 'leave') && !b.position)
      ctx.addIssue({ code: 'custom', path: ['position'], message: fieldMessages.positionRequired });
    if (b.kind === 'pause' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: fieldMessages.reasonRequired });
  });
export type StampInput = z.input<typeof stampBody>;
export type StampBody = z.output<typeof stampBody>;

export const fieldStamp = z.object({
  id: z.number().int(),
  kind: z.enum(stampKinds),
  userId: z.number().int(),
  userName: z.string(),
  deviceAt: z.string(),
  receivedAt: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  /** From the order's address, at 'Cheguei' and 'Saí' (null: the address has no coordinates). */
  distanceMeters: z.number().int().nullable(),
  /** 'Cheguei' beyond the organization's distance from the address. */
  distanceWarning: z.boolean(),
  reason: z.string().nullable(),
  automatic: z.boolean(),
  /** The phone's clock was more than 5 minutes off the server's when it sent the stamp. */
  clockSkewed: z.boolean(),
  skewSeconds: z.number().int().nullable(),
  /** 'A caminho': when the technician should arrive, and how it was estimated. */
  etaAt: z.string().nullable(),
  etaSource: z.enum(['router', 'straight']).nullable(),
  /** 'Cheguei': the distance travelled since 'A caminho' (the router's, else the straight line). */
  routeMeters: z.number().int().nullable(),
});
export type FieldStamp = z.infer<typeof fieldStamp>;

/** GET invoices/{id}/stamps: the order's stamps by the phone's time, and their sums. */
export const stampsResponse = z.object({
  data: z.array(fieldStamp),
  /** The job's address (the order's, else the customer's first one with coordinates); null: not placed. */
  place: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  summary: z.object({
    workedSeconds: z.number().int(),
    travelSeconds: z.number().int(),
    routeMeters: z.number().int(),
    status: z.enum(['traveling', 'onSite', 'working', 'free']),
    warnings: z.number().int(),
  }),
});
export type StampsResponse = z.infer<typeof stampsResponse>;

export const stampCreated = fieldStamp.extend({ replayed: z.boolean() });

/** GET/PUT field/settings: the organization's rules for stamps. */
export const fieldSettingsBody = z.object({
  arrivalWarningMeters: z
    .number({ error: fieldMessages.warningMeters })
    .int(fieldMessages.warningMeters)
    .min(50, fieldMessages.warningMeters)
    .max(50_000, fieldMessages.warningMeters),
  retentionMonths: z
    .number({ error: fieldMessages.retentionMonths })
    .int(fieldMessages.retentionMonths)
    .min(1, fieldMessages.retentionMonths)
    .max(120, fieldMessages.retentionMonths),
  averageSpeedKmh: z
    .number({ error: fieldMessages.averageSpeed })
    .int(fieldMessages.averageSpeed)
    .min(5, fieldMessages.averageSpeed)
    .max(120, fieldMessages.averageSpeed),
});
export type FieldSettings = z.infer<typeof fieldSettingsBody>;

/** GET field/status: each active technician's status now, from their latest stamp. */
export const fieldStatusResponse = z.object({
  data: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      status: z.enum(['traveling', 'onSite', 'working', 'free']),
      invoiceId: z.number().int().nullable(),
      invoiceNumber: z.number().int().nullable(),
      since: z.string().nullable(),
    }),
  ),
});
export type FieldStatusList = z.infer<typeof fieldStatusResponse>;

/** A position set by hand on an address (the pin), or cleared to be looked up again. */
export const addressPositionBody = z.object({
  latitude: latitude.nullable(),
  longitude: longitude.nullable(),
});
export const addressPositionParams = orgParam.extend({ id: pathId(), addressId: pathId() });
export const addressPositionResponse = z.object({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  positionSource: z.enum(['geocoder', 'manual', 'missing']).nullable(),
});

/** GET field/time-report: the time on the job by technician, service or customer, between two dates. */
export const fieldReportQuery = z.object({
  from: calendarDate(),
  to: calendarDate(),
  by: z.enum(['technician', 'service', 'customer', 'day']).default('technician'),
});
export const fieldReportResponse = z.object({
  data: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      orders: z.number().int(),
      workedSeconds: z.number().int(),
      plannedSeconds: z.number().int(),
      travelSeconds: z.number().int(),
      routeMeters: z.number().int(),
    }),
  ),
  totals: z.object({
    workedSeconds: z.number().int(),
    plannedSeconds: z.number().int(),
    travelSeconds: z.number().int(),
    routeMeters: z.number().int(),
  }),
});
export type FieldReport = z.infer<typeof fieldReportResponse>;

/** GET field/route: one technician's open visits of a day. */
export const dayRouteQuery = z.object({
  user: pathId(),
  date: calendarDate(),
});
const routeStop = z.object({
  invoiceId: z.number().int(),
  number: z.number().int(),
  customerName: z.string(),
  scheduledAt: z.string(),
  /** The proposal's time (a fixed visit keeps its own). */
  proposedAt: z.string(),
  fixedTime: z.boolean(),
  /** From the previous stop (the shop for the first). */
  meters: z.number().int(),
  /** Where the visit is (its map's pin). */
  latitude: z.number(),
  longitude: z.number(),
  lateMinutes: z.number().int(),
});
export const dayRouteResponse = z.object({
  /** Where the round trip starts and ends: the company's first address with coordinates. */
  shop: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  current: z.object({ meters: z.number().int() }),
  /** The distances and times the proposal is made of: the routing service's table, or straight lines at
   * the organization's average speed (no service, or it failed); null without a route. */
  distanceSource: z.enum(['router', 'straight']).nullable(),
  proposal: z.object({ meters: z.number().int(), stops: z.array(routeStop) }),
  /** Visits whose address has no coordinates: left where they are. */
  unplaced: z.array(z.object({ invoiceId: z.number().int(), number: z.number().int(), customerName: z.string() })),
});
export type DayRoute = z.infer<typeof dayRouteResponse>;

/** POST field/route/accept: the proposal's times written onto the agenda (fixed visits are not moved). */
export const acceptRouteBody = z.object({
  stops: z
    .array(z.object({ invoiceId: z.number().int().positive(), scheduledAt: businessDateTime('Informe o horário') }))
    .min(1, 'Informe as visitas')
    .max(100),
});
export const acceptRouteResponse = z.object({ moved: z.number().int() });

/** PUT invoices/{id}/fixed-time: 'horário fixo' on the visit (the route never moves it). */
export const fixedTimeBody = z.object({ fixed: z.boolean({ error: 'Informe se o horário é fixo' }) });
export const fixedTimeResponse = z.object({ fixedTime: z.boolean() });
