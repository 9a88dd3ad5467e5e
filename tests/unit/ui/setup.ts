import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Every test renders inside StrictMode, as the app does (src/main.tsx): React renders each
// component twice and mounts each effect twice, so an impure render or an effect without a
// cleanup fails here. React Testing Library wraps renders, events and waits in act() by itself.
configure({ reactStrictMode: true })

afterEach(() => cleanup())
