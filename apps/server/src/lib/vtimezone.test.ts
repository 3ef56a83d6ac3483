import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { vtimezone } from './vtimezone.ts';

/** The UTC instant ical.js reads for a local time under the VTIMEZONE written for `zone`. */
function read(zone: string, from: string, to: string, local: string) {
  const text = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//teste//PT',
    vtimezone(zone, new Date(from), new Date(to)),
    'BEGIN:VEVENT',
    'UID:1',
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=${zone}:${local}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
  return event.startDate.toJSDate().toISOString();
}

describe('vtimezone', () => {
  it('São Paulo today: one offset (-03:00) all year, no daylight observance', () => {
    const text = vtimezone('America/Sao_Paulo', new Date('2026-01-01'), new Date('2027-12-31'));
    expect(text).not.toContain('DAYLIGHT');
    expect(text.match(/BEGIN:STANDARD/g)).toHaveLength(1);
    expect(text).toContain('TZOFFSETTO:-0300');
    expect(read('America/Sao_Paulo', '2026-01-01', '2027-12-31', '20261215T100000')).toBe('2026-12-15T13:00:00.000Z');
    expect(read('America/Sao_Paulo', '2026-01-01', '2027-12-31', '20270615T100000')).toBe('2027-06-15T13:00:00.000Z');
  });

  it('a zone with daylight saving time changes at its exact moments (São Paulo 2018–19, New York)', () => {
    // Brazil's last summer time: from 4 November 2018 to 17 February 2019 (-02:00).
    expect(read('America/Sao_Paulo', '2018-06-01', '2019-06-01', '20181215T100000')).toBe('2018-12-15T12:00:00.000Z');
    expect(read('America/Sao_Paulo', '2018-06-01', '2019-06-01', '20190301T100000')).toBe('2019-03-01T13:00:00.000Z');
    const ny = vtimezone('America/New_York', new Date('2026-01-01'), new Date('2026-12-31'));
    expect(ny).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400');
    expect(ny).toContain('BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500');
    expect(read('America/New_York', '2026-01-01', '2026-12-31', '20260701T090000')).toBe('2026-07-01T13:00:00.000Z');
    expect(read('America/New_York', '2026-01-01', '2026-12-31', '20261201T090000')).toBe('2026-12-01T14:00:00.000Z');
  });

  it('UTC and zones without changes give a single observance', () => {
    const utc = vtimezone('UTC', new Date('2026-01-01'), new Date('2026-12-31'));
    expect(utc).toContain('TZOFFSETFROM:+0000\r\nTZOFFSETTO:+0000');
  });
});
