import { describe, expect, it } from 'vitest';
import { haversineMeters } from './field-time.ts';
import { bruteForceRoute, planRoute, straightTable, walkRoute, type RouteProblem } from './field-route.ts';

// The day's route: nearest neighbour + 2-opt within 5% of the best order on 8 visits, fixed visits kept
// on time, on a city-sized square of random places (a seeded generator, so a failure can be replayed).

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const shop = { latitude: -23.55, longitude: -46.63 };
function problem(seed: number, n: number, fixed: Array<{ visit: number; at: number }> = []): RouteProblem {
  const r = seeded(seed);
  const places = [
    shop,
    ...Array.from({ length: n }, () => ({
      latitude: shop.latitude + (r() - 0.5) * 0.3,
      longitude: shop.longitude + (r() - 0.5) * 0.3,
    })),
  ];
  const visits: RouteProblem['visits'] = places.slice(1).map((_, i) => ({ at: i + 1, minutes: 45 }));
  for (const f of fixed) visits[f.visit] = { ...visits[f.visit]!, fixedAt: f.at };
  return { meters: straightTable(places, haversineMeters), speedKmh: 30, visits };
}

/** The same places with each direction of a pair its own length (one-way streets): up to 40% longer. */
function oneWay(p: RouteProblem, seed: number): RouteProblem {
  const r = seeded(seed * 7919);
  const meters = p.meters.map((row, a) => row.map((m, b) => (a === b ? 0 : m * (1 + 0.4 * r()))));
  return { ...p, meters };
}

describe('the day’s route', () => {
  it('is within 5% of the shortest round trip on 8 visits, in 30 random days', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const p = problem(seed, 8);
      const plan = planRoute(p);
      const best = bruteForceRoute(p);
      expect(plan.stops).toHaveLength(8);
      expect(new Set(plan.stops.map((s) => s.visit)).size).toBe(8);
      expect(plan.meters, `seed ${seed}`).toBeLessThanOrEqual(best.meters * 1.05);
    }
  });

  it('keeps the fixed visits on time when the day allows it, as brute force does, within 5% of its distance', () => {
    for (let seed = 31; seed <= 45; seed++) {
      // One visit fixed at 13:00 (the day starting at 8:00: minute 300), another at 9:00 (minute 60).
      const p = problem(seed, 8, [
        { visit: 2, at: 300 },
        { visit: 5, at: 60 },
      ]);
      const best = bruteForceRoute(p);
      const plan = planRoute(p);
      expect(best.lateMinutes).toBe(0);
      expect(plan.lateMinutes, `seed ${seed}`).toBe(0);
      expect(plan.stops.find((s) => s.visit === 2)!.startsAt).toBe(300);
      expect(plan.stops.find((s) => s.visit === 5)!.startsAt).toBe(60);
      expect(plan.meters, `seed ${seed}`).toBeLessThanOrEqual(best.meters * 1.05);
    }
  });

  it('on a one-way table (a routing service’s): within 5% of brute force, with and without fixed visits', () => {
    for (let seed = 46; seed <= 60; seed++) {
      const p = oneWay(problem(seed, 8, seed % 2 ? [{ visit: 3, at: 240 }] : []), seed);
      const best = bruteForceRoute(p);
      const plan = planRoute(p);
      expect(new Set(plan.stops.map((s) => s.visit)).size).toBe(8);
      expect(plan.lateMinutes, `seed ${seed}`).toBe(best.lateMinutes);
      expect(plan.meters, `seed ${seed}`).toBeLessThanOrEqual(best.meters * 1.05);
    }
  });

  it('goes round a one-way loop the cheap way', () => {
    // Shop → A → B → shop is 3 km; the other way round each leg is 10 km.
    const p: RouteProblem = {
      meters: [
        [0, 1000, 10_000],
        [10_000, 0, 1000],
        [1000, 10_000, 0],
      ],
      speedKmh: 30,
      visits: [
        { at: 2, minutes: 30 },
        { at: 1, minutes: 30 },
      ],
    };
    const plan = planRoute(p);
    expect(plan.stops.map((s) => s.visit)).toEqual([1, 0]);
    expect(plan.meters).toBe(3000);
    expect(walkRoute(p, [0, 1]).meters).toBe(30_000);
  });

  it('walks an order: the metres of the round trip and each stop’s time', () => {
    const p: RouteProblem = {
      meters: [
        [0, 5000, 10000],
        [5000, 0, 5000],
        [10000, 5000, 0],
      ],
      speedKmh: 30,
      visits: [
        { at: 1, minutes: 60 },
        { at: 2, minutes: 30, fixedAt: 120 },
      ],
    };
    const plan = walkRoute(p, [0, 1]);
    expect(plan.meters).toBe(20000);
    // 10 min to the first, an hour there, 10 min to the second: at 80, waits for 120.
    expect(plan.stops).toEqual([
      { visit: 0, startsAt: 10, lateMinutes: 0 },
      { visit: 1, startsAt: 120, lateMinutes: 0 },
    ]);
    expect(planRoute({ ...p, visits: [] })).toEqual({ stops: [], meters: 0, lateMinutes: 0 });
  });

  it('plans 40 visits (its time is measured in bench/)', () => {
    const plan = planRoute(problem(99, 40));
    expect(new Set(plan.stops.map((s) => s.visit)).size).toBe(40);
  });
});
