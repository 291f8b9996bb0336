import { useLayoutEffect, useRef, useState } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: handlers of any signature
type Handler = (...args: any[]) => unknown;

/**
 * The same handler object on every render, each calling the latest given function: memoised cards then skip
 * re-rendering when the board renders again (a scroll, a click elsewhere) with handlers made afresh.
 */
export function useStableHandlers<T extends { [K in keyof T]: Handler }>(handlers: T): T {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const [stable] = useState(
    () =>
      Object.fromEntries(
        Object.keys(handlers).map((key) => [
          key,
          (...args: unknown[]) => (latest.current[key as keyof T] as Handler)(...args),
        ]),
      ) as T,
  );
  return stable;
}
