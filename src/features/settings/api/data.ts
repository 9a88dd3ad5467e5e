import { currentBusinessId } from '@/lib/business'
import { downloadURL } from '@/lib/download-url'
import { loadPb } from '@/lib/pocketbase/instance'

/** One stored server backup (server/internal/backup/route_backups.go). */
export interface ServerBackup {
  name: string
  size: number
  /** RFC 3339, UTC. */
  time: string
}

/** The answer of GET /api/folio/backups. */
export interface BackupStatus {
  /** Cron schedule (UTC) of the automatic backups; empty when they are off. */
  schedule: string
  /** How many automatic backups are kept. */
  keep: number
  target: 'local' | 's3'
  last: ServerBackup | null
  count: number
  /** The backups could not be listed (e.g. the S3 bucket did not answer). */
  unavailable?: boolean
  /** Whether this account is the server's operator, who may download backups. */
  operator: boolean
}

export const backupStatusQuery = (userId: string) => ({
  queryKey: ['users', userId, 'backups'] as const,
  queryFn: async () => (await loadPb()).send<BackupStatus>('/api/folio/backups', {}),
  staleTime: 0,
  meta: { silent: true },
})

/** Asks for this account's data export (rate-limited: a refusal says so) and downloads it. */
export async function downloadExport() {
  const { url } = await (
    await loadPb()
  ).send<{ url: string }>('/api/folio/export', {
    method: 'POST',
    body: { business: currentBusinessId() },
  })
  downloadURL(url)
}

/** The operator only: downloads the server's newest backup. */
export async function downloadLatestBackup() {
  const { url } = await (
    await loadPb()
  ).send<{ url: string }>('/api/folio/backups/download', {
    method: 'POST',
  })
  downloadURL(url)
}

/** The replica's state (server/internal/replica/replicator.go Status). */
export interface ReplicaState {
  /** Where the database streams (no keys). */
  where: string
  running: boolean
  /** How long the oldest write not in the replica has waited; 0 when none waits. */
  behind_seconds: number
  /** RFC 3339; the zero time when nothing was uploaded since the server started. */
  last_upload: string
  /** Why the replica refuses writes now; empty when it does not. */
  error: string
  /** RFC 3339: the start of the current outage. */
  failing_since: string
}

/** The answer of GET /api/folio/replica: the status for the server's operator only. */
export interface ReplicaStatus {
  operator: boolean
  configured: boolean
  status?: ReplicaState
}

export const replicaStatusQuery = (userId: string) => ({
  queryKey: ['users', userId, 'replica'] as const,
  queryFn: async () => (await loadPb()).send<ReplicaStatus>('/api/folio/replica', {}),
  staleTime: 0,
  refetchInterval: 10_000,
  meta: { silent: true },
})
