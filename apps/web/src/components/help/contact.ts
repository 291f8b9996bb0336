/** Enterprise teams (spec 002 "Help widget") get a dedicated contact instead of the general service. */
export const isEnterpriseType = (type: string | null | undefined): boolean =>
  !!type && type.startsWith('enterprise');

/**
 * The throttled click action of spec 002 §4: runs once, then ignores calls until `delayMs` has passed.
 * Answers whether this call ran.
 */
export function throttledAction(action: () => void, delayMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return (): boolean => {
    const at = now();
    if (at - last < delayMs) return false;
    last = at;
    action();
    return true;
  };
}
