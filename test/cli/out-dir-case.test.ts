/**
 * --out-dir on a file system that folds case (macOS and Windows by default): `A.json` and `a.json`
 * are one file there, so two outputs of those names must not silently replace each other. The
 * planning is tested directly; the whole CLI on a real case-folding mount (FUSE,
 * test/helpers/case-folding-fs.py) where this machine can mount one.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileKey, foldsCase, outDirTargets } from '../../commands/inputs.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { cli, tempDir } from '../helpers/cli.js'

describe('--out-dir planning with case folding', () => {
  const sources = [{ name: '/in/A.json' }, { name: '/in/a.json' }, { name: '/in/b.json' }]
  const pathFor = (s: { name: string }): string => s.name.replace('/in/', '/out/')

  it('takes A.json and a.json for two files where the file system keeps case apart', () => {
    const targets = outDirTargets(sources, pathFor, false)
    expect([...targets.values()].map((t) => t.refusal)).toEqual([undefined, undefined, undefined])
  })

  it('refuses the second of A.json and a.json where the file system folds case, naming both', () => {
    const targets = outDirTargets(sources, pathFor, true)
    expect(targets.get(sources[0]!)?.refusal).toBeUndefined()
    expect(targets.get(sources[1]!)?.refusal).toBe('its output /out/a.json would also be the output of /in/A.json in this run; give the inputs different names or run them separately')
    expect(targets.get(sources[2]!)?.refusal).toBeUndefined()
  })

  it('refuses an output that is its input in another case, where case folds', () => {
    const input = [{ name: '/in/x.json' }]
    expect(outDirTargets(input, () => '/IN/x.json', false).get(input[0]!)?.refusal).toBeUndefined()
    expect(outDirTargets(input, () => '/IN/x.json', true).get(input[0]!)?.refusal).toMatch(/would replace the input itself/)
  })

  it('folds case and Unicode composition only where asked', () => {
    expect(fileKey('Re\u0301chnung.JSON', true)).toBe(fileKey('R\u00e9chnung.json', true))
    expect(fileKey('A.json', false)).not.toBe(fileKey('a.json', false))
  })

  it('foldsCase answers what the folder does with a name in another case, and leaves no probe behind', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'case-check'), '')
    const expected = existsSync(join(dir, 'CASE-CHECK'))
    rmSync(join(dir, 'case-check'))
    expect(await foldsCase(dir)).toBe(expected)
    expect(readdirSync(dir)).toEqual([])
    expect(await foldsCase(join(dir, 'missing'))).toBe(false)
    rmSync(dir, { recursive: true })
  })
})

/** A Python with fusepy, and /dev/fuse: what mounting the case-folding view needs. */
function fusePython(): string | undefined {
  if (!existsSync('/dev/fuse') || process.platform !== 'linux') return undefined
  return ['/usr/bin/python3', 'python3'].find((python) => spawnSync(python, ['-c', 'import fusepy'], { stdio: 'ignore' }).status === 0)
}

const python = fusePython()
if (python === undefined) process.stderr.write('\n[skip] out-dir-case: no FUSE mount here (needs /dev/fuse and python3-fusepy)\n')

describe.skipIf(python === undefined)('--out-dir on a case-folding file system (FUSE mount)', () => {
  let root: string
  let mountPoint: string
  let fuse: ChildProcess | undefined
  let mounted = false

  beforeAll(async () => {
    root = tempDir()
    mountPoint = join(root, 'mnt')
    mkdirSync(join(root, 'backing'))
    mkdirSync(mountPoint)
    fuse = spawn(python as string, [join(PACKAGE_ROOT, 'test', 'helpers', 'case-folding-fs.py'), join(root, 'backing'), mountPoint], { stdio: 'ignore' })
    for (let i = 0; i < 100 && !mounted; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      mounted = readFileSync('/proc/mounts', 'utf8').includes(` ${mountPoint} `)
    }
  })

  afterAll(() => {
    if (mounted && spawnSync('fusermount3', ['-u', mountPoint]).status !== 0) spawnSync('umount', [mountPoint])
    fuse?.kill()
    rmSync(root, { recursive: true, force: true })
  })

  it('is mounted, and folds case', async () => {
    expect(mounted).toBe(true)
    expect(await foldsCase(mountPoint)).toBe(true)
  })

  it('calculate writes A.json, refuses a.json naming both, and keeps the first result', async () => {
    const inputs = join(root, 'in')
    mkdirSync(inputs)
    writeFileSync(join(inputs, 'Invoice.json'), readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json')))
    writeFileSync(join(inputs, 'invoice.json'), readFileSync(join(PACKAGE_ROOT, 'samples', 'multi-rate.json')))
    const outDir = join(mountPoint, 'calculated')
    const r = await cli(['calculate', join(inputs, 'Invoice.json'), join(inputs, 'invoice.json'), '--out-dir', outDir])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`invoice.json: its output ${join(outDir, 'invoice.json')} would also be the output of ${join(inputs, 'Invoice.json')}`)
    expect(readdirSync(outDir)).toEqual(['Invoice.json'])
    const first = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json'), 'utf8')) as { number: string }
    expect((JSON.parse(readFileSync(join(outDir, 'Invoice.json'), 'utf8')) as { number: string }).number).toBe(first.number)
  })

  it('detach gives attachments named A.txt and a.txt two files', async () => {
    const attachment = (file: string, text: string): string =>
      `<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>1</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode>` +
      `<ram:AttachmentBinaryObject mimeCode="text/plain" filename="${file}">${Buffer.from(text).toString('base64')}</ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>`
    const xml =
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
      'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">' +
      `<rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeAgreement>${attachment('A.txt', 'upper')}${attachment('a.txt', 'lower')}` +
      '</ram:ApplicableHeaderTradeAgreement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>'
    const outDir = join(mountPoint, 'attachments')
    const r = await cli(['detach', '-', '--out-dir', outDir], { stdin: xml })
    expect(r.code, r.stderr).toBe(0)
    expect(readdirSync(outDir).sort()).toEqual(['A.txt', 'a (2).txt'])
    expect(readFileSync(join(outDir, 'A.txt'), 'utf8')).toBe('upper')
    expect(readFileSync(join(outDir, 'a (2).txt'), 'utf8')).toBe('lower')
  })
})
