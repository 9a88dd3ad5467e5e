import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { currencyDigits, formatMoney } from '@/billing/format'
import type { MonthFigures } from '../api/dashboard'
import { monthLabel, monthName } from '../words'
import { intlLocale, useLocale, useT } from '@/lib/i18n'
import { usePreferences } from '@/lib/use-preferences'
import { niceTicks } from '@/lib/ticks'

/** The chart's height in CSS pixels; its width is the container's. */
export const CHART_HEIGHT = 288
/** Drawn until the container has been measured (and in tests, where nothing has a size). */
const FALLBACK_WIDTH = 640
const TOP = 8
const BOTTOM = 28
const FONT = 12

const SERIES = [
  { key: 'invoiced', color: 'var(--primary)', label: 'dashboard.figures.invoiced' },
  { key: 'collected', color: '#16a34a', label: 'dashboard.figures.collected' },
] as const

/** The rough width of a 12 px label: enough to space labels so they never touch. */
const textWidth = (s: string) => s.length * FONT * 0.6

/** A bar with its top corners rounded (the baseline stays square). */
function barPath(x: number, y: number, w: number, h: number): string {
  const r = Math.max(0, Math.min(4, w / 2, h))
  return `M${x},${y + h}V${y + r}Q${x},${y} ${x + r},${y}H${x + w - r}Q${x + w},${y} ${x + w},${y + r}V${y + h}Z`
}

/** The container's width, kept up to date as it changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => setWidth(Math.round(el.getBoundingClientRect().width))
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return [ref, width || FALLBACK_WIDTH] as const
}

/**
 * Twelve months of invoiced vs collected as SVG bars. Each month is one focusable point (one tab
 * stop for the whole chart; the arrow keys, Home and End move between months) that names its
 * figures and shows them in a tooltip, as hovering or tapping does. Right to left the chart is
 * mirrored: months run from the right and the amounts stand on the right. The section around it
 * carries the same figures as a table for screen readers.
 */
