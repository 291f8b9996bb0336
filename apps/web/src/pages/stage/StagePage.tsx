/** The project stage: sections of design thumbnails (being built). */
export function StagePage() {
  return <div data-testid="stage-page" />;
}
