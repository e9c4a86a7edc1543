#!/usr/bin/env node
/**
 * Robustness hunt of `einvoice serve` and the CLI against hostile input (a developer tool, not part
 * of `npm test`; needs the build: `npx tsc -p tsconfig.build.json && node scripts/bundle-cli.mjs`).
 *
 * Server mode (default) starts `node bin/einvoice.js serve --max-body 4194304 --timeout 15 --workers 2`
 * for real on a free port with a fresh key store in a scratch folder (its first key, printed once on
 * stderr, is the fuzzer's key), reads the endpoints from its own /openapi.json, and sends N hostile
 * requests over raw sockets (so lengths may lie and bodies may be cut): random, truncated and
 * byte-flipped bodies (corpus XML/JSON/PDF files cut anywhere), wrong or missing Content-Type,
 * multipart with missing, duplicated, empty, unknown or oversized fields and broken boundaries,
 * non-UTF-8 and overlong UTF-8 in JSON and XML, nesting 10,000 deep, numbers like 1e400 / -0 /
 * 1e-400 and strings where numbers belong, DTDs and entities (XXE, billion laughs), invalid,
 * repeated and unknown query parameters and headers, HEAD/OPTIONS/unknown methods, wrong or lying
 * Content-Length, chunked bodies cut off, missing or bad API keys. Each answer is checked:
 *   status-500      a 500, or any 5xx but 501 DEPENDENCY_MISSING / 503 TIMEOUT
 *   no-answer       the connection closed without a response (when the request was complete)
 *   shape           the body is not the documented ApiErrorResponse / GatewayError JSON
 *   media-type      a 400 without the endpoint's error media type, another error not JSON
 *   unnamed         a 400/413 whose `details` is empty (it must name the field or offset)
 *   accepted        a 2xx to a request that must be refused (missing field, bad parameter …)
 *   ping            /ping did not answer 200 afterwards (checked every 20 requests and after cuts)
 *   rss             the server's RSS passed --max-rss MB
 *   exit            the server process exited (it is restarted to go on)
 *   logged-error    an "unexpected error" line in the server log
 * Every violation is printed with its index: the same --seed and --only INDEX replays it.
 *
 *   node scripts/server-fuzz.mjs [--seed N] [--requests N] [--concurrency N] [--kinds a,b]
 *                                [--only I,J] [--max-rss MB] [--corpus DIR] [--dump DIR] [--verbose]
 *   node scripts/server-fuzz.mjs --cli [--seed N] [--requests N] [--only I,J]
 *
 * CLI mode runs `node bin/einvoice.js <command>` for each command of `einvoice --help` with
 * hostile files (the same body mutations), `-` as standard input (cut off), and bad options, and
 * checks: exit status 0, 1 (validate/phive verdicts) or 2; on 2 a message on stderr and no stack
 * trace; no `internal error`; no output file left behind by a failed `-o FILE`.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { clearTimeout, setTimeout } from 'node:timers'
import { URL, fileURLToPath } from 'node:url'

const say = (text) => process.stdout.write(`${text}\n`)
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const BIN = join(ROOT, 'bin', 'einvoice.js')

// ---------------------------------------------------------------- arguments
const args = process.argv.slice(2)
const opt = (name, fallback) => {
  const i = args.indexOf(name)
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback
}
const flag = (name) => args.includes(name)
const SEED = Number(opt('--seed', '1'))
const REQUESTS = Number(opt('--requests', flag('--cli') ? '400' : '3000'))
const CONCURRENCY = Number(opt('--concurrency', '4'))
const MAX_RSS_MB = Number(opt('--max-rss', '1500'))
const ONLY = opt('--only', undefined)?.split(',').map(Number)
const KINDS = opt('--kinds', undefined)?.split(',')
const CORPUS = resolve(opt('--corpus', join(ROOT, '..', 'shared', 'corpus')))
const DUMP = opt('--dump', undefined)
const VERBOSE = flag('--verbose')
const MAX_BODY = 4 * 1024 * 1024

// ---------------------------------------------------------------- seeded randomness
function mulberry32(a) {
  return () => {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
/** One generator per request index: any index replays alone. */
function rngFor(index) {
  const r = mulberry32((SEED * 1_000_003 + index * 7919) | 0)
  const rnd = {
    next: r,
    int: (n) => Math.floor(r() * n),
    pick: (list) => list[Math.floor(r() * list.length)],
    chance: (p) => r() < p,
    bytes: (n) => {
      const b = Buffer.alloc(n)
      for (let i = 0; i < n; i++) b[i] = Math.floor(r() * 256)
      return b
    },
  }
  return rnd
}

// ---------------------------------------------------------------- inputs
// Links are followed (the corpus has folders of them), each folder once; dangling links are left out.
function walk(dir, out, depth = 0, walked = new Set()) {
  if (depth > 8 || !existsSync(dir)) return out
  const real = realpathSync(dir)
  if (walked.has(real)) return out
  walked.add(real)
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    let kind
    try {
      kind = statSync(p)
    } catch {
      continue
    }
    if (kind.isDirectory()) walk(p, out, depth + 1, walked)
    else if (kind.isFile()) out.push(p)
  }
  return out
}
const corpusFiles = walk(CORPUS, []).sort()
const small = (p) => statSync(p).size < 1_500_000
const XML_FILES = corpusFiles.filter((p) => p.endsWith('.xml') && small(p))
const PDF_FILES = corpusFiles.filter((p) => p.toLowerCase().endsWith('.pdf') && small(p))
const JSON_FILES = readdirSync(join(ROOT, 'samples')).filter((f) => f.endsWith('.json')).map((f) => join(ROOT, 'samples', f))
if (XML_FILES.length === 0) XML_FILES.push(join(ROOT, 'test', 'fixtures', 'xml', 'cii-odd-prefixes.xml'))
const TEMPLATE = readFileSync(join(ROOT, 'samples', 'invoice-template.mustache'), 'utf8')
const cache = new Map()
const load = (p) => {
  if (!cache.has(p)) cache.set(p, readFileSync(p))
  return cache.get(p)
}
/** A minimal PDF when the corpus has none. */
const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')

