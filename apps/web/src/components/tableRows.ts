/** Antd's `onRow` has no room for data attributes in its types; rows carry their test id this way. */
export function rowAttributes(testId: string, extra: Record<string, string> = {}) {
  return { 'data-testid': testId, ...extra } as React.HTMLAttributes<HTMLElement>;
}
