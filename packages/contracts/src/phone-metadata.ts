import min from 'libphonenumber-js/metadata.min.json';
import type { MetadataJson } from 'libphonenumber-js/core';

/**
 * Phone metadata: libphonenumber-js's small ('min') set, which only knows each country's number
 * lengths, with Brazil's entry taken from its full ('max') set, whose patterns know the area codes (DDD),
 * landlines and mobiles. A number written with another country's code is still checked by its length;
 * a Brazilian one is checked for real, at about the size of the small set (the full one is twice as big,
 * and every screen with a phone field loads this). Brazil's entry must stay the installed package's:
 * phone-metadata.test.ts compares them.
 */
export const BR_FULL_METADATA = [
  '55',
  '00(?:1[245]|2[1-35]|31|4[13]|[56]5|99)',
  '[1-467]\\d{9,10}|55[0-46-9]\\d{8}|[34]\\d{7}|55\\d{7,8}|(?:5[0-46-9]|[89]\\d)\\d{7,9}',
  [8, 9, 10, 11],
  [
    ['(\\d{4})(\\d{4})', '$1-$2', ['300|4(?:0[02]|37|86)', '300|4(?:0(?:0|20)|370|864)']],
    ['(\\d{3})(\\d{2,3})(\\d{4})', '$1 $2 $3', ['(?:[358]|90)0'], '0$1'],
    ['(\\d{2})(\\d{4})(\\d{4})', '$1 $2-$3', ['(?:[14689][1-9]|2[12478]|3[1-578]|5[13-5]|7[13-579])[2-57]'], '($1)'],
    ['(\\d{2})(\\d{5})(\\d{4})', '$1 $2-$3', ['[16][1-9]|[2-57-9]'], '($1)'],
  ],
  '0',
  0,
  '(?:0|90)(?:(1[245]|2[1-35]|31|4[13]|[56]5|99)(\\d{10,11}))?',
  '$2',
  0,
  0,
  [
    ['(?:[14689][1-9]|2[12478]|3[1-578]|5[13-5]|7[13-579])[2-5]\\d{7}', [10]],
    ['(?:[14689][1-9]|2[12478]|3[1-578]|5[13-5]|7[13-579])(?:7|9\\d)\\d{7}', [10, 11]],
    ['800\\d{6,7}', [9, 10]],
    ['[59]00\\d{6,7}', [9, 10]],
    0,
    0,
    0,
    0,
    0,
    ['(?:30[03]\\d{3}|4(?:0(?:0\\d|20)|370|864))\\d{4}|300\\d{5}', [8, 10]],
  ],
];

export const phoneMetadata: MetadataJson = {
  ...min,
  countries: { ...min.countries, BR: BR_FULL_METADATA },
} as MetadataJson;
