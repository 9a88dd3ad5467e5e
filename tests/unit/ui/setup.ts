import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/preact'
import { configure } from '@testing-library/dom'
import { act } from 'preact/test-utils'
import { afterEach } from 'vitest'

// The app renders with Preact (vite.config.ts aliases React to preact/compat), and so do the tests.
// user-event drives the newer copy of DOM testing library, which Preact's testing library does not
// configure: each event, and each wait, runs inside Preact's act(), so renders and effects are done
// before the test looks.
configure({
  asyncWrapper: async (cb) => {
    let result: unknown
    await act(() => {
      result = cb()
    })
    return result
  },
  eventWrapper: (cb) => {
    let result: unknown
    act(() => {
      result = cb()
    })
    return result
  },
})

// Unmounting runs the passive effects' cleanups after the paint (Preact 11, as React): inside act()
// they run before the test ends, not on a timer that fires once the test's document is gone.
afterEach(() => {
  act(() => {
    cleanup()
  })
})
