import { searchRoute, type FlatDay } from './field-route-search.ts';

// The day's route of a technician, without zod: the order of the day's visits that makes the shortest
// round trip from the shop, by nearest neighbour improved by local search over a distance table (a
// routing service's, one-way streets and all, or straight lines), keeping the visits with a fixed time
// ('horário fixo') in their times.
// The proposal may reorder every other visit; a fixed visit reached late costs far more than any detour,
// so the heuristic keeps them on time whenever the day allows it.

export interface RouteVisit {
  /** Its row and column in the table (0 is the shop). */
  at: number;
  /** How long the visit takes, in minutes. */
  minutes: number;
  /** Minutes from the day's start at which a fixed visit begins; undefined: the visit may move. */
  fixedAt?: number;
}

export interface RouteProblem {
  /** Metres between the places: row and column 0 the shop, then the visits' places. */
  meters: number[][];
  /** Seconds between the places, the same shape (absent: the metres at `speedKmh`). */
  seconds?: number[][];
  speedKmh?: number;
  visits: RouteVisit[];
}

export interface PlannedStop {
  /** The visit's index in `visits`. */
  visit: number;
  /** Minutes from the day's start when it begins, and how late a fixed one is (0: on time). */
  startsAt: number;
  lateMinutes: number;
}

export interface RoutePlan {
  stops: PlannedStop[];
  meters: number;
  lateMinutes: number;
}

/** Each minute a fixed visit is late weighs as this many metres: lateness is avoided before distance. */
const LATE_PENALTY_METERS = 1_000_000;

function travelMinutes(p: RouteProblem, from: number, to: number) {
  if (p.seconds) return p.seconds[from]![to]! / 60;
  const speed = ((p.speedKmh ?? 30) * 1000) / 60;
  return p.meters[from]![to]! / speed;
}

/** Walks `order` (indexes into visits) from the shop and back: its metres, times and lateness. */
export function walkRoute(p: RouteProblem, order: readonly number[]): RoutePlan {
  let place = 0;
  let clock = 0;
  let meters = 0;
  let late = 0;
  const stops: PlannedStop[] = [];
  for (const index of order) {
    const v = p.visits[index]!;
    meters += p.meters[place]![v.at]!;
    const arrival = clock + travelMinutes(p, place, v.at);
    const startsAt = v.fixedAt === undefined ? arrival : Math.max(arrival, v.fixedAt);
    const lateMinutes = v.fixedAt === undefined ? 0 : Math.max(0, arrival - v.fixedAt);
    late += lateMinutes;
    stops.push({ visit: index, startsAt, lateMinutes });
    clock = startsAt + v.minutes;
    place = v.at;
  }
  meters += p.meters[place]![0]!;
  return { stops, meters, lateMinutes: late };
}

const cost = (plan: RoutePlan) => plan.meters + plan.lateMinutes * LATE_PENALTY_METERS;

/** The problem as flat tables, the travel minutes computed once. */
function flatten(p: RouteProblem): FlatDay {
  const places = p.meters.length;
  const meters = new Float64Array(places * places);
  const minutes = new Float64Array(places * places);
  for (let from = 0; from < places; from++)
    for (let to = 0; to < places; to++) {
      meters[from * places + to] = p.meters[from]![to]!;
      minutes[from * places + to] = travelMinutes(p, from, to);
    }
  return {
    places,
    meters,
    minutes,
    at: Int32Array.from(p.visits, (v) => v.at),
    duration: Float64Array.from(p.visits, (v) => v.minutes),
    fixedAt: Float64Array.from(p.visits, (v) => v.fixedAt ?? Number.NaN),
    latePenalty: LATE_PENALTY_METERS,
  };
}

/**
 * Nearest neighbour from the shop (from `first` when given): the closest visit not yet taken, a fixed one
 * first when it is due.
 */
function nearestNeighbour(day: FlatDay, first?: number): number[] {
  const { places, meters, minutes, at, duration, fixedAt } = day;
  const n = at.length;
  const taken = new Uint8Array(n);
  const order: number[] = [];
  let place = 0;
  let clock = 0;
  const take = (i: number) => {
    const arrival = clock + minutes[place * places + at[i]!]!;
    const fixed = fixedAt[i]!;
    clock = (Number.isNaN(fixed) ? arrival : Math.max(arrival, fixed)) + duration[i]!;
    place = at[i]!;
    order.push(i);
    taken[i] = 1;
  };
  if (first !== undefined) take(first);
  while (order.length < n) {
    let best = -1;
    let bestScore = Infinity;
    for (let i = 0; i < n; i++) {
      if (taken[i]) continue;
      const fixed = fixedAt[i]!;
      const arrival = clock + minutes[place * places + at[i]!]!;
      // A fixed visit that the next stop would make late is taken now; one not due yet waits.
      const urgent = !Number.isNaN(fixed) && arrival + 30 >= fixed;
      const early = !Number.isNaN(fixed) && !urgent;
      const score = meters[place * places + at[i]!]! - (urgent ? 1e12 : 0) + (early ? 1e9 : 0);
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    }
    take(best);
  }
  return order;
}

/**
 * Starts tried besides the plain nearest neighbour: each visit as the first stop on a small day (up to
 * 12 visits), none on a big one, where one improved start is within a few per cent and the time matters.
 */
const extraStarts = (n: number) => (n <= 12 ? n : 0);

/**
 * The proposed order of the day's visits and its times: the best of a few starts, each improved by
 * 2-opt, or-opt (chains of one to three stops moved, in their order or reversed), swaps and, with fixed
 * visits, cross-exchange, until none helps (field-route-search.ts). The table may be one-way (a routing
 * service's: A to B is not B to A).
 */
export function planRoute(p: RouteProblem): RoutePlan {
  if (!p.visits.length) return { stops: [], meters: 0, lateMinutes: 0 };
  const day = flatten(p);
  const nearest = p.visits
    .map((v, i) => ({ i, m: p.meters[0]![v.at]! }))
    .sort((a, b) => a.m - b.m)
    .slice(0, extraStarts(p.visits.length))
    .map((x) => x.i);
  let best: RoutePlan | null = null;
  for (const first of [undefined, ...nearest]) {
    const plan = walkRoute(p, searchRoute(day, nearestNeighbour(day, first)));
    if (!best || cost(plan) < cost(best)) best = plan;
  }
  return best!;
}

/** The best order by trying them all (tests only: n! orders). */
export function bruteForceRoute(p: RouteProblem): RoutePlan {
  const n = p.visits.length;
  let best: RoutePlan | null = null;
  const used = Array.from({ length: n }, () => false);
  const order: number[] = [];
  const visit = () => {
    if (order.length === n) {
      const plan = walkRoute(p, order);
      if (!best || cost(plan) < cost(best)) best = plan;
      return;
    }
    for (let i = 0; i < n; i++) {
      if (used[i]) continue;
      used[i] = true;
      order.push(i);
      visit();
      order.pop();
      used[i] = false;
    }
  };
  visit();
  return best!;
}

/** The straight-line table of `places` (the shop first), in metres. */
export function straightTable(
  places: Array<{ latitude: number; longitude: number }>,
  distance: (a: (typeof places)[number], b: (typeof places)[number]) => number,
) {
  return places.map((a) => places.map((b) => distance(a, b)));
}
