/** The loading bar at the top during route transitions (SPEC §2). */
export function RouteProgress() {
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="route-progress h-full w-full bg-primary" />
    </div>
  )
}
