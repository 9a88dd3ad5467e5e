/**
 * "Nice" axis ticks: round steps of 1, 2 or 5 × 10ⁿ from a multiple of the step at or below the
 * lowest value to one at or above the highest, about `count` of them. Zero is always inside the
 * range, so bars stand on a baseline. The same idea as d3's `ticks`, in a few lines. `minStep`
 * (a nice number itself, such as one cent counted in cents) keeps ticks from splitting it.
 */
export function niceTicks(min: number, max: number, count = 5, minStep = 0): number[] {
  let lo = Math.min(0, min)
  let hi = Math.max(0, max)
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1]
  // Nothing to scale: one unit above zero keeps an axis to draw on.
  if (lo === hi) hi = 1
  const step = Math.max(minStep, niceStep((hi - lo) / Math.max(1, count)))
  lo = Math.floor(lo / step) * step
  hi = Math.ceil(hi / step) * step
  const ticks: number[] = []
  // Counting in whole steps avoids the float drift of adding the step again and again.
  const n = Math.round((hi - lo) / step)
  for (let i = 0; i <= n; i++) ticks.push(round(lo + i * step, step))
  return ticks
}

/** The nice step at or above a raw step: 1, 2, 5 or 10 times a power of ten. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1
  const power = 10 ** Math.floor(Math.log10(raw))
  const f = raw / power
  // A small tolerance: 2.0000000001 is 2, not 5.
  const nice = f <= 1 + 1e-9 ? 1 : f <= 2 + 1e-9 ? 2 : f <= 5 + 1e-9 ? 5 : 10
  return nice * power
}

/** A tick rounded to the step's own decimals: 0.30000000000000004 becomes 0.3. */
function round(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)))
  const r = Number(value.toFixed(decimals))
  return r === 0 ? 0 : r
}
