/** One design at full size (being built). */
export function DetailPage() {
  return <div data-testid="detail-page" />;
}
