// `npm run chart`: writes machines/auth/auth.chart.json, the auth chart as plain data, for people
// without a toolchain and for the Stately editor (Import, wrapped as `createMachine(<the JSON>)`).
//
// The JSON is the chart's config as written in auth.machine.ts (states, on, invoke with onDone /
// onError, after, tags, descriptions, the initial context), with the code taken out: named
// actions, guards, actors and delays keep their names and static params; computed params and
// inputs are dropped; inline `assign`s show which fields they set. Run it after changing the
// chart and commit the result. The output depends only on the source, so running it twice
// changes nothing.
import { readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { runnerImport } from 'vite'
import { createMachine } from 'xstate'
import { root } from './lib.mjs'

const source = join(root, 'machines', 'auth', 'auth.machine.ts')
const target = join(root, 'machines', 'auth', 'auth.chart.json')

// Node cannot import TypeScript: Vite's module runner transpiles it (xstate stays external).
const { module } = await runnerImport(source, { root, configFile: false, logLevel: 'silent' })
const machine = module.authMachine

/** The config minus code. Keys keep their source order, so the output is deterministic. */
function toData(value, key) {
  if (typeof value === 'function') {
    // xstate's built-in action creators (assign, raise, …) carry their type.
    if (typeof value.type === 'string') {
      const action = { type: value.type }
      if (
        value.type === 'xstate.assign' &&
        value.assignment &&
        typeof value.assignment === 'object'
      )
        action.params = Object.fromEntries(
          Object.entries(value.assignment).map(([k, v]) => [
            k,
            typeof v === 'function' ? '(computed)' : toData(v),
          ]),
        )
      return action
    }
    // An inline guard or action (none today) keeps a visible trace; computed params and inputs go.
    if (key === 'guard' || key === 'actions' || key === 'entry' || key === 'exit')
      return `inline:${value.name || 'anonymous'}`
    return undefined
  }
  if (Array.isArray(value)) return value.map((v) => toData(v, key)).filter((v) => v !== undefined)
  if (value && typeof value === 'object') {
    const out = {}
    for (const [k, v] of Object.entries(value)) {
      if (k === 'schemas') continue
      const data = toData(v, k)
      if (data !== undefined) out[k] = data
    }
    return out
  }
  return value
}

const config = toData(machine.config)

/**
 * What the chart is made of, in words: every state node (type, tags, description, invokes) and
 * every transition (source, event, guard, targets, description). Compared between the chart and
 * a machine built from the JSON, it proves the JSON lost nothing structural.
 */
function outline(m) {
  const lines = []
  const walk = (node) => {
    const invokes = node.invoke.map((i) => `${i.id}=${i.src}`).join(',')
    lines.push(`${node.id} ${node.type} [${node.tags.join(',')}] {${invokes}} ${node.description}`)
    for (const [event, branches] of node.transitions)
      for (const t of branches)
        lines.push(
          `  ${node.id} ${event} ?${t.guard?.type ?? ''} -> ${(t.target ?? []).map((s) => s.id)} ` +
            `${t.description ?? ''}`,
        )
    Object.values(node.states).forEach(walk)
  }
  walk(m.root)
  return lines.sort().join('\n')
}

const copy = createMachine(JSON.parse(JSON.stringify(config)))
if (outline(copy) !== outline(machine)) {
  console.error('chart: the JSON does not rebuild the same chart:')
  const want = outline(machine).split('\n')
  const got = new Set(outline(copy).split('\n'))
  want.filter((l) => !got.has(l)).forEach((l) => console.error(`  missing: ${l}`))
  process.exit(1)
}

const options = { ...(await resolveConfig(target)), filepath: target }
const json = await format(JSON.stringify(config, null, 2), options)
const name = relative(root, target)
if (existsSync(target) && readFileSync(target, 'utf8') === json) {
  console.log(`${name}: unchanged`)
} else {
  writeFileSync(target, json)
  console.log(`${name}: written (${json.length} B)`)
}
