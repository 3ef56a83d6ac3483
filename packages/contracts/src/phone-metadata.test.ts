import { describe, expect, it } from 'vitest';
import max from 'libphonenumber-js/metadata.max.json';
import min from 'libphonenumber-js/metadata.min.json';
import { BR_FULL_METADATA, phoneMetadata } from './phone-metadata.ts';

describe('phone metadata', () => {
  it("Brazil's entry is the installed libphonenumber-js full metadata's (copy it again after an upgrade)", () => {
    expect(BR_FULL_METADATA).toEqual(max.countries.BR);
  });
  it('every other country is the small set of the same version', () => {
    expect(phoneMetadata.version).toBe(max.version);
    expect({ ...phoneMetadata.countries, BR: undefined }).toEqual({ ...min.countries, BR: undefined });
    expect(phoneMetadata.country_calling_codes).toEqual(min.country_calling_codes);
  });
});