export function MonthlyChart({ months, currency }: { months: MonthFigures[]; currency: string }) {
  const t = useT()
  const locale = intlLocale(useLocale())
  const rtl = usePreferences().direction === 'rtl'
  const [ref, width] = useWidth()
  const points = useRef<Array<SVGGElement | null>>([])
  const tooltipRef = useRef<HTMLDivElement>(null)
  const [tooltipWidth, setTooltipWidth] = useState(0)
  // The month under the pointer, and the month that has (or last had) keyboard focus.
  const [hovered, setHovered] = useState<number | null>(null)
  const [focused, setFocused] = useState<number | null>(null)
  const [current, setCurrent] = useState(months.length - 1)
  const [dismissed, setDismissed] = useState(false)
  const active = dismissed ? null : (hovered ?? focused)
  const tabStop = Math.min(Math.max(0, current), months.length - 1)

  // The scale: nice ticks counted in cents (a nice step in cents is a nice step in euros too),
  // never finer than one cent; an account without figures gets an axis of one whole unit.
  const digits = currencyDigits(currency)
  const unit = 10 ** digits
  const values = months.flatMap((m) => [m.invoiced_cents, m.collected_cents])
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values) || unit, 5, 1)
  const lo = ticks[0] ?? 0
  const hi = ticks[ticks.length - 1] ?? unit
  // Thousands and up read best short ("€25K"); below, the amounts as they are ("€0.2", "€400").
  const compactAxis = Math.max(Math.abs(lo), Math.abs(hi)) >= 1000 * unit
  const axisLabel = useMemo(() => {
    try {
      const f = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: 0,
        maximumFractionDigits: compactAxis ? 1 : digits,
        ...(compactAxis ? { notation: 'compact' } : {}),
      })
      return (cents: number) => f.format(cents / unit)
    } catch {
      return (cents: number) => String(cents / unit)
    }
  }, [locale, currency, digits, unit, compactAxis])
  const tickLabels = ticks.map(axisLabel)
  const axisWidth = Math.ceil(Math.max(32, ...tickLabels.map(textWidth)) + 12)
  const plotLeft = rtl ? 0 : axisWidth
  const plotWidth = Math.max(1, width - axisWidth)
  const plotHeight = CHART_HEIGHT - TOP - BOTTOM
  const y = (v: number) => TOP + plotHeight * (1 - (v - lo) / (hi - lo || 1))

  const n = Math.max(1, months.length)
  const band = plotWidth / n
  /** Where month i's band starts: from the left, or mirrored from the right. */
  const bandX = (i: number) => plotLeft + band * (rtl ? n - 1 - i : i)
  const barWidth = Math.max(1, (band * 0.7) / SERIES.length)
  const barGap = Math.min(2, barWidth / 4)
  const series = rtl ? [...SERIES].reverse() : SERIES
  const labels = months.map((m) => monthLabel(m.month, locale))
  // Every k-th month gets its label, counted back from the latest, so labels never overlap.
  const every = Math.max(1, Math.ceil((Math.max(...labels.map(textWidth)) + 8) / band))

  const amount = (m: MonthFigures, key: (typeof SERIES)[number]['key']) =>
    key === 'invoiced' ? m.invoiced_cents : m.collected_cents

  const move = (to: number) => {
    const next = Math.min(Math.max(0, to), months.length - 1)
    setCurrent(next)
    setDismissed(false)
    points.current[next]?.focus()
  }
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    // Arrows follow the screen: right to left, the next month is to the left.
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
    const back = rtl ? 'ArrowRight' : 'ArrowLeft'
    const to =
      e.key === forward
        ? i + 1
        : e.key === back
          ? i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? months.length - 1
              : null
    if (to !== null) {
      e.preventDefault()
      move(to)
    } else if (e.key === 'Escape') setDismissed(true)
  }

  // The tooltip beside the active month, on the side with more room, inside the chart.
  useLayoutEffect(() => {
    setTooltipWidth(tooltipRef.current?.offsetWidth ?? 0)
  }, [active, width])
  let tooltipLeft = 0
  if (active !== null) {
    const x = bandX(active)
    const right = x + band / 2 < width / 2
    tooltipLeft = right ? x + band + 4 : x - 4 - tooltipWidth
    tooltipLeft = Math.max(0, Math.min(width - tooltipWidth, tooltipLeft))
  }
  const activeMonth = active !== null ? months[active] : undefined

  return (
    <div className="grid gap-3">
      <div
        ref={ref}
        className="relative w-full"
        style={{ height: CHART_HEIGHT }}
        // A tapped month keeps its tooltip until another is tapped; a mouse leaving clears it.
        onPointerLeave={(e) => {
          if (e.pointerType === 'mouse') setHovered(null)
        }}
      >
        <svg
          width={width}
          height={CHART_HEIGHT}
          viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
          direction={rtl ? 'rtl' : 'ltr'}
          role="group"
          aria-label={t('dashboard.monthly.chart')}
          className="block max-w-full"
        >
          <g aria-hidden="true" fontSize={FONT} fill="var(--muted-foreground)">
            {ticks.map((v, i) => (
              <g key={v}>
                <line
                  x1={plotLeft}
                  x2={plotLeft + plotWidth}
                  y1={y(v)}
                  y2={y(v)}
                  stroke="var(--border)"
                  strokeDasharray={v === 0 ? undefined : '3 3'}
                />
                {/* "end" is the text's end: the right edge left to right, the left edge right
                    to left, so the amounts grow away from the bars on either side. */}
                <text x={rtl ? plotWidth + 8 : axisWidth - 8} y={y(v)} dy="0.32em" textAnchor="end">
                  {tickLabels[i]}
                </text>
              </g>
            ))}
            {labels.map((label, i) =>
              (months.length - 1 - i) % every === 0 ? (
                <text
                  key={months[i]?.month}
                  x={Math.min(
                    Math.max(bandX(i) + band / 2, textWidth(label) / 2),
                    width - textWidth(label) / 2,
                  )}
                  y={CHART_HEIGHT - BOTTOM + 18}
                  textAnchor="middle"
                >
                  {label}
                </text>
              ) : null,
            )}
          </g>
          {months.map((m, i) => {
            const x = bandX(i)
            const start = x + (band - barWidth * SERIES.length) / 2
            return (
              <g
                key={m.month}
                ref={(el) => {
                  points.current[i] = el
                }}
                role="img"
                aria-label={t('dashboard.monthly.point', {
                  month: monthName(m.month, locale),
                  invoiced: formatMoney(m.invoiced_cents, currency, locale),
                  collected: formatMoney(m.collected_cents, currency, locale),
                })}
                tabIndex={i === tabStop ? 0 : -1}
                className="outline-none"
                onFocus={() => {
                  setFocused(i)
                  setCurrent(i)
                  setDismissed(false)
                }}
                onBlur={() => setFocused(null)}
                onKeyDown={(e) => onKeyDown(e, i)}
                onPointerEnter={() => {
                  setHovered(i)
                  setDismissed(false)
                }}
                onPointerDown={() => {
                  setHovered(i)
                  setDismissed(false)
                }}
              >
                {/* The whole band answers the pointer, and shades under it when active. */}
                <rect
                  x={x}
                  y={TOP}
                  width={band}
                  height={plotHeight}
                  fill={active === i ? 'var(--muted)' : 'transparent'}
                  stroke={focused === i ? 'var(--ring)' : 'none'}
                  strokeWidth={2}
                  rx={4}
                />
                {series.map((s, k) => {
                  const v = amount(m, s.key)
                  const top = y(Math.max(0, v))
                  const h = Math.abs(y(v) - y(0))
                  const bx = start + k * barWidth + barGap / 2
                  const bw = Math.max(1, barWidth - barGap)
                  return v >= 0 ? (
                    <path key={s.key} d={barPath(bx, top, bw, h)} fill={s.color} />
                  ) : (
                    <rect key={s.key} x={bx} y={top} width={bw} height={h} fill={s.color} />
                  )
                })}
              </g>
            )
          })}
        </svg>
        {activeMonth ? (
          // What the focused month's name already says, shown: hidden from assistive technology.
          <div
            ref={tooltipRef}
            aria-hidden="true"
            data-testid="chart-tooltip"
            className="pointer-events-none absolute z-10 grid gap-1 rounded-lg border border-border bg-card px-3 py-2 text-xs text-foreground shadow-md"
            style={{ left: tooltipLeft, top: TOP, maxWidth: width }}
          >
            <p className="font-medium">{monthName(activeMonth.month, locale)}</p>
            {SERIES.map((s) => (
              <p key={s.key} className="flex items-center gap-2 whitespace-nowrap">
                <span className="size-2 shrink-0 rounded-full" style={{ background: s.color }} />
                <span>{t(s.label)}</span>
                <bdi className="ms-auto tabular-nums">
                  {formatMoney(amount(activeMonth, s.key), currency, locale)}
                </bdi>
              </p>
            ))}
          </div>
        ) : null}
      </div>
      <ChartLegend />
    </div>
  )
}

/** The two series' colours and names under the chart. */
function ChartLegend() {
  const t = useT()
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {SERIES.map((s) => (
        <li key={s.key} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-2.5 rounded-full"
            style={{ background: s.color }}
          />
          {t(s.label)}
        </li>
      ))}
    </ul>
  )
}

/**
 * The chart's room, kept while the chart itself is not drawn yet: the same height and legend,
 * so nothing moves when the bars come.
 */
export function ChartPlaceholder() {
  return (
    <div className="grid gap-3">
      <div className="w-full" style={{ height: CHART_HEIGHT }} />
      <ChartLegend />
    </div>
  )
}
