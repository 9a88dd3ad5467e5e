// React 18 and later have useSyncExternalStore built in. wouter and @xstate/react import it from
// the `use-sync-external-store` shim, written for older Reacts: vite.config.ts points the shim's
// paths here and at the package's own with-selector build (which reads React's hook), so no
// first visit ships the shim's fallback (~1.3 KB of CommonJS in the sign-in page's chunks).
export { useSyncExternalStore } from 'react'