function sampleFor(kind, rnd) {
  if (kind === 'pdf') return PDF_FILES.length > 0 ? load(rnd.pick(PDF_FILES)) : TINY_PDF
  if (kind === 'json') return load(rnd.pick(JSON_FILES))
  if (kind === 'styled') return Buffer.from(JSON.stringify({ template: TEMPLATE, invoice: JSON.parse(load(rnd.pick(JSON_FILES)).toString()) }))
  return load(rnd.pick(XML_FILES))
}

/** What an input of an endpoint is, by the operation and field name. */
function inputKind(opPath, field) {
  const f = field.toLowerCase()
  if (f === 'json') return 'json'
  if (f === 'xml' || f === 'xmlvalidationresult' || f === 'inputfile') return 'xml'
  if (/pdf2pdfa|combine/i.test(opPath) && f === 'file') return 'pdf'
  if (/calculate|invoice2XML/.test(opPath)) return 'json'
  if (/styledinvoicetofx/.test(opPath)) return 'styled'
  if (/validate$|parse|extract|detach/.test(opPath) && f === 'file') return 'xml-or-pdf'
  return 'xml'
}

// ---------------------------------------------------------------- body mutations
const BILLION_LAUGHS =
  '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
  '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">' +
  '<!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;"><!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">' +
  '<!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;"><!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">' +
  '<!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>\n'
const DTDS = [
  BILLION_LAUGHS,
  '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n',
  '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY % p SYSTEM "http://127.0.0.1:1/evil.dtd"> %p;]>\n',
  '<?xml version="1.0"?>\n<!DOCTYPE r SYSTEM "http://127.0.0.1:1/evil.dtd">\n',
  '<!DOCTYPE r [<!ELEMENT r ANY><!ATTLIST r a CDATA "x">]>\n',
]
const BAD_UTF8 = [[0xff], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xf0, 0x80, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xe9], [0xf4, 0x90, 0x80, 0x80], [0xc3]]
const ODD_NUMBERS = ['1e400', '-0', '1e-400', '-1e400', '"12.5"', '"abc"', 'true', 'null', '[]', '{}', '123456789012345678901234567890', '0.1e-7', '"1,5"', '""', '-', '1.', '.5', '01', 'NaN', 'Infinity', '1e99999999999']

/** Strips an XML declaration so a DTD can go first. */
const withoutDecl = (text) => text.replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, '')

const BODY_MUTATIONS = {
  truncate: (b, rnd) => b.subarray(0, rnd.int(b.length)),
  random: (b, rnd) => rnd.bytes(rnd.pick([0, 1, 7, 100, 5000])),
  flip: (b, rnd) => {
    const c = Buffer.from(b)
    for (let k = 0; k < 1 + rnd.int(8); k++) c[rnd.int(c.length)] = rnd.int(256)
    return c
  },
  empty: () => Buffer.alloc(0),
  badUtf8: (b, rnd) => {
    const at = rnd.int(b.length)
    return Buffer.concat([b.subarray(0, at), Buffer.from(rnd.pick(BAD_UTF8)), b.subarray(at)])
  },
  utf16: (b) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(b.toString('utf8'), 'utf16le')]),
  deepJson: (b, rnd) => {
    const n = rnd.pick([10_000, 100_000])
    return rnd.chance(0.5) ? Buffer.from('['.repeat(n) + ']'.repeat(n)) : Buffer.from('{"a":'.repeat(n) + '1' + '}'.repeat(n))
  },
  deepXml: (b, rnd) => {
    const n = rnd.pick([10_000, 50_000])
    return Buffer.from('<?xml version="1.0"?>' + '<a>'.repeat(n) + '</a>'.repeat(n))
  },
  dtd: (b, rnd) => {
    const text = withoutDecl(b.toString('utf8'))
    const root = /<([A-Za-z_][\w.:-]*)/.exec(text)?.[1] ?? 'r'
    const dtd = rnd.pick(DTDS).replace(/DOCTYPE (lolz|r)/, `DOCTYPE ${root}`)
    const ref = dtd.includes('lol9') ? '&lol9;' : dtd.includes('xxe') ? '&xxe;' : ''
    // The entity reference goes into the first text node, where a parser would expand it.
    return Buffer.from(dtd + text.replace(/>([^<\s][^<]*)</, (m, t) => `>${ref}${t}<`))
  },
  numbers: (b, rnd) => {
    const text = b.toString('utf8')
    const spots = [...text.matchAll(/(:\s*)(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/g)]
    if (spots.length === 0) return Buffer.from(text)
    const m = rnd.pick(spots)
    const at = m.index + m[1].length
    return Buffer.from(text.slice(0, at) + rnd.pick(ODD_NUMBERS) + text.slice(at + m[2].length))
  },
  types: (b, rnd) => {
    // A value of another type anywhere: strings, objects and arrays swapped.
    const text = b.toString('utf8')
    const spots = [...text.matchAll(/(:\s*)("(?:[^"\\]|\\.)*"|\{|\[)/g)]
    if (spots.length === 0) return Buffer.from(text)
    const m = rnd.pick(spots)
    const at = m.index + m[1].length
    const repl = rnd.pick(['1', '{"x":1}', '[1,2]', 'null', 'true', '"x"', '-0', '1e400'])
    if (m[2] === '{' || m[2] === '[') return Buffer.from(text.slice(0, at) + repl + ',"zz":' + text.slice(at))
    return Buffer.from(text.slice(0, at) + repl + text.slice(at + m[2].length))
  },
  jsonTop: (b, rnd) => Buffer.from(rnd.pick(['[]', 'null', '"x"', '1', 'true', '{', '{"a":1}{"b":2}', '{"__proto__":{"x":1}}', '{"zfitems":{"length":1e9}}', '\uFEFF{}', ' '])),
  xmlOdd: (b, rnd) =>
    Buffer.from(
      rnd.pick([
        '<?xml version="1.0"?>',
        '<a/>',
        '<?xml version="1.1"?><a/>',
        '<?xml version="1.0" encoding="ISO-8859-1"?><a>\xe9</a>',
        '<?xml version="1.0" encoding="UTF-16"?><a/>',
        '<a xmlns:x="urn:x"><x:b/><y:c/></a>',
        '<a><![CDATA[',
        '<a>&#0;</a>',
        '<a>&#xD800;</a>',
        '<a b="1" b="2"/>',
        '<!-- only a comment -->',
        '\u0000<a/>',
      ]),
    ),
  huge: (b) => Buffer.concat([b, Buffer.alloc(MAX_BODY + 1024, 0x20)]),
}
const TEXT_ONLY = new Set(['badUtf8', 'utf16', 'numbers', 'types', 'jsonTop', 'deepJson', 'deepXml', 'dtd', 'xmlOdd'])

function mutateBody(kind, rnd, forced) {
  const base = sampleFor(kind === 'xml-or-pdf' ? (rnd.chance(0.5) ? 'pdf' : 'xml') : kind, rnd)
  const isPdf = base.subarray(0, 5).toString('latin1') === '%PDF-'
  let names = Object.keys(BODY_MUTATIONS).filter((n) => n !== 'huge')
  if (isPdf) names = names.filter((n) => !TEXT_ONLY.has(n))
  else if (kind === 'json' || kind === 'styled') names = names.filter((n) => n !== 'deepXml' && n !== 'dtd' && n !== 'xmlOdd')
  else names = names.filter((n) => n !== 'numbers' && n !== 'types' && n !== 'jsonTop' && n !== 'deepJson')
  const name = forced ?? (rnd.chance(0.15) ? 'none' : rnd.pick(names))
  return { name, body: name === 'none' ? base : BODY_MUTATIONS[name](base, rnd) }
}

// ---------------------------------------------------------------- requests
const CRLF = '\r\n'
let endpoints = []
let KEY = ''

function multipart(parts, boundary) {
  const chunks = []
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}${CRLF}${p.head ?? `Content-Disposition: form-data; name="${p.name}"${p.file ? `; filename="${p.file}"` : ''}${CRLF}Content-Type: application/octet-stream`}${CRLF}${CRLF}`))
    chunks.push(p.body)
    chunks.push(Buffer.from(CRLF))
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`))
  return Buffer.concat(chunks)
}

