import { buildServer } from './lib.mjs'

await buildServer()
