import { useEffect, useRef, useState } from 'react'

/**
 * What was typed in a form and not saved yet, kept on this device (localStorage) so leaving the
 * page — a link, Back, a reload, a crash — loses nothing. It is private data: signing out wipes
 * every draft (`wipeDrafts`, called by the data session's sign-out cleanup).
 */
const PREFIX = 'folio-draft:'
const SAVE_DELAY_MS = 250

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(PREFIX + key)
    return raw ? (JSON.parse(raw) as T) : null
  } catch {
    return null
  }
}

function remove(key: string) {
  try {
    localStorage.removeItem(PREFIX + key)
  } catch {
    // Storage unavailable (private mode): there is nothing to remove.
  }
}

/** Deletes every kept draft (signing out). */
export function wipeDrafts() {
  try {
    for (const k of Object.keys(localStorage)) if (k.startsWith(PREFIX)) localStorage.removeItem(k)
  } catch {
    // Storage unavailable: no drafts were kept.
  }
}

/**
 * Keeps a form's values as a draft under `key` while they differ from `initial`, and brings a
 * kept draft back when the form opens again. `restored` says so (for a notice with Discard);
 * `clear` drops the draft once the form is saved.
 */
export function useDraft<T>(key: string | null, values: T, setValues: (v: T) => void, initial: T) {
  const [restored, setRestored] = useState<boolean>(false)
  const initialJson = useRef(JSON.stringify(initial))
  const loaded = useRef(false)
  const done = useRef(false)

  // Once, when the form opens: the kept draft, if it says something the form doesn't.
  useEffect(() => {
    if (!key || loaded.current) return
    loaded.current = true
    const kept = read<T>(key)
    if (kept && JSON.stringify(kept) !== initialJson.current) {
      setValues(kept)
      setRestored(true)
    }
  }, [key, setValues])

  useEffect(() => {
    if (!key || !loaded.current || done.current) return
    const json = JSON.stringify(values)
    const t = setTimeout(() => {
      if (json === initialJson.current) remove(key)
      else {
        try {
          localStorage.setItem(PREFIX + key, json)
        } catch {
          // Full or unavailable storage: the form still works, without a kept draft.
        }
      }
    }, SAVE_DELAY_MS)
    return () => clearTimeout(t)
  }, [key, values])

  return {
    restored,
    /** Back to the form as it opened, and no draft. */
    discard: () => {
      if (key) remove(key)
      setValues(JSON.parse(initialJson.current) as T)
      setRestored(false)
    },
    /** The form was saved: its draft goes, and nothing more is kept. */
    clear: () => {
      done.current = true
      if (key) remove(key)
    },
  }
}
