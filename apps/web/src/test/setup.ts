import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor poll until what they wait for is there; their ceiling of 1 s (the library's default)
// was reached on a loaded 2-core machine (a debounced search answering, a dialog opening while the
// whole suite ran beside another), failing tests whose screens were right. They still pass as soon as
// the screen is ready; only a screen that never gets there waits the 5 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
