// `npm run release`: one static binary per platform, the app inside, into release/ with
// SHA256SUMS. `-- --only=linux/amd64,linux/arm64` builds some of them. The web app is built
// first when its sources are newer than dist/.
import { relative } from 'node:path'
import { buildRelease, buildWeb, releaseTargets, root, webStale } from './lib.mjs'

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length)
const targets = only ? only.split(',') : releaseTargets
const unknown = targets.filter((t) => !releaseTargets.includes(t))
if (unknown.length > 0) {
  console.error(`Unknown target ${unknown.join(', ')}; known: ${releaseTargets.join(', ')}`)
  process.exit(1)
}

if (webStale()) await buildWeb()
const built = await buildRelease(targets)
for (const b of built) {
  const mb = (b.bytes / 1024 / 1024).toFixed(1)
  console.log(`${relative(root, b.path)}  ${mb} MB  built in ${b.seconds.toFixed(1)} s`)
}
console.log('release/SHA256SUMS (check with: sha256sum -c SHA256SUMS)')
