import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

/**
 * A component whose code is fetched on first use: header dialogs and popups are not part of a screen's first
 * paint, so their chunks and their render wait until someone opens them.
 */
export function lazyNamed<P extends object, M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(async () => ({ default: pick(await load()) }));
}

/** Renders `children` (lazily loaded) from the first time `open` is true on; until then nothing. */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
