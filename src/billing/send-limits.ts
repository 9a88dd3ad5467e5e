/**
 * The send route's hourly limits, as the send dialog states them. The server enforces them
 * (server/internal/billing/decide_send_quota.go); tests/vectors/send-limits.json keeps the two
 * in step.
 */
export const SEND_LIMITS = { perAccountHour: 20, perDocumentHour: 3 } as const
