/**
 * The reports' routes (server/internal/reports): each report as JSON for the screens, and the
 * CSVs and the accountant's zip as downloads.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { currentBusinessId } from '@/lib/business'
import { downloadURL } from '@/lib/download-url'
import { loadPb } from '@/lib/pocketbase/instance'
import { downloadBlob } from './csv'
import { dashboardKey } from './queries'
import type { AgingReport, ProfitReport, ReportPeriod, VATReport } from './reports'

export const REPORTS_PATH = '/api/folio/reports'

export interface ReportAnswers {
  vat: VATReport
  profit: ProfitReport
  aging: AgingReport
}
export type ReportName = keyof ReportAnswers

/** The answer of GET /api/folio/reports/{name}. */
export interface ReportAnswer<N extends ReportName> {
  period: ReportPeriod
  /** The business's today (its time zone): the aging's day. */
  today: string
  report: ReportAnswers[N]
}

/** A period as the routes take it: a kind and a day in it, or a range of days. */
export type ReportRange = { period: string; date: string } | { from: string; to: string }

/** Under ['dashboard'], so every write and realtime update refreshes the figures. */
export const reportQuery = <N extends ReportName>(name: N, range: ReportRange) =>
  queryOptions({
    queryKey: [...dashboardKey, 'reports', name, range] as const,
    queryFn: async (): Promise<ReportAnswer<N>> => {
      const pb = await loadPb()
      return pb.send<ReportAnswer<N>>(`${REPORTS_PATH}/${name}`, {
        query: { business: currentBusinessId(), ...range },
      })
    },
    placeholderData: keepPreviousData,
  })

const fileNameOf = (disposition: string | null, fallback: string): string =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback

/**
 * Downloads a report's CSV with the signed-in person's token, under the file name the server
 * gives. Rejects when the server refuses.
 */
export async function downloadReport(
  name: ReportName,
  range: ReportRange,
  fallback: string,
): Promise<void> {
  const pb = await loadPb()
  const query = new URLSearchParams({ business: currentBusinessId(), ...range, format: 'csv' })
  const res = await fetch(`${pb.buildURL(`${REPORTS_PATH}/${name}`)}?${query.toString()}`, {
    headers: { Authorization: pb.authStore.token },
  })
  if (!res.ok) throw new Error(`The download was refused (${res.status}).`)
  downloadBlob(fileNameOf(res.headers.get('Content-Disposition'), fallback), await res.blob())
}

/**
 * Downloads the accountant's zip of a period: the server checks the request and hands out a
 * one-time URL, which the browser saves with a plain GET, so a large quarter streams straight to
 * disk. Rejects when the server refuses.
 */
export async function downloadZip(range: ReportRange): Promise<void> {
  const pb = await loadPb()
  const { url } = await pb.send<{ url: string }>(`${REPORTS_PATH}/zip`, {
    method: 'POST',
    query: { business: currentBusinessId(), ...range },
  })
  downloadURL(pb.buildURL(url))
}