/** A valid value for each parameter, or an invalid one when `bad`. */
function paramValue(p, rnd, bad) {
  const s = p.schema ?? {}
  if (!bad) {
    if (s.enum) return rnd.pick(s.enum)
    if (s.type === 'boolean') return rnd.pick(['true', 'false'])
    if (p.name === 'version') return '2'
    if (p.name === 'format') return 'fx'
    if (p.name === 'profile') return 'EN16931'
    return undefined
  }
  return rnd.pick(['', 'xx', 'EN ', 'en', '%ZZ', '%C0%AF', '%00', '1e400', '-1', '99999999999999999999', 'true,false', 'yes', 'a'.repeat(5000), '%E2%80%AE', 'null', '0x2'])
}

const ALL_KINDS = ['body', 'contentType', 'multipart', 'query', 'headers', 'method', 'auth', 'length', 'chunked', 'path']

/** Builds request `index`: { kind, desc, raw: Buffer, cut?: bytes to send before closing, expect? }. */
function buildRequest(index) {
  const rnd = rngFor(index)
  const kinds = KINDS ?? ALL_KINDS
  const kind = rnd.pick(kinds)
  const ep = rnd.pick(endpoints)
  const headers = { host: '127.0.0.1', connection: 'close', authorization: `Bearer ${KEY}` }
  const query = []
  let method = ep.method.toUpperCase()
  let path = ep.path
  let mustRefuse = undefined
  const notes = []
  // Required parameters, valid unless the kind breaks them.
  for (const p of ep.params) {
    if (p.in === 'query' && (p.required || rnd.chance(0.2))) {
      const v = paramValue(p, rnd, false)
      if (v !== undefined) query.push([p.name, v])
    }
    if (p.in === 'header' && p.name !== 'USERNAME' && rnd.chance(0.1)) {
      const v = paramValue(p, rnd, false)
      if (v !== undefined) headers[p.name] = v
    }
  }
  // The body.
  let body = Buffer.alloc(0)
  let boundary = `----fuzz${rnd.int(1e9)}`
  const mpFields = ep.multipart
  if (ep.bodyType !== undefined) {
    const m = mutateBody(inputKind(ep.path, 'body'), rnd, kind === 'body' && rnd.chance(0.03) ? 'huge' : undefined)
    body = m.body
    notes.push(`body:${m.name}`)
    headers['content-type'] = ep.bodyType
  } else if (mpFields.length > 0) {
    const parts = mpFields.map((f) => {
      const m = mutateBody(inputKind(ep.path, f), rnd, kind === 'body' && rnd.chance(0.03) ? 'huge' : kind === 'body' ? undefined : 'none')
      notes.push(`${f}:${m.name}`)
      return { name: f, file: rnd.chance(0.7) ? 'in.bin' : undefined, body: m.body }
    })
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`
    if (kind === 'multipart') {
      const what = rnd.pick(['missing', 'duplicate', 'empty', 'unknown', 'noName', 'noDisposition', 'noClose', 'wrongBoundary', 'noBoundary', 'quotedBoundary', 'longBoundary', 'bareLF', 'garbage', 'oversized', 'nameCase', 'headersOnly'])
      notes.push(`multipart:${what}`)
      const target = rnd.int(parts.length)
      if (what === 'missing') {
        parts.splice(target, 1)
        mustRefuse = 'a required field is missing'
      } else if (what === 'duplicate') parts.push({ ...parts[target], body: rnd.chance(0.5) ? parts[target].body : Buffer.from('x') })
      else if (what === 'empty') {
        parts[target].body = Buffer.alloc(0)
        mustRefuse = 'a required field is empty'
      } else if (what === 'unknown') parts.push({ name: rnd.pick(['extra', 'file2', '', 'a'.repeat(300), '__proto__', 'constructor']), body: Buffer.from('zz') })
      else if (what === 'noName') parts[target].head = 'Content-Disposition: form-data; filename="x.xml"'
      else if (what === 'noDisposition') parts[target].head = 'Content-Type: text/plain'
      else if (what === 'nameCase') parts[target].name = parts[target].name.toUpperCase() === parts[target].name ? parts[target].name.toLowerCase() : parts[target].name.toUpperCase()
      else if (what === 'oversized') parts[target].body = Buffer.alloc(MAX_BODY + 4096, 0x41)
      else if (what === 'headersOnly') parts[target].head = `Content-Disposition: form-data; name="${parts[target].name}"${CRLF}X: ${'y'.repeat(20000)}`
      if (what === '__proto__') mustRefuse = undefined
      body = multipart(parts, boundary)
      if (what === 'noClose') body = body.subarray(0, body.length - boundary.length - 6)
      else if (what === 'wrongBoundary') headers['content-type'] = `multipart/form-data; boundary=other${boundary}`
      else if (what === 'noBoundary') headers['content-type'] = 'multipart/form-data'
      else if (what === 'quotedBoundary') headers['content-type'] = `multipart/form-data; boundary="${boundary}"`
      else if (what === 'longBoundary') {
        boundary = 'b'.repeat(rnd.pick([71, 200, 5000]))
        headers['content-type'] = `multipart/form-data; boundary=${boundary}`
        body = multipart(parts, boundary)
      } else if (what === 'bareLF') body = Buffer.from(body.toString('latin1').replace(/\r\n/g, '\n'), 'latin1')
      else if (what === 'garbage') body = Buffer.concat([rnd.bytes(50), body])
    } else body = multipart(parts, boundary)
  }
  // The kind's own change to the request.
  if (kind === 'contentType') {
    const ct = rnd.pick([undefined, '', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/mixed; boundary=x', 'multipart/form-data; boundary=', 'application/json; charset=latin1', 'application/xml; charset=utf-16', 'image/png', 'multipart/form-data; boundary=a; boundary=b', ';;;', 'multipart/form-data; boundary=\u00e9'])
    notes.push(`content-type:${JSON.stringify(ct)}`)
    if (ct === undefined) delete headers['content-type']
    else headers['content-type'] = ct
    if (mpFields.length > 0 && !(ct ?? '').startsWith('multipart/form-data; boundary=a')) mustRefuse = 'a multipart endpoint without a multipart Content-Type'
  } else if (kind === 'query') {
    const what = rnd.pick(['invalid', 'repeated', 'unknown', 'missing', 'encoding'])
    notes.push(`query:${what}`)
    const named = ep.params.filter((p) => p.in === 'query')
    if (what === 'invalid' && named.length > 0) {
      const p = rnd.pick(named)
      const v = paramValue(p, rnd, true)
      for (let i = query.length - 1; i >= 0; i--) if (query[i][0] === p.name) query.splice(i, 1)
      query.push([p.name, v])
      // Only values no parameter accepts: an enum's non-member, a boolean that is no boolean.
      if ((p.schema?.enum || p.schema?.type === 'boolean' || p.schema?.type === 'integer') && v !== '' && !(p.schema?.enum ?? []).includes(v.trim().toUpperCase())) mustRefuse = `query ${p.name}=${v.slice(0, 20)}`
    } else if (what === 'repeated' && named.length > 0) {
      const p = rnd.pick(named)
      query.push([p.name, paramValue(p, rnd, rnd.chance(0.5)) ?? 'x'], [p.name, paramValue(p, rnd, false) ?? 'y'])
    } else if (what === 'unknown') query.push([rnd.pick(['foo', 'LANGUAGE', '__proto__', 'a[b]', '', 'x'.repeat(3000)]), 'bar'])
    else if (what === 'missing') {
      const req = named.filter((p) => p.required)
      if (req.length > 0) {
        const p = rnd.pick(req)
        for (let i = query.length - 1; i >= 0; i--) if (query[i][0] === p.name) query.splice(i, 1)
        mustRefuse = `required query ${p.name} missing`
      }
    } else if (what === 'encoding') path += rnd.pick(['?%', '?a=%E0%A4%A', '?&&&=&', '?language', '?%00=%00', '?;'])
  } else if (kind === 'headers') {
    const what = rnd.pick(['boolHeader', 'storage', 'username', 'many', 'bigHeader', 'control'])
    notes.push(`headers:${what}`)
    const hp = ep.params.filter((p) => p.in === 'header' && p.name !== 'USERNAME')
    if (what === 'boolHeader' && hp.length > 0) {
      const p = rnd.pick(hp)
      headers[p.name] = rnd.pick(['maybe', '', '1', 'TRUE', 'true, false'])
    } else if (what === 'storage') headers[rnd.pick(['writeLocal', 'writeDropbox', 'writeS3', 'write'])] = rnd.pick(['true', 'false', 'nope', ''])
    else if (what === 'username') headers['USERNAME'] = rnd.pick(['', 'é'.repeat(10), 'x'.repeat(8000), '"; drop', '\u00ff'])
    else if (what === 'many') for (let i = 0; i < 90; i++) headers[`x-f${i}`] = String(i)
    else if (what === 'bigHeader') headers['x-big'] = 'z'.repeat(20_000)
    else if (what === 'control') headers['x-ctl'] = 'a\u0001b'
  } else if (kind === 'method') {
    method = rnd.pick(['HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'GET', 'POST', 'FOO', 'TRACE', 'PROPFIND'])
    notes.push(`method:${method}`)
  } else if (kind === 'auth') {
    const what = rnd.pick(['none', 'empty', 'basic', 'prefix', 'unknown', 'two', 'long', 'nonAscii', 'noEnv', 'lower', 'bearerOnly', 'apikeyEmpty'])
    notes.push(`auth:${what}`)
    delete headers.authorization
    const k = KEY
    if (what === 'empty') headers.authorization = ''
    else if (what === 'basic') headers.authorization = `Basic ${Buffer.from('a:b').toString('base64')}`
    else if (what === 'prefix') headers.authorization = `Bearer xx_${k.slice(3)}`
    else if (what === 'unknown') headers.apikey = k.slice(0, -4) + 'AAAA'
    else if (what === 'two') {
      headers.authorization = `Bearer ${k}`
      headers.apikey = k.slice(0, -1) + (k.endsWith('A') ? 'B' : 'A')
    } else if (what === 'long') headers.apikey = k + 'x'.repeat(10_000)
    else if (what === 'nonAscii') headers.apikey = k.slice(0, -1) + '\u00e9'
    else if (what === 'noEnv') headers.apikey = 'ei_prod_' + k.slice(8)
    else if (what === 'lower') headers.authorization = `bearer ${k}`
    else if (what === 'bearerOnly') headers.authorization = 'Bearer '
    else if (what === 'apikeyEmpty') headers.apikey = ''
    mustRefuse = what === 'lower' ? undefined : 'no valid key'
  } else if (kind === 'path') {
    path = rnd.pick([ep.path + '/', ep.path.toUpperCase(), ep.path + '/../ping', '/e-invoice//ping', ep.path + '%00', ep.path + '/x'.repeat(200), '/%E0%A4%A', '/e-invoice/' + 'a'.repeat(9000)])
    notes.push(`path:${path.slice(0, 40)}`)
  }
  const target = `/api/v1.8.2${path}${query.length > 0 ? (path.includes('?') ? '&' : '?') + query.map(([k, v]) => `${encodeURIComponent(k)}=${v.includes('%') ? v : encodeURIComponent(v)}`).join('&') : ''}`
  // Transport.
  let cut
  let framing = 'length'
  if (kind === 'length') {
    const what = rnd.pick(['longer', 'shorter', 'invalid', 'negative', 'two', 'withChunked', 'none'])
    notes.push(`length:${what}`)
    framing = what
  } else if (kind === 'chunked') {
    const what = rnd.pick(['cut', 'badSize', 'noEnd', 'ok', 'ext', 'hugeSize'])
    notes.push(`chunked:${what}`)
    framing = `chunked-${what}`
  }
  const head = [`${method} ${target} HTTP/1.1`]
  for (const [k, v] of Object.entries(headers)) head.push(`${k}: ${v}`)
  let payload = body
  if (framing === 'length') head.push(`content-length: ${body.length}`)
  else if (framing === 'longer') {
    head.push(`content-length: ${body.length + 1 + rnd.int(1000)}`)
    cut = { after: 'all', waitMs: 300 }
  } else if (framing === 'shorter') head.push(`content-length: ${rnd.int(body.length + 1)}`)
  else if (framing === 'invalid') head.push(`content-length: ${rnd.pick(['abc', '1.5', '0x10', ' ', '1 2'])}`)
  else if (framing === 'negative') head.push('content-length: -1')
  else if (framing === 'two') head.push(`content-length: ${body.length}`, `content-length: ${body.length + 1}`)
  else if (framing === 'withChunked') head.push(`content-length: ${body.length}`, 'transfer-encoding: chunked')
  else if (framing.startsWith('chunked-')) {
    head.push('transfer-encoding: chunked')
    const what = framing.slice(8)
    const size = rnd.int(body.length + 1)
    const chunk = (b, ext = '') => Buffer.concat([Buffer.from(b.length.toString(16) + ext + CRLF), b, Buffer.from(CRLF)])
    const parts = [chunk(body.subarray(0, size)), chunk(body.subarray(size))].filter((c, i) => i === 0 || body.length > size)
    if (what === 'ok') payload = Buffer.concat([...parts, Buffer.from(`0${CRLF}${CRLF}`)])
    else if (what === 'ext') payload = Buffer.concat([chunk(body, ';a=b'), Buffer.from(`0${CRLF}${CRLF}`)])
    else if (what === 'badSize') payload = Buffer.concat([Buffer.from(`zz${CRLF}`), body])
    else if (what === 'hugeSize') payload = Buffer.from(`ffffffffffffff${CRLF}abc`)
    else {
      payload = Buffer.concat(parts)
      cut = { after: rnd.int(payload.length + 1), waitMs: 200 }
      if (what === 'noEnd') cut = { after: 'all', waitMs: 300 }
    }
  }
  const raw = Buffer.concat([Buffer.from(head.join(CRLF) + CRLF + CRLF, 'latin1'), payload])
  const desc = `#${index} ${kind} ${method} ${target.slice(0, 120)}${target.length > 120 ? '…' : ''} [${notes.join(' ')}] body ${body.length} B`
  return { index, kind, method, ep, raw, headLength: raw.length - payload.length, cut, mustRefuse, desc }
}

// ---------------------------------------------------------------- HTTP over a raw socket
function send(port, raw, cut, timeoutMs = 90_000) {
  return new Promise((resolvePromise) => {
    const chunks = []
    let settled = false
    const sock = connect(port, '127.0.0.1')
    const finish = (error) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      sock.destroy()
      resolvePromise({ bytes: Buffer.concat(chunks), error })
    }
    const timer = setTimeout(() => finish('client timeout'), timeoutMs)
    sock.on('data', (c) => chunks.push(c))
    sock.on('end', () => finish())
    sock.on('close', () => finish())
    sock.on('error', (e) => {
      // A reset after the answer arrived (the server closed with body bytes unread) is fine.
      if (chunks.length > 0) finish()
      else finish(e.code ?? String(e))
    })
    sock.on('connect', () => {
      const upTo = cut === undefined || cut.after === 'all' ? raw.length : Math.max(0, cut.after)
      // In slices, stopping once an answer arrives, as curl does: a server that refuses early (413,
      // 401) and closes would otherwise reset the connection under the unread answer.
      let at = 0
      const more = () => {
        if (settled || chunks.length > 0) return
        if (at >= upTo) {
          if (cut !== undefined) setTimeout(() => finish('cut by the client'), cut.waitMs)
          return
        }
        const slice = raw.subarray(at, Math.min(upTo, at + 65536))
        at += slice.length
        sock.write(slice, (err) => (err ? undefined : more()))
      }
      more()
    })
  })
}

