// Helpers for the tests of every package (imported as '@ordem-certa/contracts/testing'); no app code uses them.

/**
 * Runs `run` while counting the Intl formatters of a kind made: a subclass counts each one and leaves it
 * whole. The original constructor is put back afterwards, also when `run` throws.
 */
export async function countingIntl(
  kind: 'NumberFormat' | 'DateTimeFormat',
  run: (made: () => number) => unknown,
): Promise<void> {
  const original = Intl[kind];
  let made = 0;
  Intl[kind] = class extends (original as typeof Intl.DateTimeFormat) {
    constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      super(...args);
      made += 1;
    }
  } as never;
  try {
    await run(() => made);
  } finally {
    Intl[kind] = original as never;
  }
}
