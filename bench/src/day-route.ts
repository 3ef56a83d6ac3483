// The day's route proposal (packages/contracts/src/field-route.ts) on 40 visits of a city-sized square:
// nearest neighbour + local search over straight lines, without fixed-time visits, with one, with three. The
// target is under 100 ms a day once warm (the first days include the JIT's warm-up, shown apart).
import { haversineMeters, planRoute, straightTable } from '@ordem-certa/contracts';

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const shop = { latitude: -23.55, longitude: -46.63 };
function day(seed: number, fixed: number) {
  const r = seeded(seed);
  const places = [
    shop,
    ...Array.from({ length: 40 }, () => ({
      latitude: shop.latitude + (r() - 0.5) * 0.3,
      longitude: shop.longitude + (r() - 0.5) * 0.3,
    })),
  ];
  const visits = places.slice(1).map((_, i) => ({
    at: i + 1,
    minutes: 15,
    ...(i % 13 === 7 && i / 13 < fixed ? { fixedAt: 120 + 90 * Math.floor(i / 13) } : {}),
  }));
  return { meters: straightTable(places, haversineMeters), speedKmh: 30, visits };
}

for (const fixed of [0, 1, 3]) {
  const times: number[] = [];
  for (let seed = 1; seed <= 20; seed++) {
    const p = day(seed, fixed);
    const t0 = performance.now();
    planRoute(p);
    times.push(performance.now() - t0);
  }
  const warm = times.slice(5).sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)]!;
  const worst = warm.at(-1)!;
  console.log(
    `40 visits${{ 0: '', 1: ', one fixed at 10:00', 3: ', three fixed (10:00, 11:30, 13:00)' }[fixed]}: median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms (warm); first ${times[0]!.toFixed(1)} ms`,
  );
}
