import { describe, expect, it } from 'vitest'
import { niceStep, niceTicks } from '@/lib/ticks'

describe('niceStep: the round step at or above a raw one', () => {
  it.each([
    [1, 1],
    [0.7, 1],
    [1.2, 2],
    [2, 2],
    [2.0000000001, 2],
    [3, 5],
    [5, 5],
    [6, 10],
    [43, 50],
    [1999, 2000],
    [0.013, 0.02],
  ])('%s → %s', (raw, step) => {
    expect(niceStep(raw)).toBeCloseTo(step, 12)
  })
  it('falls back to 1 for nothing, negatives and infinities', () => {
    expect(niceStep(0)).toBe(1)
    expect(niceStep(-3)).toBe(1)
    expect(niceStep(Number.NaN)).toBe(1)
    expect(niceStep(Number.POSITIVE_INFINITY)).toBe(1)
  })
})

describe('niceTicks: round ticks from zero (or below) to at or above the highest value', () => {
  it.each<[number, number, number[]]>([
    [0, 100, [0, 20, 40, 60, 80, 100]],
    [0, 97, [0, 20, 40, 60, 80, 100]],
    [0, 101, [0, 50, 100, 150]],
    [0, 21_995.5, [0, 5000, 10_000, 15_000, 20_000, 25_000]],
    [0, 3, [0, 1, 2, 3]],
    [0, 0.37, [0, 0.1, 0.2, 0.3, 0.4]],
    [12, 48, [0, 10, 20, 30, 40, 50]],
    [-30, 70, [-40, -20, 0, 20, 40, 60, 80]],
    [-5, -1, [-5, -4, -3, -2, -1, 0]],
  ])('%s..%s → %j', (min, max, ticks) => {
    expect(niceTicks(min, max)).toEqual(ticks)
  })
  it('always holds zero, starts and ends on the range, and steps evenly', () => {
    for (const max of [1, 7, 99, 1234.5, 987_654, 0.05]) {
      const ticks = niceTicks(0, max)
      expect(ticks[0]).toBe(0)
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max)
      expect(ticks.length).toBeGreaterThanOrEqual(3)
      expect(ticks.length).toBeLessThanOrEqual(11)
      const step = ticks[1]! - ticks[0]!
      ticks.forEach((t, i) => expect(t).toBeCloseTo(i * step, 9))
    }
  })
  it('gives an axis of one unit when every value is zero, and for non-numbers', () => {
    expect(niceTicks(0, 0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1])
    expect(niceTicks(Number.NaN, Number.NaN)).toEqual([0, 1])
  })
  it('never steps finer than the smallest step asked for (one cent, one yen)', () => {
    expect(niceTicks(0, 3, 5, 1)).toEqual([0, 1, 2, 3])
    expect(niceTicks(0, 1, 5, 1)).toEqual([0, 1])
    expect(niceTicks(0, 100, 5, 1)).toEqual([0, 20, 40, 60, 80, 100])
  })
  it('takes the number of ticks asked for as a hint', () => {
    expect(niceTicks(0, 100, 2)).toEqual([0, 50, 100])
    expect(niceTicks(0, 100, 10)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
  })
})