function parseResponse(bytes, method) {
  const end = bytes.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const lines = bytes.subarray(0, end).toString('latin1').split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? NaN)
  const headers = {}
  for (const l of lines.slice(1)) {
    const i = l.indexOf(':')
    if (i > 0) headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim()
  }
  let body = bytes.subarray(end + 4)
  if (method === 'HEAD') body = Buffer.alloc(0)
  else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const out = []
    let at = 0
    for (;;) {
      const nl = body.indexOf('\r\n', at)
      if (nl < 0) break
      const n = parseInt(body.subarray(at, nl).toString('latin1'), 16)
      if (!(n > 0)) break
      out.push(body.subarray(nl + 2, nl + 2 + n))
      at = nl + 2 + n + 2
    }
    body = Buffer.concat(out)
  } else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']))
  return { status, headers, body }
}

// ---------------------------------------------------------------- checks
const GATEWAY_CODES = new Set(['FORBIDDEN', 'MISSING_KEY', 'INVALID_KEY', 'UNKNOWN_KEY', 'ENV_MISSING', 'ENV_MISMATCH', 'KEY_REVOKED', 'KEY_EXPIRED', 'RATE_LIMITED', 'QUOTA_EXHAUSTED'])

const concrete = (mediaType) => (mediaType.includes('*') ? 'application/json' : mediaType)

