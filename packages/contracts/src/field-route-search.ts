// The local search of the day's route over a flat distance table. A move is described as the current
// order cut into at most five stretches, laid end to end, some reversed; its metres come from the
// stretches' precomputed sums (forward and backward, so a one-way table is right), in constant time.
// Only a move whose metres alone beat the best cost has its times walked, from the first stop it
// changes, and the walk stops as soon as its lateness makes it lose, or once its clock meets the
// current order's (the rest of the day is then the same).

/** The day as flat tables: `meters[from * places + to]`, and travel minutes the same. */
export interface FlatDay {
  places: number;
  meters: Float64Array;
  minutes: Float64Array;
  /** Per visit: its place, its duration, its fixed start (NaN: it may move). */
  at: Int32Array;
  duration: Float64Array;
  fixedAt: Float64Array;
  /** Each minute a fixed visit is late weighs as this many metres. */
  latePenalty: number;
}

const EPSILON = 1e-9;

export function searchRoute(day: FlatDay, start: readonly number[]): number[] {
  const n = start.length;
  const { places, meters: M, minutes: T, at, duration, fixedAt, latePenalty: P } = day;
  const hasFixed = fixedAt.some((f) => !Number.isNaN(f));
  let order = Int32Array.from(start);
  let spare = new Int32Array(n);
  // Prefix sums over the order (index 0 the first stop, from the shop) and the times before each stop.
  const fwd = new Float64Array(n);
  const bwd = new Float64Array(n);
  const clockBefore = new Float64Array(n + 1);
  const lateBefore = new Float64Array(n + 1);
  let bestMeters = 0;
  let best = 0;
  const placeAt = (p: number) => at[order[p]!]!;

  const refresh = () => {
    let prev = 0;
    let clock = 0;
    let late = 0;
    for (let p = 0; p < n; p++) {
      const place = placeAt(p);
      if (p > 0) {
        fwd[p] = fwd[p - 1]! + M[prev * places + place]!;
        bwd[p] = bwd[p - 1]! + M[place * places + prev]!;
      } else fwd[0] = bwd[0] = 0;
      clockBefore[p] = clock;
      lateBefore[p] = late;
      const visit = order[p]!;
      const arrival = clock + T[prev * places + place]!;
      const fixed = fixedAt[visit]!;
      if (Number.isNaN(fixed)) clock = arrival + duration[visit]!;
      else {
        if (arrival > fixed) late += arrival - fixed;
        clock = Math.max(arrival, fixed) + duration[visit]!;
      }
      prev = place;
    }
    clockBefore[n] = clock;
    lateBefore[n] = late;
    bestMeters = M[placeAt(0)]! + fwd[n - 1]! + M[placeAt(n - 1) * places]!;
    best = bestMeters + late * P;
  };

  // The candidate: stretches [a, b] of the current order, `r` reversed; `from` its first changed stop.
  const segA = new Int32Array(5);
  const segB = new Int32Array(5);
  const segR = new Uint8Array(5);
  let segs = 0;
  const seg = (a: number, b: number, r = false) => {
    if (a > b) return;
    segA[segs] = a;
    segB[segs] = b;
    segR[segs] = r ? 1 : 0;
    segs += 1;
  };

  const candidateMeters = () => {
    let prev = 0;
    let total = 0;
    for (let s = 0; s < segs; s++) {
      const a = segA[s]!;
      const b = segB[s]!;
      if (segR[s]) {
        total += M[prev * places + placeAt(b)]! + bwd[b]! - bwd[a]!;
        prev = placeAt(a);
      } else {
        total += M[prev * places + placeAt(a)]! + fwd[b]! - fwd[a]!;
        prev = placeAt(b);
      }
    }
    return total + M[prev * places]!;
  };

  /** The candidate's lateness walked from `from`, or Infinity as soon as it cannot beat `best`. */
  const candidateLate = (from: number, metersNow: number) => {
    let clock = clockBefore[from]!;
    let late = lateBefore[from]!;
    let prev = from > 0 ? placeAt(from - 1) : 0;
    let p = 0;
    for (let s = 0; s < segs; s++) {
      const a = segA[s]!;
      const b = segB[s]!;
      const r = segR[s]!;
      const length = b - a + 1;
      if (p + length <= from) {
        p += length;
        continue;
      }
      for (let q = Math.max(0, from - p); q < length; q++, p++) {
        const original = r ? b - q : a + q;
        // In the last stretch the order is the current one: once the clocks meet, so does the rest.
        if (s === segs - 1 && !r && original === p && original > a && Math.abs(clock - clockBefore[p]!) < EPSILON)
          return late + lateBefore[n]! - lateBefore[p]!;
        const visit = order[original]!;
        const place = at[visit]!;
        const arrival = clock + T[prev * places + place]!;
        const fixed = fixedAt[visit]!;
        if (Number.isNaN(fixed)) clock = arrival + duration[visit]!;
        else {
          if (arrival > fixed) {
            late += arrival - fixed;
            if (metersNow + late * P >= best - EPSILON) return Infinity;
          }
          clock = Math.max(arrival, fixed) + duration[visit]!;
        }
        prev = place;
      }
    }
    return late;
  };

  /** Takes the candidate when it costs less than the current order. */
  const tryMove = (from: number) => {
    const metersNow = candidateMeters();
    if (metersNow >= best - EPSILON) return false;
    if (hasFixed) {
      const late = candidateLate(from, metersNow);
      if (metersNow + late * P >= best - EPSILON) return false;
    }
    let p = 0;
    for (let s = 0; s < segs; s++)
      for (let q = 0, a = segA[s]!, b = segB[s]!, length = b - a + 1; q < length; q++)
        spare[p++] = order[segR[s] ? b - q : a + q]!;
    [order, spare] = [spare, order];
    refresh();
    return true;
  };

  if (n < 2) return [...order];
  refresh();
  const last = n - 1;
  let improved = true;
  while (improved) {
    improved = false;
    // 2-opt: the stretch between two stops reversed.
    for (let i = 0; i < last; i++)
      for (let k = i + 1; k < n; k++) {
        segs = 0;
        seg(0, i - 1);
        seg(i, k, true);
        seg(k + 1, last);
        if (tryMove(i)) improved = true;
      }
    // Or-opt: a chain of one to three stops moved elsewhere, in its order or reversed.
    for (let len = 1; len <= 3; len++)
      for (let i = 0; i + len <= n; i++)
        for (let k = 0; k <= n - len; k++) {
          if (k === i) continue;
          for (const reversed of len > 1 ? [false, true] : [false]) {
            segs = 0;
            if (k < i) {
              seg(0, k - 1);
              seg(i, i + len - 1, reversed);
              seg(k, i - 1);
              seg(i + len, last);
            } else {
              seg(0, i - 1);
              seg(i + len, k + len - 1);
              seg(i, i + len - 1, reversed);
              seg(k + len, last);
            }
            if (tryMove(Math.min(i, k))) {
              improved = true;
              break;
            }
          }
        }
    // With fixed times, two chains swapped at once (cross-exchange): each alone would make a fixed visit
    // late. The dearest move, tried only once the others are exhausted.
    if (hasFixed && !improved)
      for (let a = 1; a <= 3; a++)
        for (let b = 1; b <= 3; b++)
          for (let i = 0; i + a <= n; i++)
            for (let k = i + a; k + b <= n; k++)
              for (const reversed of [false, true]) {
                segs = 0;
                seg(0, i - 1);
                seg(k, k + b - 1, reversed);
                seg(i + a, k - 1);
                seg(i, i + a - 1, reversed);
                seg(k + b, last);
                if (tryMove(i)) improved = true;
              }
    // Two stops swapped.
    for (let i = 0; i < last; i++)
      for (let k = i + 1; k < n; k++) {
        segs = 0;
        seg(0, i - 1);
        seg(k, k);
        seg(i + 1, k - 1);
        seg(i, i);
        seg(k + 1, last);
        if (tryMove(i)) improved = true;
      }
  }
  return [...order];
}
