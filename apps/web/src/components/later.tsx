import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children right after the screen's first commit, as a transition. A long screen shows its
 * top (what a phone shows without scrolling) as soon as that is built, and the rest is built after it,
 * in slices that leave the phone free to paint and to take a tap; on a slow phone the top comes up
 * hundreds of milliseconds earlier. Only for what sits below the fold: content that appears later must
 * not push what is already on the screen. `stage` 2 comes after stage 1 has been put on the screen: each
 * step's changes to the page are put on it in one go, which a slow phone pays for at once.
 */
export function Later({ children, stage = 1 }: { children: ReactNode; stage?: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  if (!ready) return null;
  return stage > 1 ? <Later stage={stage - 1}>{children}</Later> : children;
}