function check(req, result) {
  const v = []
  const res = result.bytes.length > 0 ? parseResponse(result.bytes, req.method) : undefined
  if (res === undefined) {
    // A request the client cut off gets no answer; any other does.
    if (req.cut === undefined) v.push(['no-answer', `no response (${result.error ?? 'closed'}, ${result.bytes.length} bytes)`])
    return { v, res }
  }
  const { status, headers, body } = res
  const type = (headers['content-type'] ?? '').split(';')[0].trim()
  if (status >= 500 && !(status === 501 || status === 503)) v.push(['status-500', `${status} ${body.toString('utf8').slice(0, 200)}`])
  if (status >= 200 && status < 300 && req.mustRefuse !== undefined) v.push(['accepted', `${status} although ${req.mustRefuse}`])
  if (status < 400 || req.method === 'HEAD') return { v, res }
  if (status === 431) return { v, res }
  let json
  try {
    json = JSON.parse(body.toString('utf8'))
  } catch {
    v.push(['shape', `${status} body is not JSON: ${JSON.stringify(body.toString('latin1').slice(0, 80))} (content-type ${headers['content-type'] ?? '-'})`])
    return { v, res }
  }
  if (status === 401 || status === 403 || status === 429) {
    if (!(json.statusCode === status && typeof json.message === 'string' && GATEWAY_CODES.has(json.errorCode))) v.push(['shape', `${status} not a GatewayError: ${body.toString().slice(0, 120)}`])
    if (headers['x-error-code'] !== json.errorCode) v.push(['shape', `${status} X-Error-Code ${headers['x-error-code']} ≠ ${json.errorCode}`])
    if (type !== 'application/json') v.push(['media-type', `${status} GatewayError as ${type}`])
    return { v, res }
  }
  const shapeOk = typeof json.requestUrl === 'string' && json.httpCode === status && typeof json.errorCode === 'string' && (json.message === undefined || typeof json.message === 'string') && (json.details === undefined || (typeof json.details === 'object' && Object.values(json.details).every((d) => typeof d === 'string')))
  if (!shapeOk) v.push(['shape', `${status} not an ApiErrorResponse: ${body.toString().slice(0, 160)}`])
  // A 400 carries the endpoint's media type, but only on the endpoint's own route and method.
  // (Node's parser errors, INVALID_REQUEST, may come from bytes after the body: any of the two.)
  const ownRoute = status === 400 && req.ep.method.toUpperCase() === req.method && json.errorCode !== 'INVALID_REQUEST'
  const wantType = ownRoute ? concrete(req.ep.errorType) : 'application/json'
  if (status === 400 && !ownRoute) {
    const ok = json.errorCode === 'INVALID_REQUEST' ? ['application/json', concrete(req.ep.errorType)] : ['application/json']
    if (!ok.includes(type)) v.push(['media-type', `400 ${json.errorCode} as ${type}`])
  } else if (type !== wantType) v.push(['media-type', `${status} ${json.errorCode} as ${type}, expected ${wantType}`])
  if ((status === 400 || status === 413) && shapeOk && (json.details === undefined || Object.keys(json.details).length === 0)) v.push(['unnamed', `${status} ${json.errorCode} without details: ${json.message}`])
  return { v, res }
}

