/**
 * Builds dist/cli.cjs: the CLI (dist/commands/main.js and everything it imports, dynamic imports
 * included) as ONE CommonJS function that commands/cli-loader.ts compiles with V8's code cache.
 * A cold `einvoice validate` then skips resolving, reading and compiling ~110 ES modules one by one.
 * Run after `tsc -p tsconfig.build.json`; the loader ignores the bundle once any of its inputs in
 * dist/ is newer than it, so a later plain `tsc` build is never shadowed by a stale bundle.
 *
 * The file is `//einvoice-cli-bundle {header}` on the first line, then
 * `(function (exports, require, module, __filename, __dirname, __einvoiceModulesRun) {"use strict"; … })`.
 * The header names the content hash (the code cache's key), the dist/ files it was built from with
 * their sizes and the CLI's command names.
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Script } from 'node:vm'
import { build } from 'esbuild'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const DIST = join(ROOT, 'dist')
const OUT = join(DIST, 'cli.cjs')
const MARK = '//einvoice-cli-bundle '

/**
 * Loaded by `require` at run time instead of bundled: native code (better-sqlite3), packages that
 * read their own files beside their modules (pdfkit's ICC profile and font metrics, pino's
 * transport workers, playwright-core's browser scripts). None of them is on the path of a cold
 * `validate` of an XML file.
 */
const EXTERNAL = ['better-sqlite3', 'playwright-core', 'pdfkit', 'pino', 'thread-stream']

/**
 * Bundled packages that name __dirname/__filename, each reviewed: the use does not locate a file
 * of the package. Any other bundled package that does fails the build, to be reviewed (add it here)
 * or made external.
 */
const REVIEWED_DIRNAME_USE = new Map([
  ['commander', 'only in a doc comment (executableDir)'],
  ['ioredis', 'trims its own frames from error stacks'],
])

/**
 * Our modules keep their own `import.meta.url`: each occurrence becomes the URL of the module's
 * file in dist/, computed from the bundle's location at run time, so paths resolved beside a module
 * (the validate and server worker scripts, package.json) are the same as in the ESM build.
 */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, (args) => {
      if (!args.path.startsWith(DIST + sep)) return undefined
      const path = relative(DIST, args.path).split(sep).join('/')
      const contents = readFileSync(args.path, 'utf8').replace(/\bimport\.meta\.url\b/g, `__einvoiceModuleUrl(${JSON.stringify(path)})`)
      return { contents, loader: 'js' }
    })
  },
}

/**
 * commander requires node:child_process at load for one purpose, starting executable
 * subcommands, which this CLI has none of. Loading it (with net, dgram and ~40 internal modules)
 * cost every cold run a few ms of CPU; commander gets a `spawn` that loads it on first call.
 */
const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'einvoice-lazy' } : undefined,
    )
    b.onLoad({ filter: /.*/, namespace: 'einvoice-lazy' }, () => ({
      contents: 'let loaded; module.exports = { spawn: (...args) => (loaded ??= require("node:child_process")).spawn(...args) };',
      loader: 'js',
    }))
  },
}

/**
 * A dynamic import stays a real `import()` in esbuild's CommonJS output, which a script compiled by
 * node:vm cannot run ("A dynamic import callback was not specified"): a built-in loaded only when
 * needed (`await import('node:worker_threads')` for a batch on several threads) or an external
 * package (`await import('playwright-core')` when `styled` starts Chromium). Each becomes a lazy
 * `require`, loaded at the same moment.
 */
