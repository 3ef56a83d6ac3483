import { describe, expect, it } from 'vitest';
import {
  etaAt,
  formatDistance,
  haversineMeters,
  nextStamps,
  secondsByDate,
  spanSeconds,
  statusAfter,
  straightLineSeconds,
  travelSpans,
  workedSpans,
  type TimedStamp,
} from './field-time.ts';

const s = (kind: TimedStamp['kind'], iso: string): TimedStamp => ({ kind, deviceAt: new Date(iso) });

describe('distance and the arrival estimate', () => {
  it('haversine: a quarter meridian, a degree of latitude, São Paulo to Rio by the law of cosines', () => {
    const se = { latitude: -23.5505, longitude: -46.6333 };
    const rio = { latitude: -22.9009, longitude: -43.1776 };
    // The spherical law of cosines on the same mean radius gives the same distance another way.
    const r = (d: number) => (d * Math.PI) / 180;
    const cosines =
      Math.acos(
        Math.sin(r(se.latitude)) * Math.sin(r(rio.latitude)) +
          Math.cos(r(se.latitude)) * Math.cos(r(rio.latitude)) * Math.cos(r(rio.longitude - se.longitude)),
      ) * 6_371_008.8;
    expect(haversineMeters(se, rio)).toBeCloseTo(cosines, 0);
    expect(haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 }) / 1000).toBeCloseTo(
      10_007.5,
      0,
    );
    expect(haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -1);
    expect(haversineMeters(se, se)).toBe(0);
  });

  it('the straight-line estimate is the distance at the average speed, rounded up to the minute', () => {
    expect(straightLineSeconds(10_000, 30)).toBe(20 * 60);
    expect(straightLineSeconds(10_001, 30)).toBe(21 * 60);
    expect(straightLineSeconds(0, 30)).toBe(0);
    expect(etaAt(new Date('2026-12-03T12:00:00Z'), 1200).toISOString()).toBe('2026-12-03T12:20:00.000Z');
  });

  it('formats distances as the office reads them', () => {
    expect(formatDistance(350.4)).toBe('350 m');
    expect(formatDistance(1200)).toBe('1,2 km');
  });
});

describe('time on the job', () => {
  it('sums the worked spans by the phone’s times, whatever order the stamps came in', () => {
    const stamps = [
      s('leave', '2026-12-03T12:00:00Z'),
      s('resume', '2026-12-03T11:30:00Z'),
      s('start', '2026-12-03T10:00:00Z'),
      s('pause', '2026-12-03T11:00:00Z'),
    ];
    expect(spanSeconds(workedSpans(stamps))).toBe(90 * 60);
  });

  it('an open span ends at the completion, else is not counted', () => {
    const stamps = [s('start', '2026-12-03T10:00:00Z')];
    expect(spanSeconds(workedSpans(stamps))).toBe(0);
    expect(spanSeconds(workedSpans(stamps, { completedAt: new Date('2026-12-03T10:45:00Z') }))).toBe(45 * 60);
  });

  it('pauses across midnight in the organization’s zone: each date gets its own part', () => {
    // São Paulo (UTC−3): 22:00–23:30 worked, paused over midnight, 00:30–02:00 worked on the 4th.
    const stamps = [
      s('start', '2026-12-04T01:00:00Z'),
      s('pause', '2026-12-04T02:30:00Z'),
      s('resume', '2026-12-04T03:30:00Z'),
      s('leave', '2026-12-04T05:00:00Z'),
    ];
    const spans = workedSpans(stamps);
    expect(spanSeconds(spans)).toBe(3 * 3600);
    expect(secondsByDate(spans, 'America/Sao_Paulo')).toEqual({ '2026-12-03': 5400, '2026-12-04': 5400 });
    // In UTC the same work is all on the 4th.
    expect(secondsByDate(spans, 'UTC')).toEqual({ '2026-12-04': 3 * 3600 });
    // A span across midnight without a pause is split at midnight there (Manaus, UTC−4).
    const night = workedSpans([s('start', '2026-12-04T03:00:00Z'), s('pause', '2026-12-04T05:00:00Z')]);
    expect(secondsByDate(night, 'America/Manaus')).toEqual({ '2026-12-03': 3600, '2026-12-04': 3600 });
  });

  it('travel spans run from the way out to the arrival', () => {
    const stamps = [s('arrive', '2026-12-03T10:25:00Z'), s('travel', '2026-12-03T10:00:00Z')];
    expect(spanSeconds(travelSpans(stamps))).toBe(25 * 60);
  });
});

describe('status and the next stamps', () => {
  it('follows the latest stamp', () => {
    expect(statusAfter([])).toBe('free');
    expect(statusAfter([s('travel', '2026-12-03T10:00:00Z')])).toBe('traveling');
    expect(statusAfter([s('arrive', '2026-12-03T10:00:00Z')])).toBe('onSite');
    expect(statusAfter([s('start', '2026-12-03T10:00:00Z')])).toBe('working');
    expect(statusAfter([s('start', '2026-12-03T10:00:00Z')], true)).toBe('onSite');
    expect(nextStamps([])).toEqual(['travel', 'arrive']);
    expect(nextStamps([s('start', '2026-12-03T10:00:00Z')])).toEqual(['pause', 'leave']);
    expect(nextStamps([s('pause', '2026-12-03T10:00:00Z')])).toEqual(['resume', 'leave']);
  });
});