// ---------------------------------------------------------------- the server
function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) / 1024 : 0
  } catch {
    return 0
  }
}

async function startServer(dir) {
  const db = join(dir, 'keys.db')
  const fresh = !existsSync(db)
  const proc = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--db', db, '--max-body', String(MAX_BODY), '--timeout', '15', '--workers', '2'], { stdio: ['ignore', 'ignore', 'pipe'] })
  const server = { proc, log: '', exited: false, exitCode: undefined }
  proc.on('exit', (code, signal) => {
    server.exited = true
    server.exitCode = code ?? signal
  })
  const url = await new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`serve did not start: ${server.log}`)), 20_000)
    proc.stderr.on('data', (c) => {
      server.log += c.toString()
      const m = /listening on (http:\/\/\S+)/.exec(server.log)
      if (m) {
        clearTimeout(timer)
        res(m[1])
      }
    })
    proc.once('exit', () => rej(new Error(`serve exited: ${server.log}`)))
  })
  if (fresh) KEY = /^\s+(ei_test_\S+)$/m.exec(server.log)?.[1] ?? ''
  if (KEY === '') throw new Error('no key printed by serve')
  server.port = Number(new URL(url).port)
  return server
}

async function readEndpoints(port) {
  const r = parseResponse((await send(port, Buffer.from(`GET /api/v1.8.2/openapi.json HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`))).bytes, 'GET')
  const doc = JSON.parse(r.body.toString('utf8'))
  const out = []
  for (const [p, item] of Object.entries(doc.paths)) {
    const path = p.replace(/^\/api\/v1\.8\.2/, '')
    for (const [method, o] of Object.entries(item)) {
      const content = o.requestBody?.content ?? {}
      const mp = content['multipart/form-data']
      out.push({
        name: o.operationId,
        method,
        path,
        params: o.parameters ?? [],
        multipart: mp ? Object.keys(mp.schema?.properties ?? {}) : [],
        bodyType: mp ? undefined : Object.keys(content)[0],
        errorType: Object.keys(o.responses?.['400']?.content ?? { '*/*': 1 })[0],
      })
    }
  }
  return out
}

