import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval'
import { useLeaveGuard } from './leave-guard'

/**
 * What was typed in a form and not saved yet, kept on this device (IndexedDB, under a key that
 * starts with the user's id) so leaving the page — a link, Back, a reload, a crash — loses
 * nothing: opening the form again offers to restore it. It is private data: signing out wipes
 * every draft (`wipeDrafts`, called by the data session's sign-out cleanup).
 */
const SAVE_DELAY_MS = 250

/** A kept draft: the form's values, and when they were typed. */
export interface KeptDraft<T> {
  values: T
  savedAt: number
}

let store: UseStore | null = null
const db = () => (store ??= createStore('folio-drafts', 'drafts'))

/** Reads, writes and deletes never break the form: without storage it works, keeping nothing. */
const quietly = <R>(work: () => Promise<R>): Promise<R | undefined> => work().catch(() => undefined)

/** Deletes every kept draft on this device (signing out). */
export function wipeDrafts(): Promise<void> {
  return quietly(() => clear(db())).then(() => undefined)
}

/**
 * Keeps a form's values as a draft under `key` while they differ from `initial`, and offers a
 * kept draft back when the form opens again (`offer`: restore or discard it; nothing is kept
 * over it until the user chooses). While the form holds unsaved changes, leaving it asks first
 * (in-app navigation and the browser's own). `clear` drops the draft once the form is saved.
 */
export function useDraft<T>(key: string | null, values: T, setValues: (v: T) => void, initial: T) {
  const [offer, setOffer] = useState<KeptDraft<T> | null>(null)
  const initialJson = useRef(JSON.stringify(initial))
  /** Until the kept draft was read (and, if offered, restored or discarded), nothing is saved. */
  const ready = useRef(false)
  const saved = useRef(false)
  const latest = useRef(values)
  useLayoutEffect(() => {
    latest.current = values
  }, [values])

  useEffect(() => {
    if (!key) return
    let live = true
    void quietly(() => get<KeptDraft<T>>(key, db())).then((kept) => {
      if (!live) return
      if (kept && JSON.stringify(kept.values) !== initialJson.current) setOffer(kept)
      else ready.current = true
    })
    return () => {
      live = false
    }
  }, [key])

  useEffect(() => {
    if (!key || !ready.current || saved.current) return
    const json = JSON.stringify(values)
    const timer = setTimeout(() => {
      if (saved.current) return
      if (json === initialJson.current) void quietly(() => del(key, db()))
      else void quietly(() => set(key, { values, savedAt: Date.now() }, db()))
    }, SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [key, values, offer])

  const unsaved = useCallback(
    () => !saved.current && JSON.stringify(latest.current) !== initialJson.current,
    [],
  )
  useLeaveGuard(unsaved)

  return {
    /** A draft kept from before, not restored yet (null: none). */
    offer,
    /** Brings the kept draft's values back into the form. */
    restore: () => {
      if (!offer) return
      setValues(offer.values)
      setOffer(null)
      ready.current = true
    },
    /** Drops the kept draft; the form keeps what it shows. */
    discard: () => {
      if (key) void quietly(() => del(key, db()))
      setOffer(null)
      ready.current = true
    },
    /**
     * The form is being saved: its draft goes, and nothing more is kept or guarded (call it
     * before the save, which may navigate to the saved record).
     */
    clear: () => {
      saved.current = true
      if (key) void quietly(() => del(key, db()))
    },
    /** The save was refused: what the form shows is kept (and guarded) again. */
    keep: () => {
      saved.current = false
      ready.current = true
      const values = latest.current
      if (key && JSON.stringify(values) !== initialJson.current)
        void quietly(() => set(key, { values, savedAt: Date.now() }, db()))
    },
  }
}
