// Runs as a classic, render-blocking script in <head> (built by the `preferences-boot` plugin in
// vite.config.ts), so the theme, font and direction are applied before the first paint without an
// inline script, which the CSP forbids.
import { applyPreferences, readPreferences } from '../lib/preferences'

applyPreferences(
  document.documentElement,
  readPreferences(document.cookie, navigator.languages),
  window.matchMedia('(prefers-color-scheme: dark)').matches,
)