const lazyRequires = {
  name: 'lazy-requires',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' && (args.path.startsWith('node:') || EXTERNAL.includes(args.path)) ? { path: args.path, namespace: 'einvoice-require' } : undefined,
    )
    b.onLoad({ filter: /.*/, namespace: 'einvoice-require' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)})`, loader: 'js' }))
  },
}

const result = await build({
  entryPoints: [join(DIST, 'commands', 'main.js')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20.19',
  external: EXTERNAL,
  // A one-byte (Latin-1) string reads and hashes fastest; the loader reads the file as latin1.
  charset: 'ascii',
  legalComments: 'none',
  // Whitespace only: identifiers stay readable in stack traces.
  minifyWhitespace: true,
  plugins: [ownImportMetaUrl, lazyChildProcessForCommander, lazyRequires],
  metafile: true,
  write: false,
  logLevel: 'silent',
})

/**
 * Direct `eval`s reviewed: each compiles a function again from its own source text, in the scope
 * where that function was made, so names are the bundle's own on both sides.
 */
const REVIEWED_DIRECT_EVAL = new Map([['dist/src/json/read-json-payload.js', 'ownCopy: a reader closure compiled again for feedback of its own']])

const problems = result.warnings
  .filter((w) => !(w.text.startsWith('Using direct eval') && REVIEWED_DIRECT_EVAL.has(w.location?.file ?? '')))
  .map((w) => `${w.location?.file ?? '?'}: ${w.text}`)
const inputs = []
/** Folder of each npm package whose code is in the bundle (its licence travels with it). */
const bundledPackages = new Map()
for (const path of Object.keys(result.metafile.inputs)) {
  const file = resolve(ROOT, path)
  if (file.startsWith(DIST + sep)) {
    inputs.push(relative(DIST, file).split(sep).join('/'))
    continue
  }
  const folder = /^(.*node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file)?.[1]
  const pkg = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(path)?.[1]
  if (folder !== undefined && pkg !== undefined) bundledPackages.set(pkg.split(sep).join('/'), folder)
  if (pkg === undefined || REVIEWED_DIRNAME_USE.has(pkg)) continue
  const text = readFileSync(file, 'utf8')
  if (/\b__dirname\b|\b__filename\b|\bimport\.meta\b|\brequire\.resolve\b/.test(text)) problems.push(`${path}: locates files beside itself; make "${pkg}" external or review it`)
}
const code = result.outputFiles[0]?.text
if (code === undefined) problems.push('esbuild wrote no output')
else if (/[\u0080-\uffff]/.test(code)) problems.push('the bundle is not pure ASCII')
// A dynamic import left in the bundle fails when it runs (see lazyRequires): none may be left.
else for (const m of code.matchAll(/\bimport\(\s*["'`][^"'`]*["'`]\s*\)/g)) problems.push(`a dynamic import is left in the bundle: ${m[0]} (make it a require, see lazyRequires)`)
if (problems.length > 0) {
  process.stderr.write(`bundle-cli: dist/cli.cjs not written:\n  ${problems.join('\n  ')}\n`)
  process.exit(1)
}

/**
 * esbuild's `__esm` helper runs an ES module's top level on first import. It also adds the
 * module's name to `__einvoiceModulesRun` (a Set from the loader, the function's sixth argument):
 * the loader rewrites a command's code cache when a run reached modules the cache has not seen (a
 * first Factur-X file after a cache written by a UBL run), see commands/cli-loader.ts.
 */
const ESM_HELPER = /var __esm=\((\w+),(\w+),(\w+)\)=>function __init\(\)\{if\(\3\)throw \3\[0\];try\{return \1&&\(/
let tracked = code?.replace(ESM_HELPER, (helper, fn) => `${helper}__einvoiceModulesRun?.add(__getOwnPropNames(${fn})[0]),`) ?? ''
if (tracked === code) {
  // Another esbuild: the bundle still works, its caches are then written by a command's first run only.
  process.stderr.write("bundle-cli: esbuild's __esm helper changed (update ESM_HELPER): modules run are not tracked\n")
  tracked = code
}

const { COMMAND_NAMES } = await import(pathToFileURL(join(DIST, 'commands', 'main.js')).href)
/**
 * The function is strict, as the ES modules it is made of are: esbuild's own "use strict" comes
 * after code of ours would be no directive at all, so it is written first here. A sloppy bundle
 * changed the language under our modules and made the reader copies' direct `eval` sloppy: every
 * name they use was then looked up at run time (the server's calculate took ~30 % more CPU).
 */
const MODULE_URL = 'var __einvoiceModuleUrl = (p) => require("node:url").pathToFileURL(require("node:path").join(__dirname, p)).href;'
const body = `(function (exports, require, module, __filename, __dirname, __einvoiceModulesRun) {"use strict";${MODULE_URL}${tracked}\n})`
if (Object.hasOwn(new Script(body).runInThisContext(), 'caller')) {
  process.stderr.write('bundle-cli: dist/cli.cjs not written: its function is not strict\n')
  process.exit(1)
}
inputs.sort()
// Sizes let the loader tell a changed input where file times cannot (an npm install: see bundleIsFresh).
const sizes = inputs.map((input) => statSync(join(DIST, input)).size)
const header = { hash: createHash('sha256').update(body).digest('hex').slice(0, 32), inputs, sizes, commands: COMMAND_NAMES }
const tmp = `${OUT}.${process.pid}.tmp`
writeFileSync(tmp, `${MARK}${JSON.stringify(header)}\n${body}`)
renameSync(tmp, OUT)
writeLicences(bundledPackages)

/**
 * dist/cli-licenses.txt: each npm package whose code the bundle carries, with its version, licence
 * and licence text (MIT and the like ask that the notice go with every copy; esbuild's legal
 * comments would keep only the few written into the sources). THIRD_PARTY_NOTICES.md points here.
 */
function writeLicences(packages) {
  const parts = []
  for (const [name, folder] of [...packages].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'))
    const licenceFile = readdirSync(folder).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f))
    const text = licenceFile === undefined ? `(no licence file in the package; package.json says ${manifest.license ?? 'nothing'})` : readFileSync(join(folder, licenceFile), 'utf8').trim()
    parts.push(`${'='.repeat(78)}\n${name} ${manifest.version} (${manifest.license ?? 'licence not stated'})\n${'='.repeat(78)}\n${text}\n`)
  }
  const head = 'Third-party code in dist/cli.cjs, the one-file bundle of the einvoice CLI (written by scripts/bundle-cli.mjs):\n\n'
  writeFileSync(join(DIST, 'cli-licenses.txt'), `${head}${parts.join('\n')}`)
}
process.stdout.write(`dist/cli.cjs: ${(statSync(OUT).size / 1e6).toFixed(1)} MB from ${inputs.length} modules of dist/ and ${Object.keys(result.metafile.inputs).length - inputs.length} of packages\n`)
