// The day's route of a technician, without zod: the order of the day's visits that makes the shortest
// round trip from the shop, by nearest neighbour improved by 2-opt over a distance table (a routing
// service's, or straight lines), keeping the visits with a fixed time ('horário fixo') in their times.
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

/** `cost(walkRoute(p, order))` without keeping the stops: the local search's inner loop. */
function orderCost(p: RouteProblem, order: readonly number[]): number {
  let place = 0;
  let clock = 0;
  let total = 0;
  for (const index of order) {
    const v = p.visits[index]!;
    total += p.meters[place]![v.at]!;
    const arrival = clock + travelMinutes(p, place, v.at);
    if (v.fixedAt === undefined) clock = arrival + v.minutes;
    else {
      if (arrival > v.fixedAt) total += (arrival - v.fixedAt) * LATE_PENALTY_METERS;
      clock = Math.max(arrival, v.fixedAt) + v.minutes;
    }
    place = v.at;
  }
  return total + p.meters[place]![0]!;
}

/**
 * Nearest neighbour from the shop (from `first` when given): the closest visit not yet taken, a fixed one
 * first when it is due.
 */
function nearestNeighbour(p: RouteProblem, first?: number): number[] {
  const left = new Set(p.visits.map((_, i) => i));
  const order: number[] = [];
  let place = 0;
  let clock = 0;
  if (first !== undefined) {
    const v = p.visits[first]!;
    const arrival = travelMinutes(p, 0, v.at);
    clock = (v.fixedAt === undefined ? arrival : Math.max(arrival, v.fixedAt)) + v.minutes;
    place = v.at;
    order.push(first);
    left.delete(first);
  }
  while (left.size) {
    let best = -1;
    let bestScore = Infinity;
    for (const i of left) {
      const v = p.visits[i]!;
      const arrival = clock + travelMinutes(p, place, v.at);
      // A fixed visit that the next stop would make late is taken now.
      const urgent = v.fixedAt !== undefined && arrival + 30 >= v.fixedAt;
      const early = v.fixedAt !== undefined && !urgent;
      const score = p.meters[place]![v.at]! - (urgent ? 1e12 : 0) + (early ? 1e9 : 0);
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    }
    const v = p.visits[best]!;
    const arrival = clock + travelMinutes(p, place, v.at);
    clock = (v.fixedAt === undefined ? arrival : Math.max(arrival, v.fixedAt)) + v.minutes;
    place = v.at;
    order.push(best);
    left.delete(best);
  }
  return order;
}

/**
 * 2-opt: reverses the stretch between two stops while that lowers the cost; with fixed times a reversal
 * alone can get stuck, so moving one stop elsewhere (or-opt) and swapping two are tried too, until none
 * helps.
 */
function twoOpt(p: RouteProblem, start: number[]): number[] {
  let order = start;
  let best = orderCost(p, order);
  const hasFixed = p.visits.some((v) => v.fixedAt !== undefined);
  const tryOrder = (candidate: number[]) => {
    const c = orderCost(p, candidate);
    if (c >= best - 1e-9) return false;
    best = c;
    order = candidate;
    return true;
  };
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < order.length - 1; i++)
      for (let k = i + 1; k < order.length; k++)
        if (tryOrder([...order.slice(0, i), ...order.slice(i, k + 1).toReversed(), ...order.slice(k + 1)]))
          improved = true;
    // Or-opt: a chain of one to three stops moved elsewhere, in its order or reversed.
    for (let len = 1; len <= 3; len++)
      for (let i = 0; i + len <= order.length; i++)
        for (let k = 0; k <= order.length - len; k++) {
          if (k === i) continue;
          const chain = order.slice(i, i + len);
          const rest = [...order.slice(0, i), ...order.slice(i + len)];
          if (tryOrder([...rest.slice(0, k), ...chain, ...rest.slice(k)])) improved = true;
          else if (len > 1 && tryOrder([...rest.slice(0, k), ...chain.toReversed(), ...rest.slice(k)])) improved = true;
        }
    // With fixed times, two chains swapped at once (cross-exchange): each alone would make a fixed visit late.
    // The dearest move, tried only once the others are exhausted.
    if (hasFixed && !improved)
      for (let a = 1; a <= 3; a++)
        for (let b = 1; b <= 3; b++)
          for (let i = 0; i + a <= order.length; i++)
            for (let k = i + a; k + b <= order.length; k++) {
              const first = order.slice(i, i + a);
              const second = order.slice(k, k + b);
              const middle = order.slice(i + a, k);
              const pairs: Array<[number[], number[]]> = [
                [second, first],
                [second.toReversed(), first.toReversed()],
              ];
              for (const [x, y] of pairs)
                if (tryOrder([...order.slice(0, i), ...x, ...middle, ...y, ...order.slice(k + b)])) improved = true;
            }
    for (let i = 0; i < order.length - 1; i++)
      for (let k = i + 1; k < order.length; k++) {
        const swapped = [...order];
        [swapped[i], swapped[k]] = [swapped[k]!, swapped[i]!];
        if (tryOrder(swapped)) improved = true;
      }
  }
  return order;
}

/**
 * Starts tried besides the plain nearest neighbour: each visit as the first stop on a small day, the
 * visits nearest the shop on a big one.
 */
const extraStarts = (n: number) => (n <= 12 ? n : 0);

/** The proposed order of the day's visits and its times: the best of a few improved starts. */
export function planRoute(p: RouteProblem): RoutePlan {
  if (!p.visits.length) return { stops: [], meters: 0, lateMinutes: 0 };
  const nearest = p.visits
    .map((v, i) => ({ i, m: p.meters[0]![v.at]! }))
    .sort((a, b) => a.m - b.m)
    .slice(0, extraStarts(p.visits.length))
    .map((x) => x.i);
  let best: RoutePlan | null = null;
  for (const first of [undefined, ...nearest]) {
    const plan = walkRoute(p, twoOpt(p, nearestNeighbour(p, first)));
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