async function pingOk(port) {
  const r = await send(port, Buffer.from(`GET /api/v1.8.2/e-invoice/ping HTTP/1.1\r\nhost: x\r\nconnection: close\r\nauthorization: Bearer ${KEY}\r\n\r\n`), undefined, 20_000)
  const res = parseResponse(r.bytes, 'GET')
  return res?.status === 200 && res.body.toString() === 'pong'
}

async function serverMode() {
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-fuzz-'))
  let server = await startServer(dir)
  endpoints = await readEndpoints(server.port)
  say(`serve on port ${server.port}; ${endpoints.length} endpoints; corpus: ${XML_FILES.length} XML, ${PDF_FILES.length} PDF; seed ${SEED}`)
  const indexes = ONLY ?? Array.from({ length: REQUESTS }, (_, i) => i)
  const violations = []
  const byKind = {}
  const statuses = {}
  let peakRss = 0
  let sent = 0
  let next = 0
  const record = (kind, req, detail) => {
    violations.push({ kind, req, detail })
    byKind[kind] = (byKind[kind] ?? 0) + 1
    say(`VIOLATION ${kind}: ${detail}\n  ${req?.desc ?? ''}`)
    if (DUMP !== undefined && req !== undefined) {
      mkdirSync(DUMP, { recursive: true })
      writeFileSync(join(DUMP, `${SEED}-${req.index}.http`), req.raw)
    }
  }
  const logBefore = () => (server.log.match(/"msg":"unexpected error"/g) ?? []).length
  let loggedErrors = 0
  async function worker() {
    while (next < indexes.length) {
      const index = indexes[next++]
      const req = buildRequest(index)
      const result = await send(server.port, req.raw, req.cut)
      sent++
      const { v, res } = check(req, result)
      if (res !== undefined) statuses[res.status] = (statuses[res.status] ?? 0) + 1
      if (VERBOSE) say(`${res?.status ?? '---'} ${req.desc}${res !== undefined && res.status >= 400 ? ' ' + res.body.toString().slice(0, 160) : ''}`)
      for (const [k, d] of v) record(k, req, d)
      const errs = logBefore()
      if (errs > loggedErrors) {
        record('logged-error', req, server.log.split('\n').filter((l) => l.includes('"unexpected error"')).at(-1)?.slice(0, 400) ?? '')
        loggedErrors = errs
      }
      if (server.exited) {
        record('exit', req, `the server exited (${server.exitCode}); last log: ${server.log.slice(-400)}`)
        server = await startServer(dir)
        loggedErrors = 0
      } else if (req.cut !== undefined || sent % 20 === 0) {
        if (!(await pingOk(server.port))) record('ping', req, 'no pong after this request')
        const rss = rssMb(server.proc.pid)
        peakRss = Math.max(peakRss, rss)
        if (rss > MAX_RSS_MB) record('rss', req, `RSS ${rss.toFixed(0)} MB > ${MAX_RSS_MB} MB`)
      }
      if (sent % 250 === 0) say(`… ${sent} sent, ${violations.length} violations, RSS ${rssMb(server.proc.pid).toFixed(0)} MB`)
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, indexes.length) }, worker))
  const finalRss = rssMb(server.proc.pid)
  const alive = !server.exited && (await pingOk(server.port))
  server.proc.kill('SIGTERM')
  await new Promise((r) => (server.exited ? r() : server.proc.once('exit', r)))
  rmSync(dir, { recursive: true, force: true })
  say(`\nsent ${sent} requests (seed ${SEED}); statuses ${JSON.stringify(statuses)}`)
  say(`RSS peak ${peakRss.toFixed(0)} MB, at the end ${finalRss.toFixed(0)} MB; server alive at the end: ${alive}; exit on SIGTERM ${server.exitCode}`)
  say(`violations: ${violations.length} ${JSON.stringify(byKind)}`)
  process.exitCode = violations.length > 0 || !alive ? 1 : 0
}

// ---------------------------------------------------------------- CLI mode
const CLI_COMMANDS = [
  { cmd: 'calculate', input: 'json', out: true },
  { cmd: 'invoice2xml', input: 'json', out: true, opts: [['--format', 'fx'], ['--profile', 'EN16931'], ['--version', '2']] },
  { cmd: 'parse', input: 'xml-or-pdf', out: true },
  { cmd: 'ciitoubl', input: 'xml', out: true },
  { cmd: 'cii2ubl', input: 'xml', out: true },
  { cmd: 'validate', input: 'xml-or-pdf', out: false, verdict: true },
  { cmd: 'phive', input: 'xml', out: false, verdict: true },
  { cmd: 'report-pdf', input: 'xml', out: true },
  { cmd: 'combine', files: { '--pdf': 'pdf', '--json': 'json' }, out: true, opts: [['--format', 'fx'], ['--profile', 'EN16931'], ['--version', '2']] },
  { cmd: 'combine-xml', files: { '--pdf': 'pdf', '--xml': 'xml' }, out: true },
  { cmd: 'extract', input: 'xml-or-pdf', out: true },
  { cmd: 'detach', input: 'xml-or-pdf', out: false },
  { cmd: 'pdf2pdfa', input: 'pdf', out: true },
  { cmd: 'xmltohtml', input: 'xml', out: true },
  { cmd: 'xmltopdf', input: 'xml', out: true },
]
const BAD_OPTIONS = [['--format', 'zz'], ['--profile', ''], ['--version', '1e400'], ['--language', 'XX'], ['-l', ''], ['--jobs', '-3'], ['--vesid', 'nope'], ['--out-dir', '/proc/nonexistent'], ['--bogus'], ['-o']]

function cliMode() {
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-clifuzz-'))
  const indexes = ONLY ?? Array.from({ length: REQUESTS }, (_, i) => i)
  const byKind = {}
  let total = 0
  const record = (kind, desc, detail) => {
    byKind[kind] = (byKind[kind] ?? 0) + 1
    say(`VIOLATION ${kind}: ${detail}\n  ${desc}`)
  }
  for (const index of indexes) {
    const rnd = rngFor(index)
    const c = rnd.pick(CLI_COMMANDS)
    const what = rnd.pick(['file', 'file', 'file', 'stdin', 'options'])
    const argv = [c.cmd]
    const notes = []
    let stdin
    const writeInput = (kind, name) => {
      const m = mutateBody(kind, rnd)
      notes.push(`${name}:${m.name}`)
      const p = join(dir, `in-${index}-${name.replace(/\W/g, '')}`)
      writeFileSync(p, m.body)
      return { p, body: m.body }
    }
    if (c.files) {
      for (const [flagName, kind] of Object.entries(c.files)) {
        if (what === 'stdin' && kind !== 'pdf') {
          stdin = mutateBody(kind, rnd).body
          argv.push(flagName, '-')
          notes.push(`${flagName}:stdin`)
        } else argv.push(flagName, writeInput(kind, flagName).p)
      }
    } else if (what === 'stdin') {
      const m = mutateBody(c.input, rnd)
      // Standard input cut off: a truncated body.
      stdin = m.body.subarray(0, rnd.int(m.body.length + 1))
      notes.push(`stdin:${m.name}+cut`)
      argv.push('-')
    } else argv.push(writeInput(c.input, 'file').p)
    for (const o of c.opts ?? []) argv.push(...o)
    if (what === 'options') {
      const bad = rnd.pick(BAD_OPTIONS)
      argv.push(...bad)
      notes.push(`option:${bad.join('=')}`)
    }
    const outFile = join(dir, `out-${index}`)
    if (c.out && !argv.includes('-o')) argv.push('-o', outFile)
    const desc = `#${index} einvoice ${argv.map((a) => a.replace(dir, '$TMP')).join(' ')} [${notes.join(' ')}]`
    const r = spawnSync(process.execPath, [BIN, ...argv], { input: stdin ?? Buffer.alloc(0), timeout: 120_000, maxBuffer: 256 * 1024 * 1024 })
    total++
    const stderr = r.stderr?.toString('utf8') ?? ''
    const ok = r.status === 0 || (c.verdict && r.status === 1)
    if (r.error || r.status === null) record('crash', desc, `no exit status (${r.error?.message ?? r.signal})`)
    else if (!ok && r.status !== 2) record('exit-status', desc, `exit ${r.status}: ${stderr.slice(0, 300)}`)
    if (/\n\s+at .+:\d+:\d+\)?/.test(stderr)) record('stack-trace', desc, stderr.slice(0, 400))
    if (/internal error/i.test(stderr)) record('internal-error', desc, stderr.slice(0, 300))
    if (r.status === 2 && stderr.trim() === '') record('silent', desc, 'exit 2 with nothing on stderr')
    if (r.status !== 0 && c.out && existsSync(outFile) && !(c.verdict && r.status === 1)) record('output-left', desc, `exit ${r.status} left ${statSync(outFile).size} bytes in the -o file`)
    if (r.status !== 0) {
      const leftovers = readdirSync(dir).filter((f) => f.startsWith(`out-${index}`) && f !== `out-${index}`)
      if (leftovers.length > 0) record('output-left', desc, `temporary files left: ${leftovers.join(', ')}`)
    }
    if (VERBOSE) say(`${r.status} ${desc} ${stderr.trim().split('\n')[0]?.slice(0, 160) ?? ''}`)
    rmSync(outFile, { force: true })
    if (total % 50 === 0) say(`… ${total} commands, ${Object.values(byKind).reduce((a, b) => a + b, 0)} violations`)
  }
  rmSync(dir, { recursive: true, force: true })
  const n = Object.values(byKind).reduce((a, b) => a + b, 0)
  say(`\nran ${total} commands (seed ${SEED}); violations: ${n} ${JSON.stringify(byKind)}`)
  process.exitCode = n > 0 ? 1 : 0
}

if (flag('--cli')) cliMode()
else await serverMode()
